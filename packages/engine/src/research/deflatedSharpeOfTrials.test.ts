import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assetReturns } from "../data/assetReturns.ts";
import { deflatedSharpeRatio, expectedMaximumSharpe } from "../stats/deflatedSharpeRatio.ts";
import { sampleVariance } from "../stats/sampleVariance.ts";
import { sharpeRatio } from "../stats/sharpeRatio.ts";
import { deflatedSharpeOfTrials } from "./deflatedSharpeOfTrials.ts";
import { matrixArb } from "./_test/helpers.ts";

const column = (values: Float64Array, m: number, j: number) =>
  Float64Array.from({ length: values.length / m }, (_, t) => values[t * m + j]!);

describe("deflatedSharpeOfTrials", () => {
  it("its doc example holds", () => {
    const sweep = { returns: [0.01, 0.0, 0.02, -0.01, 0.0, 0.01, 0.015, -0.005, 0.02, -0.01, 0.005, 0.0], periods: 6 };
    const dsr = deflatedSharpeOfTrials(sweep);
    expect([dsr.selected, dsr.deflatedSharpe]).toEqual([0, 0.9087173679000563]);
  });

  it("is deflatedSharpeRatio of the best trial with N = M and V = the sample variance of the trials' Sharpe ratios", () => {
    fc.assert(
      fc.property(
        matrixArb(4, 60, 2, 8),
        fc.constantFrom("daily", "weekly", "monthly"),
        fc.double({ min: -0.05, max: 0.1, noNaN: true }),
        ({ returns, columns }, frequency, rf) => {
          const data = assetReturns(returns, {
            assets: Array.from({ length: columns }, (_, i) => `cfg${i}`),
            frequency,
          });
          const p = data.periodsPerYear;
          const r = deflatedSharpeOfTrials(data, { riskFreeRate: rf });
          const srs = Array.from({ length: columns }, (_, j) =>
            sharpeRatio(column(returns, columns, j), { periodsPerYear: p, riskFreeRate: rf }),
          );
          const best = srs.indexOf(Math.max(...srs));
          const v = sampleVariance(srs);
          expect(Array.from(r.sharpeRatios)).toEqual(srs);
          expect([r.selected, r.selectedId, r.selectedSharpe, r.sharpeVariance, r.trials]).toEqual([
            best,
            `cfg${best}`,
            srs[best],
            v,
            columns,
          ]);
          expect(r.expectedMaximumSharpe).toBe(expectedMaximumSharpe(columns, v));
          expect(r.deflatedSharpe).toBe(
            deflatedSharpeRatio(column(returns, columns, best), {
              trials: columns,
              sharpeVariance: v,
              periodsPerYear: p,
              riskFreeRate: rf,
            }),
          );
          expect(r.deflatedSharpe).toBeGreaterThanOrEqual(0);
          expect(r.deflatedSharpe).toBeLessThanOrEqual(1);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("more trials tried never raise the deflated Sharpe ratio", () => {
    fc.assert(
      fc.property(
        matrixArb(8, 60, 2, 6),
        fc.integer({ min: 2, max: 1000 }),
        fc.integer({ min: 1, max: 1000 }),
        ({ returns, periods }, n, more) => {
          const few = deflatedSharpeOfTrials({ returns, periods }, { trials: n });
          const many = deflatedSharpeOfTrials({ returns, periods }, { trials: n + more });
          expect(many.expectedMaximumSharpe).toBeGreaterThanOrEqual(few.expectedMaximumSharpe);
          // To rounding: when the trials' Sharpe ratios barely vary (returns of 1e-19 and below), the
          // expected maximum moves by less than an ulp and the two ratios differ in the last digits.
          expect(many.deflatedSharpe).toBeLessThanOrEqual(few.deflatedSharpe + 1e-12 * Math.abs(few.deflatedSharpe));
        },
      ),
      { numRuns: 100 },
    );
  });

  it("more trials tried never raise the deflated Sharpe ratio: returns of 1e-19 and 1e-161 (a fast-check seed)", () => {
    const returns = new Float64Array(26);
    returns[13] = -2.650291390081633e-19;
    returns[18] = -1.3494442688300075e-161;
    const few = deflatedSharpeOfTrials({ returns, periods: 13 }, { trials: 2 });
    const many = deflatedSharpeOfTrials({ returns, periods: 13 }, { trials: 3 });
    expect(many.expectedMaximumSharpe).toBeGreaterThanOrEqual(few.expectedMaximumSharpe);
    expect(many.deflatedSharpe).toBeLessThanOrEqual(few.deflatedSharpe + 1e-12 * Math.abs(few.deflatedSharpe));
  });

  it("reads a bare matrix per period, and refuses a bad trials option naming it", () => {
    const values = Array.from({ length: 30 }, (_, k) => 0.01 * Math.sin(k * 1.1) + 0.001 * (k % 3));
    const bare = deflatedSharpeOfTrials({ returns: values, periods: 10 });
    expect([bare.periodsPerYear, bare.selectedId]).toEqual([1, String(bare.selected)]);
    expect(() => deflatedSharpeOfTrials({ returns: values, periods: 10 }, { trials: 1 })).toThrow(/options\.trials/);
    expect(() => deflatedSharpeOfTrials({ returns: values, periods: 10 }, { trial: 3 } as never)).toThrow(
      /did you mean trials/,
    );
  });
});
