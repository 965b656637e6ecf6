import { assertFinite } from "../_internal/validate.ts";
import type { CovarianceMatrix } from "../riskModels/types.ts";
import type { MeanVarianceOptions, MeanVarianceResult } from "./types.ts";
import { describePortfolio, portfolioReturn, portfolioVariance, sharpeOf } from "./_internal/describePortfolio.ts";
import { prepareProblem } from "./_internal/prepareProblem.ts";
import { solveWithRules } from "./_internal/solveWithRules.ts";

/** Options of {@link maximumSharpe}: the weight rules and the risk-free rate. */
export interface MaximumSharpeOptions extends MeanVarianceOptions {
  /** r_f per period, in the units of the expected returns: finite; default 0. */
  riskFreeRate?: number;
}

/**
 * Maximum-Sharpe (tangency) portfolio: maximise (μᵀw − r_f)/√(wᵀΣw) over the weight rules of
 * {@link MeanVarianceOptions}. Not a grid: the convex reformulation of Cornuejols & Tütüncü
 * (2007, "Optimization Methods in Finance", §8.2),
 *
 *   minimise yᵀΣy  s.t.  (μ − r_f)ᵀy = 1,  Σy = κ,  0 <= y_i <= maxWeight·κ,  κ >= 0,   w = y/κ,
 *
 * is solved through its KKT conditions, which hold on the critical line exactly where
 * ψ(t) = wᵀΣw − t·(μᵀw − r_f) = 0; ψ is affine on each piece of the line, so the root is in closed
 * form (docs/maths.md#maximum-sharpe). The certificate is the KKT residuals of that QP.
 *
 * @see docs/maths.md#maximum-sharpe
 * Cost: the minimum-variance solve plus O(n·|F| + |F|³) per piece of the critical line walked.
 * @param expectedReturns μ, one finite value per asset (per period). Never mutated.
 * @param covariance positive definite, symmetric (see {@link CovarianceMatrix}). Never mutated.
 * @param options see {@link MaximumSharpeOptions}.
 * @throws EngineError INVALID_INPUT when an input or option breaks its rule; INFEASIBLE when the
 *   weight rules cannot hold or no portfolio earns more than riskFreeRate; SOLVER_FAILURE when the
 *   KKT residuals exceed 1e-9.
 * @example
 * const r = maximumSharpe([0.001, 0.002], { size: 2, values: new Float64Array([0.0004, 0.00006, 0.00006, 0.0009]) });
 * r.weights // => Float64Array [0.513157894736842, 0.48684210526315796]
 */
export function maximumSharpe(expectedReturns: ArrayLike<number>, covariance: CovarianceMatrix, options: MaximumSharpeOptions = {}): MeanVarianceResult {
  const prepared = prepareProblem(covariance, expectedReturns, options, ["riskFreeRate"]);
  const { riskFreeRate = 0 } = options;
  assertFinite("riskFreeRate", riskFreeRate);
  const mu = prepared.mu!;
  const sharpe = (w: Float64Array): number => sharpeOf(portfolioReturn(mu, w), Math.sqrt(portfolioVariance(prepared.Sigma, w)), riskFreeRate);
  const solution = solveWithRules(prepared, { kind: "max-sharpe", riskFree: riskFreeRate / prepared.muScale }, sharpe, "maximumSharpe");
  return describePortfolio(prepared.Sigma, mu, riskFreeRate, solution.weights, solution.certificate);
}
