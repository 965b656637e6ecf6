import { assertFinite, toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";
import { EPS } from "../_internal/tolerance.ts";
import { normalCdf } from "../_internal/normal.ts";
import { centralMoments } from "./_internal/centralMoments.ts";
import { scaledMoments } from "./_internal/scaledMoments.ts";
import { periodOptions, type PeriodOptions } from "./_internal/periodOptions.ts";
import { conventionOf, type StatsConvention } from "./statsConvention.ts";

/** Options of {@link probabilisticSharpeRatio}. */
export interface ProbabilisticSharpeRatioOptions extends PeriodOptions {
  /** The benchmark Sharpe ratio SR*, annualised like {@link sharpeRatio}'s result (÷ sqrt(p) per period); default 0. */
  targetSharpe?: number;
  /** "engine" (default; "empyrical", which has no PSR, gives the same) or "quantstats": which skewness and kurtosis estimators. */
  convention?: StatsConvention;
}

/**
 * Probabilistic Sharpe ratio (Bailey & López de Prado 2012, "The Sharpe ratio efficient
 * frontier", *Journal of Risk* 15(2), eq. 9): the probability that the true Sharpe ratio exceeds
 * SR*, given n returns with skewness γ3 and (raw) kurtosis γ4,
 * `PSR = Φ( (SR - SR*) · sqrt(n - 1) / sqrt(1 - γ3 SR + (γ4 - 1)/4 · SR²) )`, with SR the
 * per-period Sharpe ratio of the excess returns (sample sd, as {@link sharpeRatio} before
 * annualisation) and SR* per period. Engine convention: the moment estimators g1 and g2 + 3
 * ({@link skewness}, {@link kurtosis}); quantstats (`probabilistic_sharpe_ratio`, 0.0.8x with
 * its kurtosis fix): pandas' adjusted estimators G1 and G2 + 3.
 * Degenerate case: when the variance term is <= 0 (possible only with the adjusted estimators, or
 * a constant series) the result is 1 if SR > SR*, else 0.
 *
 * @see docs/maths.md#probabilistic-sharpe-ratio
 * Cost: O(n).
 * @param returns at least 4 finite values. Never mutated.
 * @param options `{ targetSharpe, riskFreeRate, periodsPerYear, convention }`.
 * @throws EngineError INVALID_INPUT when `returns` has fewer than 4 values or holds a non-finite
 *   value, or an option is out of range.
 * @example
 * probabilisticSharpeRatio([0.01, -0.005, 0.02, 0.0, 0.015, -0.01]) // => 0.8249869397536315
 */
export function probabilisticSharpeRatio(returns: NumericArray, options: ProbabilisticSharpeRatioOptions = {}): number {
  const r = toFiniteFloat64("returns", returns, 4);
  const convention = conventionOf(options, ["convention", "targetSharpe", "riskFreeRate", "periodsPerYear"]);
  const { periodsPerYear, perPeriodRf } = periodOptions(options, ["targetSharpe", "convention"]);
  const targetSharpe = options.targetSharpe === undefined ? 0 : options.targetSharpe;
  assertFinite("targetSharpe", targetSharpe);
  return psrOf(r, perPeriodRf, targetSharpe / Math.sqrt(periodsPerYear), convention);
}

/** PSR of checked returns against a per-period SR* (shared with deflatedSharpeRatio). */
export function psrOf(r: Float64Array, perPeriodRf: number, target: number, convention: StatsConvention): number {
  const m = centralMoments(r);
  const n = m.n;
  // The per-period Sharpe ratio of r - r_f: sharpeRatio's own computation before the sqrt(p).
  const e = scaledMoments(r, perPeriodRf);
  const sd = Math.sqrt(e.variance);
  const sr = sd > EPS * e.maxAbs ? e.mean / sd : 0;
  let g1 = m.g1;
  let g2 = m.b2 - 3;
  if (convention === "quantstats" && !m.degenerate) {
    g1 = (g1 * Math.sqrt(n * (n - 1))) / (n - 2);
    g2 = (((n + 1) * g2 + 6) * (n - 1)) / ((n - 2) * (n - 3));
  }
  if (m.degenerate) g2 = 0;
  const variance = 1 - g1 * sr + ((g2 + 3 - 1) / 4) * sr * sr;
  if (!(variance > 0)) return sr > target ? 1 : 0;
  return normalCdf(((sr - target) * Math.sqrt(n - 1)) / Math.sqrt(variance));
}
