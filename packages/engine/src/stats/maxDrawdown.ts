import { assertAllPositive, toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";

/**
 * Maximum drawdown of a value (price or NAV) series: `min_t (V_t − P_t) / P_t` with the running peak
 * `P_t = max_{s<=t} V_s` (the difference first: exact near the peak, unlike `V_t / P_t − 1`), a
 * fraction in [-1, 0]; 0 when the series never falls below its running peak (including n = 1).
 *
 * @see docs/maths.md#maximum-drawdown
 * Cost: O(n), one pass.
 * @param values at least 1 finite value, each > 0. Never mutated.
 * @throws EngineError INVALID_INPUT when `values` is empty or holds a non-finite or non-positive value.
 * @example
 * maxDrawdown([100, 120, 90, 130, 117]) // => -0.25
 */
export function maxDrawdown(values: NumericArray): number {
  const v = toFiniteFloat64("values", values, 1);
  assertAllPositive("values", v);
  let peak = v[0]!;
  let worst = 0;
  for (let t = 1; t < v.length; t++) {
    const x = v[t]!;
    if (x > peak) peak = x;
    else {
      const dd = (x - peak) / peak;
      if (dd < worst) worst = dd;
    }
  }
  return worst;
}
