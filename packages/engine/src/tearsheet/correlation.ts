import { EPS } from "../_internal/tolerance.ts";
import type { NumericArray } from "../_internal/validate.ts";
import { covariance } from "./_internal/covariance.ts";
import { pairedReturns } from "./_internal/pairedReturns.ts";

/**
 * Pearson correlation of the returns with the benchmark's, `ρ = cov(r, b) / (s_r s_b)` (sample
 * moments; quantstats' report shows it as "Correlation", and its `r_squared` is `ρ²` from a
 * least-squares fit). The same in every convention. Degenerate case: either series constant to EPS
 * gives 0.
 *
 * @see docs/maths.md#correlation-and-r-squared
 * Cost: O(n).
 * @param returns at least 2 finite values. Never mutated.
 * @param benchmarkReturns the benchmark's returns of the same periods.
 * @throws EngineError INVALID_INPUT when a series is short, holds a non-finite value, or the lengths differ.
 * @example
 * correlation([0.01, 0.03, -0.02], [0.02, 0.06, -0.04]) // => 1
 */
export function correlation(returns: NumericArray, benchmarkReturns: NumericArray): number {
  const { r, b } = pairedReturns(returns, benchmarkReturns);
  return correlationOf(r, b);
}

/** ρ of checked arrays of the same length (shared with the tear sheet). */
export function correlationOf(r: Float64Array, b: Float64Array): number {
  const rb = covariance(r, b);
  const rr = covariance(r, r);
  const sr = Math.sqrt(rr.varY);
  const sb = Math.sqrt(rb.varY);
  if (!(sr > EPS * rr.maxAbsY) || !(sb > EPS * rb.maxAbsY)) return 0;
  return Math.max(-1, Math.min(1, rb.cov / (sr * sb))) + 0;
}
