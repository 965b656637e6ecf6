import { assertInRange } from "../_internal/validate.ts";
import { assertRepresentable } from "./assertRepresentable.ts";

/**
 * Compound annual growth rate: `(end / start)^(1 / years) - 1`, computed as `expm1(g / years)`
 * with the log growth `g` taken where it keeps its digits (docs/maths.md#cagr):
 * `log1p((end − start) / start)` when start/2 <= end <= 2·start (the difference is exact there, so
 * near zero growth every digit is kept); else `ln(end / start)` (the ratio rounded once, as exact
 * for a near-total loss as for a large gain); `ln end − ln start` only when that ratio would
 * overflow or lose digits as a subnormal.
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
 * cagr(10000, 12100, 2) // => 0.09999999999999999
 * cagr(486.10843121839065, 1.155210871860657e-12, 6.401095140314853) // => -0.9948074617770193
 */
export function cagr(startValue: number, endValue: number, years: number): number {
  assertInRange("startValue", startValue, { min: 0, minExclusive: true });
  assertInRange("endValue", endValue, { min: 0, minExclusive: true });
  assertInRange("years", years, { min: 0 });
  if (years === 0) return 0;
  const rate = Math.expm1(logGrowth(startValue, endValue) / years);
  return assertRepresentable(rate, "years", "the annual growth factor (endValue / startValue)^(1 / years)");
}

/** Smallest positive normal double: a ratio below it is subnormal and has lost digits. */
const MIN_NORMAL = 2 ** -1022;

/** ln(end / start) for finite positive values, to a few units in the last place of its size. */
function logGrowth(start: number, end: number): number {
  if (end >= start * 0.5 && end <= start * 2) return Math.log1p((end - start) / start);
  const ratio = end / start;
  return ratio >= MIN_NORMAL && ratio < Infinity ? Math.log(ratio) : Math.log(end) - Math.log(start);
}
