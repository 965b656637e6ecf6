// Strict inputs everywhere (docs/maths.md#strict-inputs): every options object of the portfolio-construction
// and tear-sheet statistics functions refuses a misspelt key, naming it and the closest valid name, before any work.
import { describe, expect, it } from "vitest";
import * as engine from "./index.ts";

const periods = 12;
const returns = Float64Array.from({ length: periods * 3 }, (_, k) => 0.01 * Math.sin(k * 1.7) + 0.002 * (k % 3));
const matrix = { returns, periods };
const covariance = { size: 2, values: Float64Array.from([0.04, 0.006, 0.006, 0.09]) };
const rows = [
  [0.04, 0.006],
  [0.006, 0.09],
];
const mu = [0.05, 0.08];
const r = Array.from({ length: 40 }, (_, k) => 0.01 * Math.sin(k) + 0.001);
const b = Array.from({ length: 40 }, (_, k) => 0.008 * Math.cos(k) + 0.001);
const nav = [100, 104, 99, 103, 108, 101, 110];

/** [function, call with one misspelt option, the misspelling, the name it should suggest]. */
const CASES: Array<[string, () => unknown, string, string]> = [
  [
    "ledoitWolfCovariance",
    () => engine.ledoitWolfCovariance(matrix, { targt: "identity" } as never),
    "targt",
    "target",
  ],
  ["exponentialCovariance", () => engine.exponentialCovariance(matrix, { spam: 10 } as never), "spam", "span"],
  [
    "meanHistoricalReturn",
    () => engine.meanHistoricalReturn(matrix, { compound: true } as never),
    "compound",
    "compounding",
  ],
  [
    "exponentialHistoricalReturn",
    () => engine.exponentialHistoricalReturn(matrix, { spn: 10 } as never),
    "spn",
    "span",
  ],
  ["capmReturn", () => engine.capmReturn(matrix, { riskFreeRat: 0 } as never), "riskFreeRat", "riskFreeRate"],
  ["minimumVariance", () => engine.minimumVariance(covariance, { maxWieght: 0.5 } as never), "maxWieght", "maxWeight"],
  [
    "maximumSharpe",
    () => engine.maximumSharpe(mu, covariance, { riskFreeRat: 0 } as never),
    "riskFreeRat",
    "riskFreeRate",
  ],
  ["efficientFrontier", () => engine.efficientFrontier(mu, covariance, { point: 10 } as never), "point", "points"],
  [
    "efficientReturn",
    () => engine.efficientReturn(mu, covariance, 0.06, { minHolding: 2 } as never),
    "minHolding",
    "minHoldings",
  ],
  [
    "efficientRisk",
    () => engine.efficientRisk(mu, covariance, 0.25, { maxWeigth: 1 } as never),
    "maxWeigth",
    "maxWeight",
  ],
  [
    "equalRiskContribution",
    () => engine.equalRiskContribution(rows, { tolerence: 1e-9 } as never),
    "tolerence",
    "tolerance",
  ],
  ["riskBudgetWeights", () => engine.riskBudgetWeights(rows, { budget: [0.5, 0.5] } as never), "budget", "budgets"],
  ["blackLitterman", () => engine.blackLitterman(mu, rows, { tao: 0.05 } as never), "tao", "tau"],
  [
    "blackLitterman view",
    () => engine.blackLitterman(mu, rows, { views: [{ asset: "0", return: 0.1, confidense: 0.5 }] } as never),
    "confidense",
    "confidence",
  ],
  [
    "discreteAllocation",
    () => engine.discreteAllocation([0.5, 0.5], [10, 20], 1000, { timeLimitSecond: 1 } as never),
    "timeLimitSecond",
    "timeLimitSeconds",
  ],
  ["valueAtRisk", () => engine.valueAtRisk(r, 0.95, { conventon: "empyrical" } as never), "conventon", "convention"],
  ["skewness", () => engine.skewness(r, { conventio: "quantstats" } as never), "conventio", "convention"],
  ["tailRatio", () => engine.tailRatio(r, { cutof: 0.9 } as never), "cutof", "cutoff"],
  ["ulcerIndex", () => engine.ulcerIndex(nav, { convension: "engine" } as never), "convension", "convention"],
  ["jensenAlpha", () => engine.jensenAlpha(r, b, { periodsPerYr: 52 } as never), "periodsPerYr", "periodsPerYear"],
  [
    "probabilisticSharpeRatio",
    () => engine.probabilisticSharpeRatio(r, { targetSharp: 0 } as never),
    "targetSharp",
    "targetSharpe",
  ],
  ["omegaRatio", () => engine.omegaRatio(r, { requiredReturns: 0 } as never), "requiredReturns", "requiredReturn"],
  [
    "informationRatio",
    () => engine.informationRatio(r, b, 52, { convention: "engine", extra: 1 } as never),
    "extra",
    "convention",
  ],
];

describe("strict option keys (docs/maths.md#strict-inputs)", () => {
  it.each(CASES)(
    "%s refuses a misspelt option, naming the closest valid one",
    async (_name, call, typo, suggestion) => {
      let error: unknown;
      try {
        await call();
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(engine.EngineError);
      expect((error as engine.EngineError).code).toBe("INVALID_INPUT");
      expect((error as Error).message).toContain(`has no option ${typo} (did you mean ${suggestion}?)`);
    },
  );

  it("accepts the same calls with the option spelt right", async () => {
    expect(() => engine.ledoitWolfCovariance(matrix, { target: "identity" })).not.toThrow();
    expect(() => engine.minimumVariance(covariance, { maxWeight: 0.9 })).not.toThrow();
    expect(() => engine.efficientFrontier(mu, covariance, { points: 10 })).not.toThrow();
    expect(() => engine.equalRiskContribution(rows, { tolerance: 1e-9 })).not.toThrow();
    expect(() => engine.tailRatio(r, { cutoff: 0.9 })).not.toThrow();
    expect(() => engine.jensenAlpha(r, b, { periodsPerYear: 52, convention: "empyrical" })).not.toThrow();
    expect(() =>
      engine.probabilisticSharpeRatio(r, { targetSharpe: 0, convention: "quantstats", periodsPerYear: 52 }),
    ).not.toThrow();
    await expect(engine.discreteAllocation([0.5, 0.5], [10, 20], 1000, { timeLimitSeconds: 5 })).resolves.toBeDefined();
  });
});
