import { assertInRange } from "../_internal/validate.ts";
import { assertRepresentable } from "./_internal/assertRepresentable.ts";

/**
 * Compound annual growth rate: `(end / start)^(1 / years) - 1`, computed as `expm1(g / years)`
 * with the log growth `g = log1p((end − start) / start)` when end <= 2·start (exact near zero
 * growth: the difference is exact there), else `ln end − ln start` (so that the ratio itself never
 * overflows).
 *
 * @see docs/maths.md#cagr
 * Cost: O(1).
 * @param startValue finite, > 0.
 * @param endValue finite, > 0.
 * @param years finite, >= 0. `years == 0` gives 0 by convention (no elapsed time: no annual rate
 *   is defined, and 0 matches {@link totalReturn} of a single point).
 * @throws EngineError INVALID_INPUT when a value is not finite or out of range, or the annual
 *   growth factor overflows (e.g. a 1e300-fold gain in one day).
 * @example
 * cagr(10000, 12100, 2) // => 0.0999999999999999
 */
export function cagr(startValue: number, endValue: number, years: number): number {
  assertInRange("startValue", startValue, { min: 0, minExclusive: true });
  assertInRange("endValue", endValue, { min: 0, minExclusive: true });
  assertInRange("years", years, { min: 0 });
  if (years === 0) return 0;
  const logGrowth = endValue <= 2 * startValue ? Math.log1p((endValue - startValue) / startValue) : Math.log(endValue) - Math.log(startValue);
  const rate = Math.expm1(logGrowth / years);
  return assertRepresentable(rate, "years", "the annual growth factor (endValue / startValue)^(1 / years)");
}
