import type { CovarianceInput } from "../data/covariance.ts";
import type { RiskBudgetOptions, RiskBudgetResult } from "./RiskBudgetResult.ts";
import { riskBudgetResult } from "./_internal/riskBudgetResult.ts";

/**
 * Risk budgeting (Maillard, Roncalli & Teïletche 2010; Roncalli 2013): the long-only, fully
 * invested weights w whose risk contributions `w_i·(Σw)_i / wᵀΣw` equal given budgets `b_i`.
 * Solved as Spinu's (2013) convex problem `min ½·yᵀΣy − Σ b_i·ln y_i` (y > 0) by damped Newton
 * steps, then `w = y / Σy`; the solution is unique. With equal budgets this is the equal risk
 * contribution (ERC) portfolio.
 *
 * @see docs/maths.md#risk-budgeting
 * Cost: O(n³) per Newton step (a Cholesky solve); typically under 15 steps.
 * @param covariance a labelled `Covariance`, or a bare matrix (rows, n·n values, `{ size, values }`;
 *   assets "0", "1", …): symmetric, PSD, every variance > 0 (docs/maths.md#covariance-rules). Never mutated.
 * @param options see {@link RiskBudgetOptions}.
 * @throws EngineError INVALID_INPUT when an input breaks its rule (a budget naming an unknown asset
 *   is refused with the closest ids); SOLVER_FAILURE when the Newton iteration does not reach
 *   `tolerance` within `maxIterations` steps.
 * @example
 * const S = covariance([[0.04, 0], [0, 0.01]], { assets: ["A", "B"], frequency: "annual" });
 * riskBudgetWeights(S, { budgets: { A: 0.5, B: 0.5 } }).weights // => [{ id: "A", weight: 0.3333333333333333 }, { id: "B", weight: 0.6666666666666666 }]
 */
export function riskBudgetWeights(
  covariance: CovarianceInput,
  options?: RiskBudgetOptions,
): RiskBudgetResult<"risk-budgeting"> {
  return riskBudgetResult("risk-budgeting", covariance, options);
}
