import { toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";
import { centralMoments } from "./_internal/centralMoments.ts";
import { conventionOf, type ConventionOptions } from "./statsConvention.ts";

/**
 * Skewness of returns. Engine and empyrical convention (scipy.stats.skew, bias=True): the moment
 * estimator `g1 = m3 / m2^{3/2}` with `m_k = (1/n) Σ (r_t - r̄)^k`. quantstats convention (pandas
 * `Series.skew`): the adjusted Fisher–Pearson estimator `G1 = g1 · sqrt(n(n-1)) / (n-2)`.
 * Degenerate case: a series constant to EPS (deviations <= 1e-9 · max|r_t|) has skewness 0.
 *
 * @see docs/maths.md#skewness-and-kurtosis
 * Cost: O(n).
 * @param returns at least 3 finite values. Never mutated.
 * @param options `{ convention }`: "engine" (default), "empyrical" (the same) or "quantstats".
 * @throws EngineError INVALID_INPUT when `returns` has fewer than 3 values or holds a non-finite
 *   value, or `convention` is unknown.
 * @example
 * skewness([0.01, 0.02, 0.03, 0.10]) // => 1.0182337649086284
 */
export function skewness(returns: NumericArray, options?: ConventionOptions): number {
  const r = toFiniteFloat64("returns", returns, 3);
  const convention = conventionOf(options);
  const { g1, n } = centralMoments(r);
  return convention === "quantstats" ? (g1 * Math.sqrt(n * (n - 1))) / (n - 2) + 0 : g1;
}
