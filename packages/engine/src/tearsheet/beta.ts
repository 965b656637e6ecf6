import { EPS } from "../_internal/tolerance.ts";
import type { NumericArray } from "../_internal/validate.ts";
import { assertRepresentable } from "../stats/assertRepresentable.ts";
import { covariance } from "./_internal/covariance.ts";
import { pairedReturns } from "./_internal/pairedReturns.ts";

/**
 * Beta of returns against benchmark returns: `β = cov(r, b) / var(b)`, sample (n - 1)
 * covariance and variance of the same periods (the risk-free rate cancels).
 * Degenerate case: a benchmark whose standard deviation is <= EPS · max|b_t| (a constant one)
 * gives 0.
 *
 * @see docs/maths.md#beta-and-alpha
 * Cost: O(n).
 * @param returns at least 2 finite values.
 * @param benchmarkReturns the benchmark's returns of the same periods (same length).
 * @throws EngineError INVALID_INPUT when an array is short, holds a non-finite value, the lengths
 *   differ, or the result overflows.
 * @example
 * beta([0.02, -0.02, 0.04], [0.01, -0.01, 0.02]) // => 2
 */
export function beta(returns: NumericArray, benchmarkReturns: NumericArray): number {
  const { r, b } = pairedReturns(returns, benchmarkReturns);
  return betaOf(r, b, 0, r.length);
}

/** β over [from, to) of checked arrays (shared with rollingBeta and jensenAlpha). */
export function betaOf(r: Float64Array, b: Float64Array, from: number, to: number): number {
  const { cov, varY, maxAbsY } = covariance(r, b, from, to);
  if (!(Math.sqrt(varY) > EPS * maxAbsY)) return 0;
  return assertRepresentable(cov / varY, "returns", "beta") + 0;
}
