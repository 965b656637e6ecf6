import type { NumericArray } from "../_internal/validate.ts";
import { toFiniteFloat64 } from "../_internal/validate.ts";

/** The best and worst period of a return series (see {@link extremePeriods}). */
export interface ExtremePeriods {
  best: number;
  /** Index of the best period (the first one on a tie). */
  bestIndex: number;
  worst: number;
  /** Index of the worst period (the first one on a tie). */
  worstIndex: number;
}

/**
 * Best and worst period: `max_t r_t` and `min_t r_t` with their indices (the first on a tie).
 *
 * @see docs/maths.md#best-and-worst-period
 * Cost: O(n).
 * @param returns at least 1 finite value.
 * @throws EngineError INVALID_INPUT when `returns` is empty or holds a non-finite value.
 * @example
 * extremePeriods([0.01, 0.05, -0.03, 0.05]) // => { best: 0.05, bestIndex: 1, worst: -0.03, worstIndex: 2 }
 */
export function extremePeriods(returns: NumericArray): ExtremePeriods {
  const r = toFiniteFloat64("returns", returns, 1);
  let bestIndex = 0;
  let worstIndex = 0;
  for (let t = 1; t < r.length; t++) {
    if (r[t]! > r[bestIndex]!) bestIndex = t;
    if (r[t]! < r[worstIndex]!) worstIndex = t;
  }
  return { best: r[bestIndex]! + 0, bestIndex, worst: r[worstIndex]! + 0, worstIndex };
}
