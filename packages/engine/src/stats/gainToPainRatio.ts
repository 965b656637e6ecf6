import { toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";
import { EPS } from "../_internal/tolerance.ts";
import { assertRepresentable } from "./assertRepresentable.ts";
import { gainsAndLosses } from "./gainsAndLosses.ts";

/**
 * Gain-to-pain ratio (Schwager 2012, *Hedge Fund Market Wizards*): the sum of all returns over the
 * magnitude of the sum of the negative ones, `GPR = Σ r_t / |Σ_{r_t<0} r_t|`. quantstats'
 * `gain_to_pain_ratio` (its default daily resolution sums each day's returns first, which changes
 * nothing for one return a day). Degenerate case: no negative return gives 0.
 *
 * @see docs/maths.md#win-loss-ratios
 * Cost: O(n).
 * @param returns at least 1 finite value. Never mutated.
 * @throws EngineError INVALID_INPUT when `returns` is empty or holds a non-finite value, or the ratio overflows.
 * @example
 * gainToPainRatio([0.02, -0.01, 0.03, -0.02]) // => 0.6666666666666666
 */
export function gainToPainRatio(returns: NumericArray): number {
  const g = gainsAndLosses(toFiniteFloat64("returns", returns, 1));
  if (!(g.losses > EPS * (g.gains + g.losses))) return 0;
  return assertRepresentable(g.total / g.losses, "returns", "the gain-to-pain ratio") + 0;
}
