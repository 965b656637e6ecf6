import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { tailRatio } from "./tailRatio.ts";
import { expectClose } from "./_test/helpers.ts";

const ret = fc.integer({ min: -30000, max: 30000 }).map((x) => x / 1e5);

/** numpy's percentile (linear), by a full sort. */
function percentile(r: number[], q: number): number {
  const s = [...r].sort((a, b) => a - b);
  const h = (s.length - 1) * q;
  const lo = Math.floor(h);
  return s[lo]! + (h - lo) * (s[Math.min(lo + 1, s.length - 1)]! - s[lo]!);
}

describe("tailRatio", () => {
  it("is |Q(c)| / |Q(1-c)| with numpy's linear percentile", () => {
    fc.assert(
      fc.property(
        fc.array(ret, { minLength: 1, maxLength: 200 }),
        fc.double({ min: 0.51, max: 0.99, noNaN: true }),
        (r, c) => {
          const left = Math.abs(percentile(r, 1 - c));
          const got = tailRatio(r, { cutoff: c });
          if (left > 1e-6) expectClose(got, Math.abs(percentile(r, c)) / left, 1e-9, 1e-12);
          expect(Number.isFinite(got) && got >= 0).toBe(true);
        },
      ),
    );
  });
  it("is scale-free and inverts under negation", () => {
    fc.assert(
      fc.property(fc.array(ret, { minLength: 2, maxLength: 200 }), fc.constantFrom(0.5, 4, 1 / 1024), (r, c) => {
        const t = tailRatio(r);
        expectClose(tailRatio(r.map((x) => x * c)), t, 1e-12, 1e-15);
        const neg = tailRatio(r.map((x) => -x));
        if (t > 1e-6 && neg > 1e-6) expectClose(neg, 1 / t, 1e-9);
      }),
    );
  });
  it("hand-checked, degenerate and bad input", () => {
    expect(tailRatio([-0.02, -0.01, 0, 0.01, 0.03], { cutoff: 0.75 })).toBe(1);
    // 21 values -0.10..0.10: Q(0.95) = 0.09, Q(0.05) = -0.09.
    expectClose(tailRatio(Array.from({ length: 21 }, (_, i) => (i - 10) / 100)), 1, 1e-12);
    expect(tailRatio([0, 0, 0.05])).toBe(0);
    expect(() => tailRatio([0.1], { cutoff: 0.5 })).toThrowError("cutoff must satisfy 0.5 < cutoff < 1, got 0.5");
    expect(() => tailRatio([])).toThrowError(/at least 1 value/);
  });
});
