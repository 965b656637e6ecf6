import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ulcerIndex } from "./ulcerIndex.ts";
import { recoveryFactor } from "./recoveryFactor.ts";
import { maxDrawdown } from "./maxDrawdown.ts";
import { expectClose } from "./_test/helpers.ts";

const navArb = fc.array(fc.integer({ min: 50, max: 150 }), { minLength: 3, maxLength: 150 });

describe("ulcerIndex", () => {
  it("is the RMS of the drawdowns after the first value, in [0, |MDD|]; quantstats' is sqrt(n/(n-1)) times it", () => {
    fc.assert(
      fc.property(navArb, (v) => {
        let peak = v[0]!;
        let sq = 0;
        for (let t = 1; t < v.length; t++) {
          peak = Math.max(peak, v[t]!);
          sq += (v[t]! / peak - 1) ** 2;
        }
        const n = v.length - 1;
        const ui = ulcerIndex(v);
        expectClose(ui, Math.sqrt(sq / n), 1e-12, 1e-15);
        expect(ui).toBeLessThanOrEqual(-maxDrawdown(v) + 1e-15);
        expectClose(ulcerIndex(v, { convention: "quantstats" }), ui * Math.sqrt(n / (n - 1)), 1e-12, 1e-15);
      }),
    );
  });
  it("is 0 for a series that never falls, and scale-free", () => {
    fc.assert(
      fc.property(navArb, fc.constantFrom(0.5, 3, 1024), (v, c) => {
        expect(ulcerIndex([...v].sort((a, b) => a - b))).toBe(0);
        expectClose(ulcerIndex(v.map((x) => x * c)), ulcerIndex(v), 1e-12, 1e-15);
      }),
    );
    expect(() => ulcerIndex([1])).toThrowError("values must hold at least 2 values, got 1");
    expect(() => ulcerIndex([1, 2], { convention: "quantstats" })).toThrowError(
      "values must hold at least 3 values, got 2",
    );
    expect(() => ulcerIndex([1, 0])).toThrowError("values[1] must be > 0, got 0");
  });
});

describe("recoveryFactor", () => {
  it("times |MDD| is the total return; quantstats' times |MDD| is |Σ r_t|", () => {
    fc.assert(
      fc.property(navArb, (v) => {
        const mdd = maxDrawdown(v);
        const rf = recoveryFactor(v);
        if (mdd === 0) {
          expect(rf).toBe(0);
          return;
        }
        expectClose(rf * -mdd, v[v.length - 1]! / v[0]! - 1, 1e-12, 1e-14);
        let sum = 0;
        for (let t = 1; t < v.length; t++) sum += v[t]! / v[t - 1]! - 1;
        expectClose(recoveryFactor(v, { convention: "quantstats" }) * -mdd, Math.abs(sum), 1e-12, 1e-14);
      }),
    );
  });
  it("hand-checked", () => {
    expectClose(recoveryFactor([100, 120, 90, 130]), 1.2, 1e-12);
    expect(recoveryFactor([1, 2, 3])).toBe(0);
  });
});
