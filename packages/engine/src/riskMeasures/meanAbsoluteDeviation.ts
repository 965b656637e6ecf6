import { toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";
import { seriesRisk } from "./_internal/seriesRisk.ts";

/**
 * Mean absolute deviation of per-period returns (Konno & Yamazaki 1991):
 * `MAD = (1/T)·Σ_t |r_t − r̄|` with `r̄ = (1/T)·Σ_t r_t`, per period, >= 0.
 *
 * @see docs/maths.md#mean-absolute-deviation
 * Cost: O(T).
 * @param returns at least 1 finite value (simple returns). Never mutated.
 * @throws EngineError INVALID_INPUT when `returns` is empty or holds a non-finite value.
 * @example
 * meanAbsoluteDeviation([0.01, -0.01, 0.03, -0.03]) // => 0.02
 */
export function meanAbsoluteDeviation(returns: NumericArray): number {
  return seriesRisk("mad", toFiniteFloat64("returns", returns, 1), 0);
}
