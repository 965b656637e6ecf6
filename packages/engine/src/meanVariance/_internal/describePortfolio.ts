import { EngineError } from "../../errors/EngineError.ts";
import { portfolioResult } from "../../portfolio/PortfolioResult.ts";
import { performanceOf } from "../../portfolio/portfolioPerformance.ts";
import type { Certificate, Performance } from "../../portfolio/PortfolioResult.ts";
import type { MeanVarianceMethod, MeanVarianceResult } from "../types.ts";
import type { PreparedProblem } from "./prepareProblem.ts";
import type { RuledSolution } from "./solveWithRules.ts";

/** The value, or INVALID_INPUT when the inputs' magnitudes put it beyond a float64 (docs/maths.md#statistics). */
function representable(value: number, field: string, what: string): number {
  if (!Number.isFinite(value))
    throw new EngineError("INVALID_INPUT", `${field} is out of range: ${what} overflows a float64 (exceeds 1.8e308)`, {
      field,
    });
  return value + 0;
}

/** wᵀΣw (dense). */
export function portfolioVariance(Sigma: Float64Array, w: Float64Array): number {
  const n = w.length;
  let s = 0;
  for (let i = 0; i < n; i++) {
    let r = 0;
    const row = i * n;
    for (let j = 0; j < n; j++) r += Sigma[row + j]! * w[j]!;
    s += w[i]! * r;
  }
  return Math.max(0, s);
}

/** The annual performance block of weights (docs/maths.md#portfolio-performance), every figure checked to be a float64. */
export function performanceIn(prepared: PreparedProblem, w: Float64Array, riskFreeRate: number): Performance {
  const p = performanceOf(w, {
    sigma: prepared.Sigma,
    mu: prepared.mu,
    riskFreeRate,
    periodsPerYear: prepared.periodsPerYear,
    frequency: prepared.frequency,
  });
  representable(p.volatility!, "covariance", "the portfolio variance");
  if (p.expectedReturn !== null) {
    representable(p.expectedReturn, "expectedReturns", "the portfolio return");
    representable(p.sharpeRatio!, "expectedReturns", "the Sharpe ratio (return over volatility)");
  }
  return p;
}

/** Which annual figure a method's certificate reports as its objective (docs/maths.md#mean-variance-certificate). */
export type ObjectiveKind = "variance" | "sharpe-ratio" | "expected-return";

/**
 * The one result (docs/maths.md#portfolio-result) of a mean–variance method: labelled weights, the
 * certificate (`objective` read off the figures recomputed from the weights: the annual variance
 * wᵀΣw·P, the Sharpe ratio or the annual expected return), the annual performance, and
 * `variance`, wᵀΣw per period² (the covariance's units).
 */
export function describePortfolio<M extends MeanVarianceMethod>(
  method: M,
  prepared: PreparedProblem,
  solution: RuledSolution,
  solver: Certificate["solver"],
  objective: ObjectiveKind,
  riskFreeRate: number,
  warnings: string[] = prepared.warnings,
): MeanVarianceResult<M> {
  const w = Float64Array.from(solution.weights, (x) => x + 0);
  const variance = representable(portfolioVariance(prepared.Sigma, w), "covariance", "the portfolio variance");
  const performance = performanceIn(prepared, w, riskFreeRate);
  const certificate: Certificate = {
    status: solution.status,
    solver,
    objective:
      objective === "variance"
        ? variance * prepared.periodsPerYear
        : objective === "sharpe-ratio"
          ? performance.sharpeRatio
          : performance.expectedReturn,
    gap: solution.gap,
    residuals: { ...solution.kkt },
    iterations: solution.iterations,
  };
  return { ...portfolioResult(method, prepared.assets, w, certificate, performance, [...warnings]), variance };
}
