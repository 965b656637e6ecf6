import { toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";
import { assertRepresentable } from "./assertRepresentable.ts";
import { gainsAndLosses } from "./gainsAndLosses.ts";

/**
 * Payoff ratio (win/loss ratio): the mean positive return over the magnitude of the mean negative
 * one, `b = mean_{r_t>0} r_t / |mean_{r_t<0} r_t|` (quantstats' `payoff_ratio`). Zero returns
 * count in neither mean. Degenerate case: no positive or no negative return gives 0.
 *
 * @see docs/maths.md#win-loss-ratios
 * Cost: O(n).
 * @param returns at least 1 finite value. Never mutated.
 * @throws EngineError INVALID_INPUT when `returns` is empty or holds a non-finite value, or the ratio overflows.
 * @example
 * payoffRatio([0.02, -0.01, 0.04, -0.02]) // => 2
 */
export function payoffRatio(returns: NumericArray): number {
  return payoffOf(gainsAndLosses(toFiniteFloat64("returns", returns, 1)));
}

/** The payoff ratio of counted gains and losses (shared with kellyCriterion). */
export function payoffOf(g: { gains: number; losses: number; wins: number; lossCount: number }): number {
  if (g.wins === 0 || g.lossCount === 0) return 0;
  return assertRepresentable(g.gains / g.wins / (g.losses / g.lossCount), "returns", "the payoff ratio") + 0;
}
