/**
 * The risk measures `minimumRisk` and `meanRisk` optimise, each an exact linear programme over the
 * sample of T equally likely periods (docs/maths.md#risk-measures):
 * - "mad": mean absolute deviation, `(1/T)·Σ_t |r_t − r̄|` (Konno & Yamazaki 1991);
 * - "semi-deviation": lower semi-absolute deviation, `(1/T)·Σ_t max(0, r̄ − r_t)` (half the MAD);
 * - "cdar": conditional drawdown at risk at `confidence` β, on uncompounded cumulative returns (Chekhlov, Uryasev & Zabarankin 2005);
 * - "max-drawdown": the largest uncompounded drawdown (the β → 1 limit of CDaR);
 * - "minimax": the worst realisation, `max_t (−r_t)` (Young 1998).
 */
export type RiskMeasure = "mad" | "semi-deviation" | "cdar" | "max-drawdown" | "minimax";

/** Every {@link RiskMeasure}, in the order of docs/maths.md#risk-measures. */
export const RISK_MEASURES: readonly RiskMeasure[] = Object.freeze([
  "mad",
  "semi-deviation",
  "cdar",
  "max-drawdown",
  "minimax",
]);
