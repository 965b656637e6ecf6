import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { covarianceArb } from "../riskBased/_test/randomCovariance.ts";
import { covariance } from "../data/covariance.ts";
import { expectedReturns } from "../data/expectedReturns.ts";
import { portfolioPerformance } from "./portfolioPerformance.ts";

const ids = (n: number) => Array.from({ length: n }, (_, i) => `A${i}`);

describe("portfolioPerformance", () => {
  it("annualises μᵀw·P and √(wᵀΣw·P) with the data's frequency, Sharpe from the annual rate", () => {
    fc.assert(
      fc.property(
        covarianceArb(6).chain((rows) =>
          fc.tuple(
            fc.constant(rows),
            fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: rows.length, maxLength: rows.length }),
            fc.array(fc.double({ min: -0.002, max: 0.002, noNaN: true }), {
              minLength: rows.length,
              maxLength: rows.length,
            }),
            fc.constantFrom("daily", "weekly", "monthly") as fc.Arbitrary<"daily" | "weekly" | "monthly">,
            fc.double({ min: -0.05, max: 0.1, noNaN: true }),
          ),
        ),
        ([rows, w, mu, frequency, rf]) => {
          const n = rows.length;
          const assets = ids(n);
          const P = { daily: 252, weekly: 52, monthly: 12 }[frequency];
          const cov = covariance(rows, { assets, frequency });
          const perf = portfolioPerformance(Object.fromEntries(assets.map((a, i) => [a, w[i]!])), {
            covariance: cov,
            expectedReturns: mu,
            riskFreeRate: rf,
          });
          let v = 0;
          let m = 0;
          for (let i = 0; i < n; i++) {
            m += mu[i]! * w[i]!;
            for (let j = 0; j < n; j++) v += w[i]! * rows[i]![j]! * w[j]!;
          }
          expect(perf.periodsPerYear).toBe(P);
          expect(perf.expectedReturn).toBeCloseTo(m * P, 12);
          expect(perf.volatility).toBeCloseTo(Math.sqrt(Math.max(v, 0) * P), 12);
          if (perf.volatility! > 0) expect(perf.sharpeRatio).toBeCloseTo((m * P - rf) / Math.sqrt(v * P), 6);
        },
      ),
      { seed: 29, numRuns: 60 },
    );
  });

  it("reads expected returns by id, whatever their order", () => {
    const cov = covariance(
      [
        [0.04, 0],
        [0, 0.09],
      ],
      { assets: ["A", "B"], frequency: "annual" },
    );
    const mu = expectedReturns({ B: 0.1, A: 0.05 }, { frequency: "annual" });
    const perf = portfolioPerformance({ A: 1 }, { covariance: cov, expectedReturns: mu });
    expect(perf.expectedReturn).toBe(0.05);
    expect(perf.volatility).toBe(0.2);
  });

  it("refuses an unknown asset naming the closest ids, and a percent typed as a rate", () => {
    const cov = covariance(
      [
        [0.04, 0],
        [0, 0.09],
      ],
      { assets: ["A01", "A02"], frequency: "daily" },
    );
    expect(() => portfolioPerformance({ A1: 1 }, { covariance: cov })).toThrow(/"A1".*closest: A01, A02/);
    expect(() => portfolioPerformance({ A01: 1 }, { covariance: cov, riskFreeRate: 4 })).toThrow(/0\.04 for 4 %/);
  });

  it("refuses estimates sampled at different frequencies", () => {
    const cov = covariance([[0.04]], { assets: ["A"], frequency: "daily" });
    const mu = expectedReturns({ A: 0.05 }, { frequency: "monthly" });
    expect(() => portfolioPerformance({ A: 1 }, { covariance: cov, expectedReturns: mu })).toThrow(/same returns/);
  });
});
