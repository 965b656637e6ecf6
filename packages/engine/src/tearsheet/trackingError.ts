import type { NumericArray } from "../_internal/validate.ts";
import { PERIODS_PER_YEAR } from "../stats/conventions.ts";
import { volatility } from "../stats/volatility.ts";
import { assertInRange } from "../_internal/validate.ts";
import { activeReturns } from "./_internal/activeReturns.ts";

/**
 * Tracking error: the annualised volatility of the active returns `a_t = r_t - b_t`,
 * `TE = s_a · sqrt(p)` (sample standard deviation, as {@link volatility}). 0 when the portfolio
 * moves with the benchmark period by period.
 *
 * @see docs/maths.md#tracking-error-and-information-ratio
 * Cost: O(n).
 * @param periodsPerYear finite, > 0; default 252 (daily). Use 52 for weekly returns.
 * @throws EngineError INVALID_INPUT when an array is short, holds a non-finite value, the lengths differ,
 *   `periodsPerYear` is out of range, or a difference overflows.
 * @example
 * trackingError([0.02, 0.00, 0.02], [0.01, 0.01, 0.01], 52) // => 0.08326663997864531
 */
export function trackingError(
  returns: NumericArray,
  benchmarkReturns: NumericArray,
  periodsPerYear: number = PERIODS_PER_YEAR.daily,
): number {
  return trackingErrorOf(activeReturns(returns, benchmarkReturns), periodsPerYear);
}

/** Tracking error of active returns already computed by `activeReturns` (shared with tearSheet). */
export function trackingErrorOf(active: Float64Array, periodsPerYear: number): number {
  assertInRange("periodsPerYear", periodsPerYear, { min: 0, minExclusive: true });
  return volatility(active, periodsPerYear);
}
