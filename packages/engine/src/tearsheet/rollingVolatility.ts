import type { NumericArray } from "../_internal/validate.ts";
import { assertInRange, toFiniteFloat64 } from "../_internal/validate.ts";
import { PERIODS_PER_YEAR } from "../stats/conventions.ts";
import { assertRepresentable } from "../stats/assertRepresentable.ts";
import { scaledMoments } from "../stats/scaledMoments.ts";
import { rollingWindow } from "./_internal/rollingWindow.ts";

/**
 * Rolling annualised volatility: for each window of `window` consecutive returns ending at
 * period t (t = window-1 .. n-1), `volatility` of that window (`s · sqrt(p)`, sample standard
 * deviation). Value `i` of the result is the window ending at period `window - 1 + i`.
 *
 * @see docs/maths.md#rolling-windows
 * Cost: O(n · window).
 * @param returns at least `window` finite values.
 * @param window an integer >= 2 (26 weekly returns: half a year).
 * @param periodsPerYear finite, > 0; default 252. Use 52 for weekly returns.
 * @returns a Float64Array of n - window + 1 values.
 * @throws EngineError INVALID_INPUT when `returns` is shorter than `window` or holds a non-finite
 *   value, or `window` or `periodsPerYear` is out of range.
 * @example
 * Array.from(rollingVolatility([0.01, -0.01, 0.01, 0.03], 3, 52)) // => [0.08326663997864531, 0.14422205101855956]
 */
export function rollingVolatility(
  returns: NumericArray,
  window: number,
  periodsPerYear: number = PERIODS_PER_YEAR.daily,
): Float64Array {
  const r = toFiniteFloat64("returns", returns, 1);
  rollingWindow(window, r.length);
  assertInRange("periodsPerYear", periodsPerYear, { min: 0, minExclusive: true });
  const out = new Float64Array(r.length - window + 1);
  for (let i = 0; i < out.length; i++) {
    const m = scaledMoments(r.subarray(i, i + window));
    out[i] = assertRepresentable(m.scale * Math.sqrt(m.variance * periodsPerYear), "returns", "the volatility");
  }
  return out;
}
