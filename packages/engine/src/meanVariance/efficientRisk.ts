import { assertFinite, assertInRange } from "../_internal/validate.ts";
import type { CovarianceMatrix } from "../riskModels/types.ts";
import type { MaximumSharpeOptions } from "./maximumSharpe.ts";
import type { MeanVarianceResult } from "./types.ts";
import { describePortfolio, portfolioReturn } from "./_internal/describePortfolio.ts";
import { prepareProblem } from "./_internal/prepareProblem.ts";
import { solveWithRules } from "./_internal/solveWithRules.ts";

/**
 * Efficient portfolio for a target risk: maximise μᵀw s.t. √(wᵀΣw) <= targetVolatility and the
 * weight rules (as PyPortfolioOpt's efficient_risk). The optimum is the point of the critical line
 * where wᵀΣw(t) = targetVolatility², in closed form on its piece; when even the largest-return
 * portfolio is less risky than the target, the constraint is slack and that portfolio is the
 * answer (docs/maths.md#efficient-return-and-risk).
 *
 * @see docs/maths.md#efficient-return-and-risk
 * Cost: as {@link maximumSharpe}.
 * @param expectedReturns μ, one finite value per asset (per period). Never mutated.
 * @param covariance positive definite, symmetric. Never mutated.
 * @param targetVolatility per period: finite, > 0.
 * @param options the weight rules; `riskFreeRate` only for the reported Sharpe ratio.
 * @throws EngineError INVALID_INPUT when an input or option breaks its rule; INFEASIBLE when the
 *   weight rules cannot hold or targetVolatility is below the minimum volatility; SOLVER_FAILURE
 *   when the KKT residuals exceed 1e-9.
 * @example
 * efficientRisk([0.001, 0.002], { size: 2, values: new Float64Array([0.0004, 0.00006, 0.00006, 0.0009]) }, 0.02).expectedReturn
 * // => 0.001576271186440678
 */
export function efficientRisk(
  expectedReturns: ArrayLike<number>,
  covariance: CovarianceMatrix,
  targetVolatility: number,
  options: MaximumSharpeOptions = {},
): MeanVarianceResult {
  const prepared = prepareProblem(covariance, expectedReturns, options, ["riskFreeRate"]);
  assertInRange("targetVolatility", targetVolatility, { min: 0, minExclusive: true });
  const { riskFreeRate = 0 } = options;
  assertFinite("riskFreeRate", riskFreeRate);
  const mu = prepared.mu!;
  const solution = solveWithRules(
    prepared,
    { kind: "efficient-risk", variance: (targetVolatility * targetVolatility) / prepared.sigmaScale },
    (w) => portfolioReturn(mu, w),
    "efficientRisk",
  );
  return describePortfolio(prepared.Sigma, mu, riskFreeRate, solution.weights, solution.certificate);
}
