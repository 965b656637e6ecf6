import { toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";
import { seriesRisk } from "./_internal/seriesRisk.ts";

/**
 * The largest uncompounded drawdown, `max_t D_t` over the drawdowns of {@link uncompoundedDrawdowns}
 * (the β → 1 limit of CDaR, Chekhlov, Uryasev & Zabarankin 2005), >= 0. Unlike `maxDrawdown` on
 * values (compounded, relative to the running peak) it is linear in the weights of a portfolio.
 *
 * @see docs/maths.md#maximum-uncompounded-drawdown
 * Cost: O(T), one pass.
 * @param returns at least 1 finite value (simple returns). Never mutated.
 * @throws EngineError INVALID_INPUT when `returns` is empty or holds a non-finite value.
 * @example
 * uncompoundedMaxDrawdown([0.02, -0.03, 0.02, -0.04]) // => 0.05
 */
export function uncompoundedMaxDrawdown(returns: NumericArray): number {
  return seriesRisk("max-drawdown", toFiniteFloat64("returns", returns, 1), 0);
}
