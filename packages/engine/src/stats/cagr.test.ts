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
