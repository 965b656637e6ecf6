import type { NumericArray } from "../_internal/validate.ts";
import { betaOf } from "./beta.ts";
import { pairedReturns } from "./_internal/pairedReturns.ts";
import { rollingWindow } from "./_internal/rollingWindow.ts";

/**
 * Rolling beta: {@link beta} of each window of `window` consecutive periods (same formula and
 * degenerate case). Value `i` is the window ending at period `window - 1 + i`.
 *
 * @see docs/maths.md#rolling-windows
 * Cost: O(n · window).
 * @param returns at least `window` finite values.
 * @param benchmarkReturns the same periods' benchmark returns.
 * @param window an integer >= 2.
 * @returns a Float64Array of n - window + 1 values.
 * @throws EngineError INVALID_INPUT when an array is shorter than `window`, holds a non-finite value,
 *   the lengths differ, or `window` is out of range.
 * @example
 * Array.from(rollingBeta([0.02, -0.02, 0.04, 0.01], [0.01, -0.01, 0.02, 0.01], 3)) // => [2, 1.9285714285714286]
 */
export function rollingBeta(returns: NumericArray, benchmarkReturns: NumericArray, window: number): Float64Array {
  const { r, b } = pairedReturns(returns, benchmarkReturns, 1);
  rollingWindow(window, r.length);
  const out = new Float64Array(r.length - window + 1);
  for (let i = 0; i < out.length; i++) out[i] = betaOf(r, b, i, i + window);
  return out;
}
