import type { NumericArray } from "../_internal/validate.ts";
import { toFiniteFloat64 } from "../_internal/validate.ts";
import { rollingOptions, type RollingRatioOptions } from "./_internal/rollingOptions.ts";
import { sortinoOf } from "./sortinoRatio.ts";
import { rollingWindow } from "./_internal/rollingWindow.ts";

/**
 * Rolling annualised Sortino ratio: {@link sortinoRatio} of each window of `window` consecutive
 * returns (same formula, target and degenerate case; quantstats' `rolling_sortino` computes the
 * same). Value `i` is the window ending at period `window - 1 + i`.
 *
 * @see docs/maths.md#rolling-windows
 * Cost: O(n · window).
 * @param returns at least `window` finite values.
 * @param window an integer >= 2.
 * @param options as sortinoRatio's (riskFreeRate default 0, periodsPerYear default 252), with
 *   `convention` and `quantstatsVersion` ("0.0.81" de-annualises the rate over the window, see RollingRatioOptions).
 * @returns a Float64Array of n - window + 1 values.
 * @throws EngineError INVALID_INPUT when `returns` is shorter than `window` or holds a non-finite
 *   value, or `window` or an option is out of range.
 * @example
 * Array.from(rollingSortino([0.02, -0.01, 0.03, -0.02, 0.01], 4, { periodsPerYear: 52 })) // => [3.224903099319419, 1.6124515496597096]
 */
export function rollingSortino(returns: NumericArray, window: number, options?: RollingRatioOptions): Float64Array {
  const r = toFiniteFloat64("returns", returns, 1);
  rollingWindow(window, r.length);
  const { periodsPerYear, perPeriodRf } = rollingOptions(options, window);
  const out = new Float64Array(r.length - window + 1);
  for (let i = 0; i < out.length; i++) out[i] = sortinoOf(r, i, i + window, periodsPerYear, perPeriodRf);
  return out;
}
