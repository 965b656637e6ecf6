import { toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";
import { drawdownsOf } from "./_internal/seriesRisk.ts";

/**
 * The drawdowns of uncompounded cumulative returns, as Chekhlov, Uryasev & Zabarankin (2005) define
 * them: with `c_0 = 0` and `c_t = Σ_{s<=t} r_s`, `D_t = max_{0<=s<=t} c_s − c_t` for t = 1..T, each >= 0
 * (a fraction of the initial capital, not of the running peak as `maxDrawdown` on values measures).
 *
 * @see docs/maths.md#uncompounded-drawdown
 * Cost: O(T), one pass.
 * @param returns at least 1 finite value (simple returns). Never mutated.
 * @throws EngineError INVALID_INPUT when `returns` is empty or holds a non-finite value.
 * @example
 * uncompoundedDrawdowns([0.5, -0.25, 0.5, -0.75]) // => Float64Array [0, 0.25, 0, 0.75]
 */
export function uncompoundedDrawdowns(returns: NumericArray): Float64Array {
  return drawdownsOf(toFiniteFloat64("returns", returns, 1));
}
