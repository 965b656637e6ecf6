import fc from "fast-check";
import { mean, sampleStandardDeviation } from "simple-statistics";
import { describe, expect, it } from "vitest";
import { portfolioMetadata } from "./portfolioMetadata.ts";
import { syntheticUniverse } from "../testing/index.ts";

const close = (actual: number, expected: number, relative = 1e-9): void => {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(relative * Math.max(1, Math.abs(expected)));
};

describe("portfolioMetadata", () => {
  it("matches each field's definition, recomputed independently (simple-statistics, plain loops)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.constantFrom(60, 100, 200), // (1 − 0.95)·T is an integer: CVaR = mean of the k worst losses
        fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 2, maxLength: 8 }),
        fc.double({ min: -0.05, max: 0.1, noNaN: true }),
        (seed, T, raw, riskFreeRate) => {
          const total = raw.reduce((a, b) => a + b, 0);
          fc.pre(total > 0);
          const { companies, scenarios } = syntheticUniverse(seed, raw.length, T);
          const weights = companies.map((c, i) => ({ id: c.id, weight: raw[i]! / total }));
          const m = portfolioMetadata(weights, companies, scenarios, riskFreeRate);
          const N = raw.length;
          const r = Array.from({ length: T }, (_, t) =>
            weights.reduce((s, x, i) => s + x.weight * scenarios.returns[t * N + i]!, 0),
          );
          const nav = [1];
          for (const x of r) nav.push(nav[nav.length - 1]! * (1 + x));
          let peak = 1;
          let drawdown = 0;
          for (const v of nav) {
            peak = Math.max(peak, v);
            drawdown = Math.min(drawdown, v / peak - 1);
          }
          const k = Math.round(0.05 * T);
          const worst = r
            .map((x) => -x)
            .sort((a, b) => b - a)
            .slice(0, k);
          const rf = (1 + riskFreeRate) ** (1 / 252) - 1;
          const excess = r.map((x) => x - rf);
          expect(m.numberStocks).toBe(raw.filter((x) => x > 0).length);
          close(
            m.weightedLinguisticBeta,
            weights.reduce((s, x, i) => s + x.weight * companies[i]!.linguisticBeta, 0),
          );
          close(
            m.marketBuzzCoverage,
            weights.reduce((s, x, i) => s + (companies[i]!.marketBuzz > 0 ? x.weight : 0), 0),
          );
          close(m.expectedDailyReturn, mean(r));
          close(m.annualizedReturn, nav[T]! ** (252 / T) - 1, 1e-8);
          close(m.volatility, sampleStandardDeviation(r) * Math.sqrt(252));
          close(m.cvar, mean(worst));
          close(m.sharpeRatio, (mean(excess) / sampleStandardDeviation(excess)) * Math.sqrt(252), 1e-7);
          close(m.maxDrawdown, drawdown);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("reports the six risk fields as 0 without scenarios", () => {
    const companies = [
      { id: "A", marketCap: 1e9, linguisticBeta: 0.5, marketBuzz: 0.4, convictionScore: 0.3 },
      { id: "B", marketCap: 1e9, linguisticBeta: 0.1, marketBuzz: 0, convictionScore: 0.3 },
    ];
    expect(
      portfolioMetadata(
        [
          { id: "A", weight: 0.25 },
          { id: "B", weight: 0.75 },
        ],
        companies,
        undefined,
      ),
    ).toEqual({
      numberStocks: 2,
      weightedLinguisticBeta: 0.25 * 0.5 + 0.75 * 0.1,
      marketBuzzCoverage: 0.25,
      annualizedReturn: 0,
      volatility: 0,
      cvar: 0,
      sharpeRatio: 0,
      expectedDailyReturn: 0,
      maxDrawdown: 0,
    });
  });

  describe("rejects", () => {
    const { companies, scenarios } = syntheticUniverse(2, 3, 40);
    it("weights that do not sum to 1", () => {
      expect(() => portfolioMetadata([{ id: "C000", weight: 0.5 }], companies, scenarios)).toThrow(
        "weights must sum to 1, got 0.5",
      );
    });
    it("an id that is not a company, or has no scenario column", () => {
      expect(() => portfolioMetadata([{ id: "X", weight: 1 }], companies, scenarios)).toThrow(
        "weights[0].id X is not one of the companies",
      );
      const more = [...companies, { id: "X", marketCap: 1e9, linguisticBeta: 0, marketBuzz: 0, convictionScore: null }];
      expect(() => portfolioMetadata([{ id: "X", weight: 1 }], more, scenarios)).toThrow(
        "weights[0].id X has no column in scenarios.assetIds",
      );
    });
    it("a negative weight or a duplicate id", () => {
      expect(() =>
        portfolioMetadata(
          [
            { id: "C000", weight: -0.5 },
            { id: "C001", weight: 1.5 },
          ],
          companies,
          scenarios,
        ),
      ).toThrow("weights[0].weight");
      expect(() =>
        portfolioMetadata(
          [
            { id: "C000", weight: 0.5 },
            { id: "C000", weight: 0.5 },
          ],
          companies,
          scenarios,
        ),
      ).toThrow("listed more than once");
    });
  });
});
