import { assertFinite, toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";
import { EPS } from "../_internal/tolerance.ts";
import { normalCdf } from "../_internal/normal.ts";
import { centralMoments } from "./_internal/centralMoments.ts";
import { scaledMoments } from "./scaledMoments.ts";
import { periodOptions, type PeriodOptions } from "./periodOptions.ts";
import { conventionOf, type StatsConvention } from "./statsConvention.ts";
import { quantstatsVersionOf, type QuantstatsVersion } from "./quantstatsVersion.ts";

/** Options of {@link probabilisticSharpeRatio}. */
export interface ProbabilisticSharpeRatioOptions extends PeriodOptions {
  /** The benchmark Sharpe ratio SR*, annualised like {@link sharpeRatio}'s result (÷ sqrt(p) per period); default 0. */
  targetSharpe?: number;
  /** "engine" (default; "empyrical", which has no PSR, gives the same) or "quantstats": which skewness and kurtosis estimators. */
  convention?: StatsConvention;
  /**
   * With convention "quantstats": the release followed, "0.0.84" (default) or "0.0.81", whose
   * `probabilistic_ratio` took the Sharpe ratio of the raw returns, used the annual rate as a
   * per-period target SR* and put the excess kurtosis where the raw one belongs.
   */
  quantstatsVersion?: QuantstatsVersion;
}

/**
 * Probabilistic Sharpe ratio (Bailey & López de Prado 2012, "The Sharpe ratio efficient
 * frontier", *Journal of Risk* 15(2), eq. 9): the probability that the true Sharpe ratio exceeds
 * SR*, given n returns with skewness γ3 and (raw) kurtosis γ4,
 * `PSR = Φ( (SR - SR*) · sqrt(n - 1) / sqrt(1 - γ3 SR + (γ4 - 1)/4 · SR²) )`, with SR the
 * per-period Sharpe ratio of the excess returns (sample sd, as {@link sharpeRatio} before
 * annualisation) and SR* per period. Engine convention: the moment estimators g1 and g2 + 3
 * ({@link skewness}, {@link kurtosis}); quantstats (`probabilistic_sharpe_ratio`, 0.0.82 on, with
 * its kurtosis fix): pandas' adjusted estimators G1 and G2 + 3. quantstats 0.0.81
 * (`quantstatsVersion: "0.0.81"`): SR of the returns without the risk-free rate, SR* = the annual
 * rate rf itself (plus `targetSharpe / sqrt(p)`), and G2 in place of γ4 (so the variance term is
 * `1 - G1 SR + (G2 - 1)/4 SR²`).
 * Degenerate case: when the variance term is <= 0 (possible only with the adjusted estimators, or
 * a constant series) the result is 1 if SR > SR*, else 0.
 *
 * @see docs/maths.md#probabilistic-sharpe-ratio
 * Cost: O(n).
 * @param returns at least 4 finite values. Never mutated.
 * @param options `{ targetSharpe, riskFreeRate, periodsPerYear, convention, quantstatsVersion }`.
 * @throws EngineError INVALID_INPUT when `returns` has fewer than 4 values or holds a non-finite
 *   value, or an option is out of range.
 * @example
 * probabilisticSharpeRatio([0.01, -0.005, 0.02, 0.0, 0.015, -0.01]) // => 0.8249869397536315
 */
export function probabilisticSharpeRatio(returns: NumericArray, options: ProbabilisticSharpeRatioOptions = {}): number {
  const r = toFiniteFloat64("returns", returns, 4);
  const convention = conventionOf(options, [
    "convention",
    "targetSharpe",
    "riskFreeRate",
    "periodsPerYear",
    "quantstatsVersion",
  ]);
  const version = quantstatsVersionOf(options.quantstatsVersion, convention);
  const { riskFreeRate, periodsPerYear, perPeriodRf } = periodOptions(options, [
    "targetSharpe",
    "convention",
    "quantstatsVersion",
  ]);
  const targetSharpe = options.targetSharpe === undefined ? 0 : options.targetSharpe;
  assertFinite("targetSharpe", targetSharpe);
  if (version === "0.0.81")
    return psrOf(r, 0, riskFreeRate + targetSharpe / Math.sqrt(periodsPerYear), convention, true);
  return psrOf(r, perPeriodRf, targetSharpe / Math.sqrt(periodsPerYear), convention);
}

/**
 * PSR of checked returns against a per-period SR* (shared with deflatedSharpeRatio);
 * `excessKurtosisAsRaw` reproduces quantstats 0.0.81's kurtosis offset.
 */
export function psrOf(
  r: Float64Array,
  perPeriodRf: number,
  target: number,
  convention: StatsConvention,
  excessKurtosisAsRaw = false,
): number {
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
  const variance = 1 - g1 * sr + ((g2 + (excessKurtosisAsRaw ? 0 : 3) - 1) / 4) * sr * sr;
  if (!(variance > 0)) return sr > target ? 1 : 0;
  return normalCdf(((sr - target) * Math.sqrt(n - 1)) / Math.sqrt(variance));
}
