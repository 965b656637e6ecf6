import { toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";
import { compensatedSum } from "../_internal/compensatedSum.ts";
import { conventionOf, type ConventionOptions } from "./statsConvention.ts";
import { assertRepresentable } from "./assertRepresentable.ts";

/**
 * Profit ratio (quantstats `profit_ratio`): the mean win per winning period over the mean loss per
 * losing period, `(|mean_W r| / |W|) / (|mean_L r| / |L|)` with W the positive and L the negative
 * returns. quantstats convention: W is `r_t >= 0` (zero returns count as wins).
 * Degenerate case: no win or no loss gives 0 (quantstats: 0 and NaN).
 *
 * @see docs/maths.md#win-loss-ratios
 * Cost: O(n).
 * @param returns at least 1 finite value. Never mutated.
 * @param options `{ convention }`.
 * @throws EngineError INVALID_INPUT when `returns` is empty or holds a non-finite value, `convention` is unknown, or the ratio overflows.
 * @example
 * profitRatio([0.02, -0.01, 0.04, -0.03]) // => 1.5
 */
export function profitRatio(returns: NumericArray, options?: ConventionOptions): number {
  const r = toFiniteFloat64("returns", returns, 1);
  const zerosWin = conventionOf(options) === "quantstats";
  const wins = r.filter((x) => x > 0 || (zerosWin && x === 0));
  const losses = r.filter((x) => x < 0);
  if (wins.length === 0 || losses.length === 0) return 0;
  const winRatio = Math.abs(compensatedSum(wins) / wins.length / wins.length);
  const lossRatio = Math.abs(compensatedSum(losses) / losses.length / losses.length);
  if (winRatio === 0) return 0;
  return assertRepresentable(winRatio / lossRatio, "returns", "the profit ratio") + 0;
}
