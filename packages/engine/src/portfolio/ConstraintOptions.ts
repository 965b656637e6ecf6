/**
 * The rules a thematic portfolio is built under, beyond `Σw = 1` and the weight bounds: one set of
 * names taken by mean-CVaR, minimum CVaR and every mean–variance method (docs/maths.md#portfolio-constraints).
 * Every asset is named by its id; an id not among the input's assets is refused naming it and the
 * closest ids. A rule that does not bind changes nothing: the result equals the one without it.
 *
 * @example
 * const returns = assetReturns([[0.01, -0.02, 0.00], [-0.03, 0.01, 0.01], [0.02, 0.00, -0.01], [0.00, -0.01, 0.02]], { assets: ["A01", "A02", "A03"], frequency: "daily" });
 * const p = await minimumCvar(returns, {
 *   confidence: 0.5,
 *   groups: { sector: { A01: "Technology", A02: "Technology", A03: "Energy" } },
 *   groupLimits: { sector: { Technology: [0, 0.3] } },
 *   previousWeights: { A01: 0.5, A03: 0.5 },
 *   maxTurnover: 0.2,
 *   transactionCosts: 0.001,
 * });
 * // The cap forces A01 down to 0.3 and the turnover limit allows no more trading than that:
 * p.weights // => [{ id: "A01", weight: 0.3 }, { id: "A02", weight: 0 }, { id: "A03", weight: 0.7 }]
 * p.warnings.length // => 2
 * p.warnings[0] // => "the rule groupLimits.sector.Technology binds at these weights: relaxing it could improve the objective"
 */
export interface ConstraintOptions {
  /**
   * Each asset's value of one or more attributes: `{ sector: { A01: "Technology", … }, country: { … } }`
   * (attribute → asset id → value). An asset left out of an attribute belongs to no group of it.
   */
  groups?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /**
   * Bounds on the summed weight of each group: `{ sector: { Technology: [0, 0.3] } }`
   * (attribute → value → [lower, upper], −∞ < lower <= upper < ∞). Attribute and value must appear in `groups`.
   */
  groupLimits?: Readonly<Record<string, Readonly<Record<string, readonly [number, number]>>>>;
  /** General linear rules `lower <= Σ_i a_i·w_i <= upper` (an equality when lower = upper). */
  linearConstraints?: ReadonlyArray<LinearConstraint>;
  /**
   * w⁰, the weights held now (asset id → weight; ids left out hold 0), read by `maxTurnover` and
   * `transactionCosts`. Default: none (every weight 0, a first purchase).
   */
  previousWeights?: Readonly<Record<string, number>>;
  /** The most one-way turnover `½·Σ_i |w_i − w⁰_i|` the rebalance may trade: 0 <= x <= 1 (with shorts, <= maxGrossExposure); default no limit. */
  maxTurnover?: number;
  /**
   * c, proportional costs: the fraction of each unit of weight traded that is paid, one number for
   * every asset or one per asset id (others 0): 0 <= c < 1. The objective pays `Σ_i c_i·|w_i − w⁰_i|`
   * once, against annual figures (docs/maths.md#portfolio-constraints).
   */
  transactionCosts?: number | Readonly<Record<string, number>>;
  /** b, the benchmark's weights (asset id → weight; others 0), read by `maxTrackingError`. */
  benchmarkWeights?: Readonly<Record<string, number>>;
  /** The most annual tracking error `√((w − b)ᵀΣ(w − b)·P)` against `benchmarkWeights`: x > 0; default no limit. */
  maxTrackingError?: number;
  /** γ, L2 regularisation: the objective adds `γ·Σ_i w_i²` (PyPortfolioOpt's `L2_reg`): x >= 0; default 0. */
  l2Regularization?: number;
  /**
   * w_min, the least weight of any asset: −1 <= x <= maxWeight; default 0 (long only). A negative
   * value allows short positions; `Σw = 1` still holds.
   */
  minWeight?: number;
  /** The most gross exposure `Σ_i |w_i|`: x >= 1; default no limit (read when `minWeight` < 0). */
  maxGrossExposure?: number;
}

/** One general linear rule over labelled weights: `lower <= Σ_i coefficients[id]·w_id <= upper`. */
export interface LinearConstraint {
  /** a_i by asset id (ids left out have 0). */
  coefficients: Readonly<Record<string, number>>;
  /** Default −∞; at least one of `lower` and `upper` is given. */
  lower?: number;
  /** Default +∞. */
  upper?: number;
  /** A name for errors and warnings; default `linearConstraints[k]`. */
  name?: string;
}

/** The names of {@link ConstraintOptions}, for a method's list of known options. */
export const CONSTRAINT_OPTION_NAMES = [
  "groups",
  "groupLimits",
  "linearConstraints",
  "previousWeights",
  "maxTurnover",
  "transactionCosts",
  "benchmarkWeights",
  "maxTrackingError",
  "l2Regularization",
  "minWeight",
  "maxGrossExposure",
] as const satisfies ReadonlyArray<keyof ConstraintOptions>;
