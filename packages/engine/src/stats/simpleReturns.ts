import { assertAllPositive, toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";
import { assertRepresentable } from "./assertRepresentable.ts";

/**
 * Simple returns of a price (or NAV) series: `r_t = P_t / P_{t-1} - 1`, t = 1..n-1.
 *
 * @see docs/maths.md#simple-returns
 * Cost: O(n).
 * @param prices at least 2 finite values, each > 0. Never mutated.
 * @returns a new `Float64Array` of length n - 1.
 * @throws EngineError INVALID_INPUT when `prices` is not an array, has fewer than 2 values, holds a
 *   non-finite or non-positive value (naming `prices[i]`), or a ratio overflows (P_t / P_{t-1} > 1.8e308).
 * @example
 * Array.from(simpleReturns([100, 110, 99])) // => [0.10000000000000009, -0.09999999999999998]
 */
export function simpleReturns(prices: NumericArray): Float64Array {
  const p = toFiniteFloat64("prices", prices, 2);
  assertAllPositive("prices", p);
  const out = new Float64Array(p.length - 1);
  for (let t = 1; t < p.length; t++) {
    const r = p[t]! / p[t - 1]! - 1;
    // The message is built only on overflow: a template string per element costs more than the division.
    out[t - 1] = r < Infinity ? r : assertRepresentable(r, `prices[${t}]`, `prices[${t}] / prices[${t - 1}]`);
  }
  return out;
}
