import { describe, expect, it } from "vitest";
import fc from "fast-check";
import * as ss from "simple-statistics";
import { sharpeRatio } from "./sharpeRatio.ts";
import { expectClose, returnArb, returnsArb } from "./_test/helpers.ts";

/** Independent formula: simple-statistics' mean and sd of the excess returns. */
function oracle(r: number[], rf: number, p: number): number {
  const rfp = (1 + rf) ** (1 / p) - 1;
  const e = r.map((x) => x - rfp);
  return (ss.mean(e) / ss.sampleStandardDeviation(e)) * Math.sqrt(p);
}

/** Returns whose dispersion is well above rounding noise (the degenerate case is tested apart). */
const dispersedArb = returnsArb(2, 200).filter((r) => ss.sampleStandardDeviation(r) > 1e-6);

describe("sharpeRatio", () => {
  it("matches the formula computed with simple-statistics", () => {
    const rf = fc.double({ min: -0.05, max: 0.2, noNaN: true });
    const p = fc.constantFrom(252, 52, 12);
    fc.assert(
      fc.property(dispersedArb, rf, p, (r, f, q) => {
        expectClose(sharpeRatio(r, { riskFreeRate: f, periodsPerYear: q }), oracle(r, f, q), 1e-7, 1e-9);
      }),
    );
  });

  it("is unchanged when returns are scaled by c > 0 (rf = 0)", () => {
    const c = fc.double({ min: 1e-3, max: 1e3, noNaN: true });
    fc.assert(
      fc.property(dispersedArb, c, (r, k) => {
        expectClose(sharpeRatio(r.map((x) => x * k)), sharpeRatio(r), 1e-9, 1e-9);
      }),
    );
  });

  it("is 0 for a constant series, with or without a risk-free rate (documented degenerate case)", () => {
    fc.assert(
      fc.property(
        returnArb,
        fc.integer({ min: 2, max: 300 }),
        fc.double({ min: -0.5, max: 0.5, noNaN: true }),
        (x, n, rf) => {
          expect(sharpeRatio(new Array<number>(n).fill(x), { riskFreeRate: rf })).toBe(0);
        },
      ),
    );
    // Regression: a mean that rounds away from the common value used to give sd ≈ 1e-17 and a Sharpe near 1e16.
    expect(sharpeRatio([0.1, 0.1, 0.1])).toBe(0);
    expect(sharpeRatio([0.1, 0.1, 0.1 + 2 ** -55])).toBe(0);
  });

  it("defaults to 252 periods and rf 0; hand-checked weekly value", () => {
    // e = [0.02, 0, 0.02, 0]: mean 0.01, sd sqrt(4e-4/3); 0.01 / 0.011547 · sqrt(52) = sqrt(39) = 6.2449979...
    expectClose(sharpeRatio([0.02, 0, 0.02, 0], { periodsPerYear: 52 }), Math.sqrt(39), 1e-13);
    fc.assert(
      fc.property(dispersedArb, (r) => {
        expect(sharpeRatio(r)).toBe(sharpeRatio(r, { riskFreeRate: 0, periodsPerYear: 252 }));
      }),
    );
  });

  it("stays finite on extreme inputs", () => {
    const extreme = fc.double({ noNaN: true, noDefaultInfinity: true });
    fc.assert(
      fc.property(fc.array(extreme, { minLength: 2, maxLength: 30 }), (r) => {
        expect(Number.isFinite(sharpeRatio(r))).toBe(true);
      }),
    );
  });

  it("rejects bad options", () => {
    expect(() => sharpeRatio([0.1, 0.2], { riskFreeRate: -1 })).toThrowError(
      "riskFreeRate must satisfy -1 < riskFreeRate, got -1",
    );
    expect(() => sharpeRatio([0.1, 0.2], { periodsPerYear: -52 })).toThrowError(
      /periodsPerYear must satisfy 0 < periodsPerYear/,
    );
    expect(() => sharpeRatio([0.1])).toThrowError(/returns must hold at least 2 values/);
  });
});
