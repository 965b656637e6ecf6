import { toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";
import { centralMoments } from "./_internal/centralMoments.ts";
import { conventionOf, type ConventionOptions } from "./statsConvention.ts";

/**
 * Excess kurtosis of returns (0 for a normal distribution). Engine and empyrical convention
 * (scipy.stats.kurtosis, fisher=True, bias=True): `g2 = m4 / m2² - 3` with
 * `m_k = (1/n) Σ (r_t - r̄)^k`. quantstats convention (pandas `Series.kurtosis`): the adjusted
 * estimator `G2 = ((n+1) g2 + 6) · (n-1) / ((n-2)(n-3))`.
 * Degenerate case: a series constant to EPS has excess kurtosis 0.
 *
 * @see docs/maths.md#skewness-and-kurtosis
 * Cost: O(n).
 * @param returns at least 4 finite values. Never mutated.
 * @param options `{ convention }`: "engine" (default), "empyrical" (the same) or "quantstats".
 * @throws EngineError INVALID_INPUT when `returns` has fewer than 4 values or holds a non-finite
 *   value, or `convention` is unknown.
 * @example
 * kurtosis([0.01, 0.02, 0.03, 0.10]) // => -0.7696000000000001
 */
export function kurtosis(returns: NumericArray, options?: ConventionOptions): number {
  const r = toFiniteFloat64("returns", returns, 4);
  const convention = conventionOf(options);
  const m = centralMoments(r);
  if (m.degenerate) return 0;
  const g2 = m.b2 - 3;
  const n = m.n;
  return convention === "quantstats" ? (((n + 1) * g2 + 6) * (n - 1)) / ((n - 2) * (n - 3)) + 0 : g2 + 0;
}
