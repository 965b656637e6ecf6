import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { cagr } from "./cagr.ts";
import { expectClose, tamePriceArb } from "./_test/helpers.ts";
import { cagrOracle } from "./_test/cagrOracle.ts";

describe("cagr", () => {
  it("annualises the growth (hand-checked: 1.1^2 = 1.21)", () => {
    expectClose(cagr(10000, 12100, 2), 0.1, 1e-14);
    expectClose(cagr(100, 50, 1), -0.5, 1e-15);
  });

  it("compounds back to the end value", () => {
    const years = fc.double({ min: 0.5, max: 30, noNaN: true });
    fc.assert(
      fc.property(tamePriceArb, tamePriceArb, years, (start, end, y) => {
        const rate = cagr(start, end, y);
        expect(Number.isFinite(rate)).toBe(true);
        expect(rate).toBeGreaterThanOrEqual(-1);
        expectClose(start * (1 + rate) ** y, end, 1e-8);
      }),
    );
  });

  it("is exact near zero growth (log1p of the exactly computed difference, docs/maths.md#cagr)", () => {
    // 100.000001 is 100.0000009999999974752… as a double; over one year the rate is (end − start)/start exactly.
    const exact = 9.999999974752426e-9;
    expectClose(cagr(100, 100.000001, 1), exact, 1e-15);
    // Independent of logs: over 1 year r = (e − s)/s; over 2 years (1 + r)² − 1 = r(2 + r) gives it back.
    fc.assert(
      fc.property(tamePriceArb, fc.double({ min: -1e-6, max: 1e-6, noNaN: true }), (start, rel) => {
        const end = start * (1 + rel);
        const direct = (end - start) / start;
        expectClose(cagr(start, end, 1), direct, 1e-14, 1e-300);
        const r2 = cagr(start, end, 2);
        expectClose(r2 * (2 + r2), direct, 1e-14, 1e-300);
      }),
    );
  });

  it("keeps its digits on a near-total loss (ln of the ratio, not log1p of a difference close to −1)", () => {
    // Exact value, from the doubles' exact values in 60-digit decimals: −0.99480746177701927550…
    expect(cagrOracle(486.10843121839065, 1.155210871860657e-12, 6.401095140314853)).toBe(-0.9948074617770193);
    // log1p((V_end − V_start)/V_start) gave −0.9948229391526039 (1.6e-5 off).
    expect(cagr(486.10843121839065, 1.155210871860657e-12, 6.401095140314853)).toBe(-0.9948074617770193);
  });

  it("agrees with a 64-digit oracle to a few units in the last place, over gains, losses and near-equal values of any size", () => {
    const eps = Number.EPSILON;
    const value = fc.double({ min: 1e-300, max: 1e300, noNaN: true });
    const pair = fc.oneof(
      fc.tuple(value, value),
      // near zero growth, near the log1p branch's edges (halving, doubling), near-total losses
      fc
        .tuple(value, fc.double({ min: -1e-6, max: 1e-6, noNaN: true }))
        .map(([s, d]) => [s, s * (1 + d)] as [number, number]),
      fc
        .tuple(value, fc.constantFrom(0.5, 2), fc.double({ min: -1e-9, max: 1e-9, noNaN: true }))
        .map(([s, f, d]) => [s, s * f * (1 + d)] as [number, number]),
      fc
        .tuple(value, fc.double({ min: 1e-20, max: 1e-3, noNaN: true }))
        .map(([s, f]) => [s, s * f] as [number, number]),
    );
    fc.assert(
      fc.property(pair, fc.double({ min: 0.01, max: 100, noNaN: true }), ([start, end], years) => {
        if (!(end > 0 && end < Infinity)) return;
        const expected = cagrOracle(start, end, years);
        if (!(Math.abs(expected) < 1e300)) return; // the rate overflows: refused (tested below)
        // Condition of expm1 at x = ln(end/start)/years: the relative error of x is multiplied by x·e^x/(e^x − 1).
        // (x is only needed roughly here, for the tolerance.)
        const x = (Math.log(end) - Math.log(start)) / years;
        const kappa = expected === 0 ? 1 : Math.abs((x * (1 + expected)) / expected);
        const actual = cagr(start, end, years);
        const tolerance = (4 * kappa + 2) * eps * Math.abs(expected) + 1e-300;
        if (!(Math.abs(actual - expected) <= tolerance))
          expect.fail(`cagr(${start}, ${end}, ${years}) = ${actual}, oracle ${expected} (tolerance ${tolerance})`);
      }),
      { seed: 2910, numRuns: 1500 },
    );
  });

  it("is 0 when no time has passed (documented convention)", () => {
    expect(cagr(100, 100, 0)).toBe(0);
    expect(cagr(100, 200, 0)).toBe(0);
  });

  it("never overflows the ratio, and throws when the rate itself overflows", () => {
    expectClose(cagr(1e-300, 1e300, 1000), Math.expm1((600 * Math.LN10) / 1000), 1e-12);
    expect(() => cagr(1e-300, 1e300, 0.001)).toThrowError(/years is out of range/);
  });

  it("rejects out-of-range input", () => {
    expect(() => cagr(0, 1, 1)).toThrowError("startValue must satisfy 0 < startValue, got 0");
    expect(() => cagr(1, -1, 1)).toThrowError("endValue must satisfy 0 < endValue, got -1");
    expect(() => cagr(1, 1, -1)).toThrowError("years must satisfy 0 <= years, got -1");
  });
});
