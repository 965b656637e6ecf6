import { toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";
import { gainsAndLosses } from "./gainsAndLosses.ts";
import { payoffOf } from "./payoffRatio.ts";
import { profitFactor } from "./profitFactor.ts";

/**
 * CPC index (quantstats `cpc_index`): profit factor × win rate × payoff ratio,
 * `CPC = PF · p · b` with `p = |W| / (|W| + |L|)` the share of positive returns among the
 * non-zero ones (as {@link kellyCriterion}) and `b` the {@link payoffRatio}. Above 1 a strategy
 * makes money per period on both counts. The same in every convention; 0 when there is no loss
 * or no gain.
 *
 * @see docs/maths.md#common-sense-ratio-and-cpc-index
 * Cost: O(n).
 * @param returns at least 1 finite value. Never mutated.
 * @throws EngineError INVALID_INPUT when `returns` is empty or holds a non-finite value, or the index overflows.
 * @example
 * cpcIndex([0.02, -0.01, 0.03, -0.02]) // => 1.388888888888889
 */
export function cpcIndex(returns: NumericArray): number {
  const r = toFiniteFloat64("returns", returns, 1);
  const g = gainsAndLosses(r);
  return cpcOf(profitFactor(r), g.wins, g.lossCount, payoffOf(g));
}

/** PF · p · b from the parts (the tear sheet passes the payoff ratio of joint periods). */
export function cpcOf(profit: number, wins: number, lossCount: number, payoff: number): number {
  const p = wins + lossCount === 0 ? 0 : wins / (wins + lossCount);
  return profit * p * payoff + 0;
}
