/**
 * Option names shared by every weight-producing method: one name, one default and one rule for one
 * meaning (docs/maths.md#portfolio-result). A method that must differ says so in its error.
 */

/** Weight rules: `Σw = 1`, `0 <= w_i <= maxWeight`, and, only when `minHoldings` is given, at least that many weights >= `minActiveWeight`. */
export interface WeightRuleOptions {
  /** w_max, the largest weight of any asset: 0 < x <= 1; default 1 (no cap). */
  maxWeight?: number;
  /**
   * K, the fewest holdings of weight >= minActiveWeight: an integer >= 1; default none, so the
   * result is the true optimum (a holdings-count rule makes the problem combinatorial).
   */
  minHoldings?: number;
  /** w_min, the weight a holding needs to count toward minHoldings: 0.0001 < x <= 1; default 0.01. Read only with minHoldings. */
  minActiveWeight?: number;
}

/** The risk-free rate, annual as a person types it (docs/maths.md#frequency-and-annual-units). */
export interface RiskFreeRateOption {
  /** r_f, annual, a fraction (0.04 for 4 %): -1 < r_f < 1; default 0. Converted with the data's periods a year. */
  riskFreeRate?: number;
}
