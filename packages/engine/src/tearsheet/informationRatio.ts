import type { NumericArray } from "../_internal/validate.ts";
import { PERIODS_PER_YEAR } from "../stats/conventions.ts";
import { sharpeRatio } from "../stats/sharpeRatio.ts";
import { activeReturns } from "./_internal/activeReturns.ts";
import { conventionOf, type ConventionOptions } from "../stats/statsConvention.ts";

/**
 * Information ratio: the annualised mean active return over the tracking error,
 * `IR = ā / s_a · sqrt(p)` with `a_t = r_t - b_t`: the Sharpe ratio of the active returns with a
 * zero risk-free rate (computed by {@link sharpeRatio}, so its degenerate case too: 0 when
 * `s_a <= EPS · max|a_t|`, e.g. a portfolio that is the benchmark).
 *
 * @see docs/maths.md#tracking-error-and-information-ratio
 * Cost: O(n).
 * @param periodsPerYear finite, > 0; default 252 (daily). Use 52 for weekly returns.
 * @param options `{ convention }`: "engine" (default) annualises; "empyrical" (`excess_sharpe`)
 *   and "quantstats" (`information_ratio`) do not, `ā / s_a` (docs/maths.md#convention-presets).
 * @throws EngineError INVALID_INPUT as trackingError, or for an unknown `convention`.
 * @example
 * informationRatio([0.02, 0.00, 0.02], [0.01, 0.01, 0.01], 52) // => 2.0816659994661326
 */
export function informationRatio(
  returns: NumericArray,
  benchmarkReturns: NumericArray,
  periodsPerYear: number = PERIODS_PER_YEAR.daily,
  options?: ConventionOptions,
): number {
  const annualised = conventionOf(options) === "engine";
  const ir = informationRatioOf(activeReturns(returns, benchmarkReturns), periodsPerYear);
  return annualised ? ir : ir / Math.sqrt(periodsPerYear);
}

/** Information ratio of active returns already computed by `activeReturns` (shared with tearSheet). */
export function informationRatioOf(active: Float64Array, periodsPerYear: number): number {
  return sharpeRatio(active, { periodsPerYear });
}
