import { toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";
import { scaledMoments } from "./scaledMoments.ts";

/**
 * Arithmetic mean of returns: `(1/n) Σ r_t`, with Neumaier compensated summation on values scaled
 * by a power of two (so it never overflows) and clamped into [min r, max r].
 *
 * @see docs/maths.md#mean-and-variance
 * Cost: O(n).
 * @param returns at least 1 finite value. Never mutated.
 * @throws EngineError INVALID_INPUT when `returns` is empty or holds a non-finite value.
 * @example
 * meanReturn([0.01, -0.02, 0.04]) // => 0.01
 */
export function meanReturn(returns: NumericArray): number {
  const r = toFiniteFloat64("returns", returns, 1);
  const m = scaledMoments(r);
  return m.mean * m.scale + 0;
}
