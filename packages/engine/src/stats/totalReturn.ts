import { assertAllPositive, toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";
import { assertRepresentable } from "./assertRepresentable.ts";

/**
 * Total return of a value (price or NAV) series: `V_last / V_first - 1`.
 *
 * @see docs/maths.md#total-return
 * Cost: O(n) (validation).
 * @param values at least 1 finite value, each > 0. A single value gives 0 (no time, no return).
 * @throws EngineError INVALID_INPUT when `values` is empty, holds a non-finite or non-positive value,
 *   or the ratio overflows.
 * @example
 * totalReturn([10000, 9000, 12500]) // => 0.25
 */
export function totalReturn(values: NumericArray): number {
  const v = toFiniteFloat64("values", values, 1);
  assertAllPositive("values", v);
  const last = v.length - 1;
  return assertRepresentable(v[last]! / v[0]! - 1, `values[${last}]`, `values[${last}] / values[0]`);
}
