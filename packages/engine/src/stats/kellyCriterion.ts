import { toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";
import { gainsAndLosses } from "./gainsAndLosses.ts";
import { payoffOf } from "./payoffRatio.ts";

/**
 * Kelly criterion (Kelly 1956), the fixed-odds fraction `f* = p - (1 - p) / b` with the win
 * probability `p = #{r_t > 0} / #{r_t ≠ 0}` (zero returns are no bet) and the odds `b` the
 * {@link payoffRatio}. quantstats' `kelly_criterion` (0.0.84 and later) computes the same.
 * May be negative (the bet loses on average). Degenerate case: `b` undefined (no positive or no
 * negative return) gives 0.
 *
 * @see docs/maths.md#win-loss-ratios
 * Cost: O(n).
 * @param returns at least 1 finite value. Never mutated.
 * @throws EngineError INVALID_INPUT when `returns` is empty or holds a non-finite value, or the payoff ratio overflows.
 * @example
 * kellyCriterion([0.02, -0.01, 0.04, -0.02]) // => 0.25 (p = 1/2, b = 2)
 */
export function kellyCriterion(returns: NumericArray): number {
  const g = gainsAndLosses(toFiniteFloat64("returns", returns, 1));
  const b = payoffOf(g);
  if (b === 0) return 0;
  const p = g.wins / (g.wins + g.lossCount);
  return p - (1 - p) / b + 0;
}
