import { toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";
import { EPS } from "../_internal/tolerance.ts";
import { assertRepresentable } from "./assertRepresentable.ts";
import { gainsAndLosses } from "./gainsAndLosses.ts";

/**
 * Profit factor: the sum of the positive returns over the magnitude of the sum of the negative
 * ones, `PF = Σ_{r_t>0} r_t / |Σ_{r_t<0} r_t|` (quantstats' `profit_factor`; equal to the
 * {@link omegaRatio} at a zero threshold). Degenerate case: no negative return gives 0
 * (quantstats returns Infinity).
 *
 * @see docs/maths.md#win-loss-ratios
 * Cost: O(n).
 * @param returns at least 1 finite value. Never mutated.
 * @throws EngineError INVALID_INPUT when `returns` is empty or holds a non-finite value, or the ratio overflows.
 * @example
 * profitFactor([0.02, -0.01, 0.03, -0.02]) // => 1.6666666666666667
 */
export function profitFactor(returns: NumericArray): number {
  const g = gainsAndLosses(toFiniteFloat64("returns", returns, 1));
  if (!(g.losses > EPS * (g.gains + g.losses))) return 0;
  return assertRepresentable(g.gains / g.losses, "returns", "the profit factor") + 0;
}
