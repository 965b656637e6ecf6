import type { NumericArray } from "../_internal/validate.ts";
import { toFiniteFloat64 } from "../_internal/validate.ts";
import { EPS } from "../_internal/tolerance.ts";
import { scaledMoments } from "../stats/scaledMoments.ts";
import { rollingOptions, type RollingRatioOptions } from "./_internal/rollingOptions.ts";
import { rollingWindow } from "./_internal/rollingWindow.ts";

/**
 * Rolling annualised Sharpe ratio: `sharpeRatio` of each window of `window` consecutive returns
 * (same formula, risk-free rate and degenerate case: 0 when the window's excess returns are
 * constant to EPS). Value `i` is the window ending at period `window - 1 + i`.
 *
 * @see docs/maths.md#rolling-windows
 * Cost: O(n · window).
 * @param returns at least `window` finite values.
 * @param window an integer >= 2.
 * @param options as sharpeRatio's (riskFreeRate default 0, periodsPerYear default 252), with
 *   `convention` and `quantstatsVersion` ("0.0.81" de-annualises the rate over the window, see RollingRatioOptions).
 * @returns a Float64Array of n - window + 1 values.
 * @throws EngineError INVALID_INPUT when `returns` is shorter than `window` or holds a non-finite
 *   value, or `window` or an option is out of range.
 * @example
 * Array.from(rollingSharpe([0.02, 0, 0.02, 0, 0.04], 4, { periodsPerYear: 52 })) // => [6.244997998398397, 5.6488132301476295]
 */
export function rollingSharpe(returns: NumericArray, window: number, options?: RollingRatioOptions): Float64Array {
  const r = toFiniteFloat64("returns", returns, 1);
  rollingWindow(window, r.length);
  const { periodsPerYear, perPeriodRf } = rollingOptions(options, window);
  const out = new Float64Array(r.length - window + 1);
  const root = Math.sqrt(periodsPerYear);
  for (let i = 0; i < out.length; i++) {
    const m = scaledMoments(r.subarray(i, i + window), perPeriodRf);
    const sd = Math.sqrt(m.variance);
    out[i] = sd > EPS * m.maxAbs ? (m.mean / sd) * root + 0 : 0;
  }
  return out;
}
