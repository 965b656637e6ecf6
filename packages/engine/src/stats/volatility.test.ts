import { describe, expect, it } from "vitest";
import fc from "fast-check";
import * as ss from "simple-statistics";
import { volatility } from "./volatility.ts";
import { expectClose, returnsArb } from "./_test/helpers.ts";

describe("volatility", () => {
  it("is simple-statistics' sampleStandardDeviation times sqrt(periods per year)", () => {
    const ppy = fc.constantFrom(252, 52, 12, 1);
    fc.assert(
      fc.property(returnsArb(2), ppy, (r, p) => {
        expectClose(volatility(r, p), ss.sampleStandardDeviation(r) * Math.sqrt(p), 1e-8, 1e-14);
      }),
    );
  });

  it("defaults to 252 periods per year", () => {
    fc.assert(
      fc.property(returnsArb(2, 50), (r) => {
        expect(volatility(r)).toBe(volatility(r, 252));
      }),
    );
  });

  it("keeps precision for tiny returns where the variance itself underflows", () => {
    // sd of [1e-200, 3e-200] is sqrt(2)·1e-200 (hand-checked); its variance 2e-400 is below the float64 range.
    expectClose(volatility([1e-200, 3e-200], 1), Math.SQRT2 * 1e-200, 1e-12, 0);
  });

  it("rejects bad periods per year", () => {
    expect(() => volatility([0.1, 0.2], 0)).toThrowError("periodsPerYear must satisfy 0 < periodsPerYear, got 0");
    expect(() => volatility([0.1, 0.2], Number.NaN)).toThrowError(/periodsPerYear must be a finite number/);
  });
});
