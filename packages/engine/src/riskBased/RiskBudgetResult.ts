import type { NumericArray } from "../_internal/validate.ts";
import type { PortfolioResult } from "../portfolio/PortfolioResult.ts";

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
export type RiskBudgetResult<
  M extends "risk-budgeting" | "equal-risk-contribution" = "risk-budgeting" | "equal-risk-contribution",
> = PortfolioResult<M> & {
  /** Each asset's risk contribution at the weights, in the covariance's order. */
  riskContributions: RiskContribution[];
  /** The budgets used, normalised to sum 1. */
  budgets: RiskBudget[];
};
