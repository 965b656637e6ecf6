import { toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";
import { semiDeviationOf } from "./_internal/seriesRisk.ts";

/**
 * Lower semi-absolute deviation of per-period returns, the "semi-deviation" risk measure:
 * `(1/T)·Σ_t max(0, r̄ − r_t)`, per period, >= 0. Because `Σ_t (r_t − r̄) = 0` it is exactly half the
 * mean absolute deviation, so minimising it gives the MAD portfolio (Speranza 1993). It is the
 * first-order semi-deviation (an LP), not the semi-standard deviation (a quadratic programme).
 *
 * @see docs/maths.md#semi-deviation
 * Cost: O(T).
 * @param returns at least 1 finite value (simple returns). Never mutated.
 * @throws EngineError INVALID_INPUT when `returns` is empty or holds a non-finite value.
 * @example
 * semiAbsoluteDeviation([0.01, -0.01, 0.03, -0.03]) // => 0.01
 */
export function semiAbsoluteDeviation(returns: NumericArray): number {
  return semiDeviationOf(toFiniteFloat64("returns", returns, 1));
}
