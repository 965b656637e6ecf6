import { toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";
import { seriesRisk } from "./_internal/seriesRisk.ts";

/**
 * The worst realisation, `max_t (−r_t)`: the largest loss of any period (negative when every period
 * gains), the risk of Young's (1998) minimax portfolio.
 *
 * @see docs/maths.md#worst-realisation
 * Cost: O(T).
 * @param returns at least 1 finite value (simple returns). Never mutated.
 * @throws EngineError INVALID_INPUT when `returns` is empty or holds a non-finite value.
 * @example
 * worstRealisation([0.02, -0.03, 0.01]) // => 0.03
 */
export function worstRealisation(returns: NumericArray): number {
  return seriesRisk("minimax", toFiniteFloat64("returns", returns, 1), 0);
}
