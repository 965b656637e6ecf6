import type { NumericArray } from "../_internal/validate.ts";
import type { CovarianceInput } from "../data/covariance.ts";
import type { PortfolioResult } from "../portfolio/PortfolioResult.ts";
import { riskBudgetResult } from "./_internal/riskBudgetResult.ts";

/** Options of {@link riskBudgetWeights}. */
export interface RiskBudgetOptions {
  /**
   * One budget > 0 per asset (normalised to sum 1): by id (`{ A: 0.5, B: 0.25, C: 0.25 }` or a Map,
   * every asset named), or n numbers in the covariance's order; default equal budgets 1/n (equal
   * risk contribution).
   */
  budgets?: Readonly<Record<string, number>> | ReadonlyMap<string, number> | NumericArray;
  /** Stop when every risk contribution is within this of its budget; in [1e-15, 1e-3], default 1e-12. */
  tolerance?: number;
  /** Newton steps allowed, an integer in [1, 1000]; default 100. */
  maxIterations?: number;
}

/** One asset's share of the portfolio variance. */
export interface RiskContribution {
  id: string;
  /** `w_i·(Σw)_i / wᵀΣw`: the fractions sum to 1. */
  contribution: number;
}

/** One asset's risk budget, normalised. */
export interface RiskBudget {
  id: string;
  budget: number;
}

/**
 * Long-only weights whose risk contributions match the budgets: the one portfolio result
 * (docs/maths.md#portfolio-result; performance annual, expected return null) with, beside it, the
 * risk contributions and the budgets by id. The certificate: solver "newton", `objective` = `gap` =
 * the largest |risk contribution − budget| at the weights (0 at the unique optimum), residuals
 * `{ stationarity: that gap, primalFeasibility: |Σw − 1| }`, iterations the Newton steps.
 */
export type RiskBudgetResult<M extends "risk-budgeting" | "equal-risk-contribution" = "risk-budgeting" | "equal-risk-contribution"> = PortfolioResult<M> & {
  /** Each asset's risk contribution at the weights, in the covariance's order. */
  riskContributions: RiskContribution[];
  /** The budgets used, normalised to sum 1. */
  budgets: RiskBudget[];
};

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
export function riskBudgetWeights(covariance: CovarianceInput, options?: RiskBudgetOptions): RiskBudgetResult<"risk-budgeting"> {
  return riskBudgetResult("risk-budgeting", covariance, options);
}
