import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { cagr } from "./cagr.ts";
import { expectClose, tamePriceArb } from "./_test/helpers.ts";

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
