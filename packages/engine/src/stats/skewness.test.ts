import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { skewness } from "./skewness.ts";
import { kurtosis } from "./kurtosis.ts";
import { expectClose } from "./_test/helpers.ts";

/** Returns on a grid of 1e-5 with dispersion well above rounding noise (constant series are tested apart). */
const ret = fc.integer({ min: -30000, max: 30000 }).map((x) => x / 1e5);
const seriesArb = fc.array(ret, { minLength: 4, maxLength: 200 }).filter((r) => Math.max(...r) - Math.min(...r) > 1e-3);

/** Plain two-pass moments, the definitions of docs/maths.md#skewness-and-kurtosis. */
function moments(r: number[]): { g1: number; g2: number } {
  const n = r.length;
  const mean = r.reduce((a, b) => a + b, 0) / n;
  const m = (k: number) => r.reduce((a, x) => a + (x - mean) ** k, 0) / n;
  return { g1: m(3) / m(2) ** 1.5, g2: m(4) / m(2) ** 2 - 3 };
}

describe("skewness and kurtosis", () => {
  it("equal the moment definitions, and the adjusted estimators their closed forms", () => {
    fc.assert(
      fc.property(seriesArb, (r) => {
        const { g1, g2 } = moments(r);
        const n = r.length;
        expectClose(skewness(r), g1, 1e-9, 1e-12);
        expectClose(kurtosis(r), g2, 1e-9, 1e-12);
        expectClose(skewness(r, { convention: "quantstats" }), (g1 * Math.sqrt(n * (n - 1))) / (n - 2), 1e-9, 1e-12);
        expectClose(
          kurtosis(r, { convention: "quantstats" }),
          (((n + 1) * g2 + 6) * (n - 1)) / ((n - 2) * (n - 3)),
          1e-9,
          1e-11,
        );
        expect(skewness(r, { convention: "empyrical" })).toBe(skewness(r));
      }),
    );
  });
  it("are invariant under a positive affine map; skewness changes sign under negation", () => {
    fc.assert(
      fc.property(
        seriesArb,
        fc.constantFrom(0.5, 2, 1024, 1e-6, 3),
        fc.double({ min: -0.5, max: 0.5, noNaN: true }),
        (r, a, c) => {
          const mapped = r.map((x) => a * x + c);
          expectClose(skewness(mapped), skewness(r), 1e-7, 1e-9);
          expectClose(kurtosis(mapped), kurtosis(r), 1e-7, 1e-9);
          expectClose(skewness(r.map((x) => -x)), -skewness(r), 1e-12, 1e-14);
        },
      ),
    );
  });
  it("satisfy Pearson's inequality b2 >= 1 + g1² (so excess kurtosis >= -2)", () => {
    fc.assert(
      fc.property(seriesArb, (r) => {
        const g1 = skewness(r);
        expect(kurtosis(r) + 3).toBeGreaterThanOrEqual(1 + g1 * g1 - 1e-9);
      }),
    );
  });
  it("are 0 for a constant series and finite for extreme magnitudes (regression: powers underflow or overflow)", () => {
    fc.assert(
      fc.property(ret, fc.integer({ min: 4, max: 50 }), (x, n) => {
        const r = new Array<number>(n).fill(x);
        expect(skewness(r)).toBe(0);
        expect(kurtosis(r)).toBe(0);
      }),
    );
    const base = [1, 2, 3, 10];
    for (const c of [1e-200, 1e200, 1e-310]) {
      expectClose(skewness(base.map((x) => x * c)), skewness(base), 1e-12, 0);
      expectClose(kurtosis(base.map((x) => x * c)), kurtosis(base), 1e-12, 0);
    }
  });
  it("never mutate the input and reject bad input", () => {
    const frozen = Object.freeze([0.01, 0.02, 0.03, 0.1]);
    expectClose(skewness(frozen), 1.0182337649086284, 1e-14);
    expect(() => skewness([1, 2])).toThrowError("returns must hold at least 3 values, got 2");
    expect(() => kurtosis([1, 2, 3])).toThrowError("returns must hold at least 4 values, got 3");
    expect(() => skewness([1, 2, NaN])).toThrowError("returns[2] must be a finite number, got NaN");
    expect(() => kurtosis([1, 2, 3, 4], { convention: "pandas" as never })).toThrowError(/convention must be one of/);
  });
});
