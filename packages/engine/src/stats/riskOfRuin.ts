import { toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";
import { conventionOf, type ConventionOptions } from "./statsConvention.ts";

/**
 * Risk of ruin (quantstats `risk_of_ruin`): the gambler's-ruin probability of losing everything
 * betting one unit per period at a win probability w, `((1 - w) / (1 + w))^n` for n periods.
 * w is the convention's win rate: engine and empyrical, the fraction of positive periods (zeros
 * count as misses, as {@link hitRate}); quantstats (`win_rate`), positive over non-zero periods
 * (0 when every return is 0).
 *
 * @see docs/maths.md#risk-of-ruin
 * Cost: O(n).
 * @param returns at least 1 finite value. Never mutated.
 * @param options `{ convention }`.
 * @throws EngineError INVALID_INPUT when `returns` is empty or holds a non-finite value, or `convention` is unknown.
 * @example
 * riskOfRuin([0.01, -0.01, 0.02, 0]) // => 0.012345679012345677 (w = 2/4: (1/3)^4; quantstats counts w = 2/3: (1/5)^4)
 */
export function riskOfRuin(returns: NumericArray, options?: ConventionOptions): number {
  const r = toFiniteFloat64("returns", returns, 1);
  const convention = conventionOf(options);
  let wins = 0;
  let zeros = 0;
  for (let t = 0; t < r.length; t++) {
    if (r[t]! > 0) wins++;
    else if (r[t] === 0) zeros++;
  }
  const counted = convention === "quantstats" ? r.length - zeros : r.length;
  const w = counted === 0 ? 0 : wins / counted;
  return Math.pow((1 - w) / (1 + w), r.length);
}
