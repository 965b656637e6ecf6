import { assertFinite } from "../_internal/validate.ts";
import type { CovarianceMatrix } from "../riskModels/types.ts";
import type { MaximumSharpeOptions } from "./maximumSharpe.ts";
import type { MeanVarianceResult } from "./types.ts";
import { describePortfolio, portfolioVariance } from "./_internal/describePortfolio.ts";
import { prepareProblem } from "./_internal/prepareProblem.ts";
import { solveWithRules } from "./_internal/solveWithRules.ts";

/**
 * Efficient portfolio for a target return: minimise wᵀΣw s.t. μᵀw >= targetReturn and the weight
 * rules (as PyPortfolioOpt's efficient_return). When the minimum-variance portfolio already earns
 * the target it is the answer; otherwise the return row binds and the optimum is the point of the
 * critical line where μᵀw(t) = targetReturn, in closed form on its piece (docs/maths.md#efficient-return-and-risk).
 *
 * @see docs/maths.md#efficient-return-and-risk
 * Cost: as {@link maximumSharpe}.
 * @param expectedReturns μ, one finite value per asset (per period). Never mutated.
 * @param covariance positive definite, symmetric. Never mutated.
 * @param targetReturn per period: finite.
 * @param options the weight rules; `riskFreeRate` only for the reported Sharpe ratio.
 * @throws EngineError INVALID_INPUT when an input or option breaks its rule; INFEASIBLE when the
 *   weight rules cannot hold or targetReturn exceeds the largest return they allow; SOLVER_FAILURE
 *   when the KKT residuals exceed 1e-9.
 * @example
 * efficientReturn([0.001, 0.002], { size: 2, values: new Float64Array([0.0004, 0.00006, 0.00006, 0.0009]) }, 0.0018).weights
 * // => Float64Array [0.19999999999999996, 0.8]
 */
export function efficientReturn(
  expectedReturns: ArrayLike<number>,
  covariance: CovarianceMatrix,
  targetReturn: number,
  options: MaximumSharpeOptions = {},
): MeanVarianceResult {
  const prepared = prepareProblem(covariance, expectedReturns, options, ["riskFreeRate"]);
  assertFinite("targetReturn", targetReturn);
  const { riskFreeRate = 0 } = options;
  assertFinite("riskFreeRate", riskFreeRate);
  const solution = solveWithRules(
    prepared,
    { kind: "efficient-return", target: targetReturn / prepared.muScale },
    (w) => portfolioVariance(prepared.Sigma, w),
    "efficientReturn",
  );
  return describePortfolio(prepared.Sigma, prepared.mu, riskFreeRate, solution.weights, solution.certificate);
}
