import { EngineError } from "../errors/EngineError.ts";
import { readOptions } from "../_internal/readOptions.ts";
import { readCovariance, type CovarianceInput } from "../data/covariance.ts";
import { isExpectedReturns, type ExpectedReturns } from "../data/expectedReturns.ts";
import { alignAssets } from "../data/assetIds.ts";
import { toFiniteFloat64 } from "../_internal/validate.ts";
import { perPeriod } from "./annualRate.ts";
import type { Performance } from "./PortfolioResult.ts";
import { weightVector, type WeightsInput } from "./weightVector.ts";

/** Inputs of {@link portfolioPerformance}: at least one of the two estimates. */
export interface PortfolioPerformanceOptions {
  /** Σ, labelled (see `covariance`); a bare matrix is read per period, its assets "0", "1", …. */
  covariance?: CovarianceInput;
  /** μ per period, labelled (see `expectedReturns`), or one value per covariance asset. */
  expectedReturns?: ExpectedReturns | ArrayLike<number>;
  /** Annual risk-free rate r_f, a fraction: -1 < r_f < 1; default 0. */
  riskFreeRate?: number;
}

/**
 * Expected annual return, annual volatility and Sharpe ratio of labelled weights, annualised with the
 * frequency the estimates carry (docs/maths.md#portfolio-performance): `μᵀw·P`, `√(wᵀΣw·P)`,
 * `(μᵀw·P − r_f)/√(wᵀΣw·P)`. Like PyPortfolioOpt's `portfolio_performance`.
 *
 * Cost: O(n²).
 * @throws EngineError INVALID_INPUT when an input breaks its rule, the estimates name different
 *   assets or sampling, or the weights name an unknown asset (with the closest ids).
 * @example
 * const cov = covariance([[0.04, 0], [0, 0.09]], { assets: ["A", "B"], frequency: "annual" });
 * const mu = expectedReturns({ A: 0.05, B: 0.1 }, { frequency: "annual" });
 * portfolioPerformance({ A: 0.5, B: 0.5 }, { covariance: cov, expectedReturns: mu }).volatility // => 0.18027756377319948
 */
export function portfolioPerformance(weights: WeightsInput, options: PortfolioPerformanceOptions): Performance {
  const o = readOptions<PortfolioPerformanceOptions>(options, "{ covariance?, expectedReturns?, riskFreeRate? }", [
    "covariance",
    "expectedReturns",
    "riskFreeRate",
  ]);
  if (o.covariance === undefined && o.expectedReturns === undefined) {
    throw new EngineError("INVALID_INPUT", "options must give covariance, expectedReturns or both", {
      field: "options",
    });
  }
  const cov = o.covariance === undefined ? undefined : readCovariance("covariance", o.covariance);
  let mu: Float64Array | undefined;
  let assets = cov?.assets;
  let periodsPerYear = cov?.periodsPerYear ?? 1;
  let frequency = cov?.frequency ?? "custom";
  if (o.expectedReturns !== undefined) {
    if (isExpectedReturns(o.expectedReturns)) {
      const er = o.expectedReturns;
      if (cov !== undefined && er.periodsPerYear !== cov.periodsPerYear) {
        throw new EngineError(
          "INVALID_INPUT",
          `expectedReturns are sampled ${er.periodsPerYear} times a year but covariance ${cov.periodsPerYear}: estimate both from the same returns`,
          {
            field: "expectedReturns",
          },
        );
      }
      if (cov === undefined) {
        assets = er.assets;
        periodsPerYear = er.periodsPerYear;
        frequency = er.frequency;
        mu = er.values;
      } else {
        const position = alignAssets("covariance", cov.assets, er.assets, "expectedReturns");
        mu = position === null ? er.values : Float64Array.from(position, (p) => er.values[p]!);
      }
    } else {
      if (cov === undefined)
        throw new EngineError(
          "INVALID_INPUT",
          "expectedReturns given as bare numbers need a covariance to name their assets; label them with expectedReturns()",
          { field: "expectedReturns" },
        );
      mu = toFiniteFloat64("expectedReturns", o.expectedReturns, 1);
      if (mu.length !== cov.size) {
        throw new EngineError(
          "INVALID_INPUT",
          `expectedReturns must hold one value per covariance asset (${cov.size}), got ${mu.length}`,
          { field: "expectedReturns" },
        );
      }
    }
  }
  const riskFreeRate = o.riskFreeRate === undefined ? 0 : o.riskFreeRate;
  perPeriod("riskFreeRate", riskFreeRate, "rate", periodsPerYear);
  const w = weightVector("weights", weights, assets!);
  return performanceOf(w, { sigma: cov?.values, mu, riskFreeRate, periodsPerYear, frequency });
}

/**
 * The {@link Performance} block from checked numbers in one asset order (private to the engine:
 * every method builds its result's block here, so the formulas live in one place).
 */
export function performanceOf(
  w: Float64Array,
  p: {
    sigma: Float64Array | undefined;
    mu: Float64Array | undefined;
    riskFreeRate: number;
    periodsPerYear: number;
    frequency: Performance["frequency"];
  },
): Performance {
  const n = w.length;
  let expectedReturn: number | null = null;
  if (p.mu !== undefined) {
    let s = 0;
    for (let i = 0; i < n; i++) s += p.mu[i]! * w[i]!;
    expectedReturn = s * p.periodsPerYear;
  }
  let volatility: number | null = null;
  if (p.sigma !== undefined) {
    let v = 0;
    for (let i = 0; i < n; i++) {
      const wi = w[i]!;
      if (wi === 0) continue;
      let row = 0;
      for (let j = 0; j < n; j++) row += p.sigma[i * n + j]! * w[j]!;
      v += wi * row;
    }
    volatility = Math.sqrt(Math.max(v, 0) * p.periodsPerYear);
  }
  const sharpeRatio =
    expectedReturn === null || volatility === null
      ? null
      : volatility > 0
        ? (expectedReturn - p.riskFreeRate) / volatility
        : 0;
  return {
    expectedReturn,
    volatility,
    sharpeRatio,
    riskFreeRate: p.riskFreeRate,
    periodsPerYear: p.periodsPerYear,
    frequency: p.frequency,
  };
}
