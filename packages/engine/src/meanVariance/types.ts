import type { PortfolioResult, Certificate } from "../portfolio/PortfolioResult.ts";
import type { RiskFreeRateOption, WeightRuleOptions } from "../portfolio/PortfolioOptions.ts";
import type { CONSTRAINT_OPTION_NAMES, ConstraintOptions } from "../portfolio/ConstraintOptions.ts";

/**
 * Shapes shared by the mean–variance optimizers (docs/maths.md#mean-variance-optimizers). Inputs
 * are labelled (ids and frequency travel with them); the rates a person types (risk-free rate,
 * target return, target volatility) are annual and converted with the covariance's periods a year;
 * the result's `performance` block is annual (docs/maths.md#portfolio-performance).
 */

/**
 * The weight rules, the same names and defaults as every weight-producing method
 * (docs/maths.md#portfolio-result): `Σw = 1`, `0 <= w_i <= maxWeight`, and only when `minHoldings`
 * is given, at least that many weights `>= minActiveWeight`.
 */
export type MeanVarianceOptions = WeightRuleOptions;

/** Options of the methods that read expected returns: the weight rules and the annual risk-free rate. */
export interface MaximumSharpeOptions extends WeightRuleOptions, RiskFreeRateOption {}

/**
 * The options of a call without constraint options: every {@link ConstraintOptions} field absent
 * (or undefined), so the call answers synchronously.
 */
export type WithoutConstraints = { [K in (typeof CONSTRAINT_OPTION_NAMES)[number]]?: undefined };

/**
 * The weight rules with {@link ConstraintOptions} (groups, linear rules, turnover, costs, tracking
 * error, L2, long/short; docs/maths.md#mean-variance-under-constraints). Given any of them, a
 * mean–variance call returns a Promise: it solves with HiGHS's QP solver, loaded on first use.
 */
export type ConstrainedMeanVarianceOptions = MeanVarianceOptions & ConstraintOptions;

/** {@link MaximumSharpeOptions} with {@link ConstraintOptions}: the call returns a Promise. */
export type ConstrainedMaximumSharpeOptions = MaximumSharpeOptions & ConstraintOptions;

/** The methods of this family. */
export type MeanVarianceMethod = "minimum-variance" | "maximum-sharpe" | "efficient-return" | "efficient-risk";

/**
 * A portfolio found by a mean–variance method: the one {@link PortfolioResult} (labelled weights,
 * annual performance, the certificate with `solver` "active-set-qp" for the minimum variance and
 * "critical-line" for the others, its KKT `residuals`), and beside it the variance.
 *
 * `certificate.objective` and `gap` are annual: the variance `wᵀΣw·P` (minimum variance, efficient
 * return), the Sharpe ratio (maximum Sharpe), the expected return `μᵀw·P` (efficient risk).
 */
export type MeanVarianceResult<M extends MeanVarianceMethod = MeanVarianceMethod> = PortfolioResult<M> & {
  /** wᵀΣw per period², the covariance's units (`performance.volatility` is its annual square root). */
  variance: number;
};

/** The certificate of a mean–variance result (the one {@link Certificate} type). */
export type MeanVarianceCertificate = Certificate;
