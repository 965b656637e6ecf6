import type { CovarianceInput } from "../data/covariance.ts";
import { readOptions } from "../_internal/readOptions.ts";
import type { RiskBudgetResult } from "./RiskBudgetResult.ts";
import { riskBudgetResult } from "./_internal/riskBudgetResult.ts";

/** Options of {@link equalRiskContribution}: the Newton stopping rule of {@link riskBudgetWeights}. */
export interface EqualRiskContributionOptions {
  /** In [1e-15, 1e-3], default 1e-12. */
  tolerance?: number;
  /** An integer in [1, 1000], default 100. */
  maxIterations?: number;
}

/**
 * Equal risk contribution (ERC, "risk parity") weights (Maillard, Roncalli & Teïletche 2010): the
 * long-only, fully invested portfolio in which every asset contributes `1/n` of the variance,
 * `w_i·(Σw)_i = wᵀΣw / n`. {@link riskBudgetWeights} with equal budgets, as the one portfolio
 * result with the risk contributions by id. For uncorrelated assets the weights are proportional
 * to `1/σ_i`.
 *
 * @see docs/maths.md#risk-budgeting
 * Cost: O(n³) per Newton step.
 * @param covariance a labelled `Covariance`, or a bare matrix (docs/maths.md#covariance-rules). Never mutated.
 * @throws EngineError INVALID_INPUT for a bad input; SOLVER_FAILURE when Newton does not converge.
 * @example
 * equalRiskContribution(covariance([[0.04, 0], [0, 0.01]], { assets: ["A", "B"], frequency: "annual" })).vector // => Float64Array [0.3333333333333333, 0.6666666666666666]
 */
export function equalRiskContribution(
  covariance: CovarianceInput,
  options?: EqualRiskContributionOptions,
): RiskBudgetResult<"equal-risk-contribution"> {
  const opts = readOptions<EqualRiskContributionOptions>(options, "{ tolerance?, maxIterations? }", [
    "tolerance",
    "maxIterations",
  ]);
  return riskBudgetResult("equal-risk-contribution", covariance, {
    tolerance: opts.tolerance,
    maxIterations: opts.maxIterations,
  });
}
