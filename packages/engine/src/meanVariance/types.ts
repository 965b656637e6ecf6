/**
 * Shapes shared by the mean–variance optimizers (docs/maths.md#mean-variance-optimizers).
 * Every number is per period, in the units of the expected returns and covariance given
 * (daily data: multiply returns by 252 and volatilities by √252 to annualise).
 */

/**
 * The weight rules of {@link meanCvarOptimize}, applied the same way to every mean–variance method:
 * `Σw = 1`, `0 <= w_i <= maxWeight`, and at least `minHoldings` weights `>= minActiveWeight`.
 */
export interface MeanVarianceOptions {
  /** w_max, the largest weight of any asset: 0 < x <= 1; default 1 (no cap). */
  maxWeight?: number;
  /** K, the fewest holdings with weight >= minActiveWeight: integer >= 1; default 1. */
  minHoldings?: number;
  /** w_min, the weight a holding needs to count toward minHoldings: 0.0001 < x <= 1; default 0.01. */
  minActiveWeight?: number;
}

/**
 * What the solver certifies about the returned weights (docs/maths.md#mean-variance-certificate).
 * Residuals are relative: each is divided by the size of the largest term it balances, so 1e-12
 * means "zero to rounding" whatever the units.
 */
export interface MeanVarianceCertificate {
  /**
   * "optimal": the KKT conditions hold (every residual <= 1e-9), so the weights are the optimum.
   * "cardinality-heuristic": the minHoldings rule did not hold at the optimum, so the largest
   * holdings were forced to minActiveWeight and the problem solved again; the KKT residuals are
   * those of that restricted problem, and `gap` bounds the distance to the true optimum.
   */
  status: "optimal" | "cardinality-heuristic";
  /** ‖∇ Lagrangian‖∞, relative. */
  stationarity: number;
  /** Largest violation of an equality or bound, relative. */
  primalFeasibility: number;
  /** Largest negative multiplier of an inequality, relative. */
  dualFeasibility: number;
  /** Largest |multiplier × slack|, relative. */
  complementarity: number;
  /**
   * 0 when optimal; for the heuristic, |objective − objective of the problem without the
   * minHoldings rule|, which bounds how far from the optimum the weights can be (the problem
   * without the rule is a relaxation).
   */
  gap: number;
  /** Active-set iterations plus critical-line segments walked. */
  iterations: number;
}

/** A portfolio found by a mean–variance method. */
export interface MeanVarianceResult {
  /** One weight per asset, in the covariance's order: Σw = 1, each in [0, maxWeight]. */
  weights: Float64Array;
  /** μᵀw (absent for {@link minimumVariance} called without expected returns). */
  expectedReturn?: number;
  /** wᵀΣw. */
  variance: number;
  /** √(wᵀΣw). */
  volatility: number;
  /** (μᵀw − r_f) / √(wᵀΣw), 0 when the volatility is 0 (absent without expected returns). */
  sharpeRatio?: number;
  certificate: MeanVarianceCertificate;
}
