import { toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";
import { profitFactor } from "./profitFactor.ts";
import { tailRatio } from "./tailRatio.ts";

/**
 * Common sense ratio (quantstats `common_sense_ratio`): the {@link profitFactor} times the
 * {@link tailRatio} at 95 %, `CSR = PF · |Q(0.95)| / |Q(0.05)|`. The same in every convention.
 * Degenerate case: 0 when either factor is 0 (no loss, or a zero lower quantile; quantstats
 * returns Infinity or NaN there).
 *
 * @see docs/maths.md#common-sense-ratio-and-cpc-index
 * Cost: O(n log n) (the quantiles sort a copy).
 * @param returns at least 1 finite value. Never mutated.
 * @throws EngineError INVALID_INPUT when `returns` is empty or holds a non-finite value, or the ratio overflows.
 * @example
 * commonSenseRatio([0.02, -0.01, 0.03, -0.02, 0.01]) // => 3.111111111111111
 */
export function commonSenseRatio(returns: NumericArray): number {
  const r = toFiniteFloat64("returns", returns, 1);
  return profitFactor(r) * tailRatio(r) + 0;
}
