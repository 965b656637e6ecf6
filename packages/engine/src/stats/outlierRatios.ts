import { toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";
import { compensatedSum } from "../_internal/compensatedSum.ts";
import { conventionOf, type ConventionOptions } from "./statsConvention.ts";
import { linearQuantile } from "./_internal/linearQuantile.ts";
import { assertRepresentable } from "./assertRepresentable.ts";

/** The two ratios of {@link outlierRatios}. */
export interface OutlierRatios {
  /** `Q(0.99) / mean of the winning returns`. */
  win: number;
  /** `Q(0.01) / mean of the losing returns` (both negative: a positive ratio). */
  loss: number;
}

/**
 * Outlier win and loss ratios (quantstats `outlier_win_ratio` / `outlier_loss_ratio`): how far the
 * extreme returns are from the typical win or loss, `Q(0.99) / mean_{r_t>0} r_t` and
 * `Q(0.01) / mean_{r_t<0} r_t`, Q the linearly interpolated quantile (numpy's and pandas'
 * default). quantstats convention: its win mean is over `r_t >= 0`, so zero returns pull the
 * average win down and the ratio up (arguably a slip; kept under the preset only).
 * Degenerate case: no winning (losing) return gives a 0 ratio (quantstats: NaN).
 *
 * @see docs/maths.md#outlier-ratios
 * Cost: O(n log n) (the quantiles sort a copy).
 * @param returns at least 1 finite value. Never mutated.
 * @param options `{ convention }`: "engine" (default), "empyrical" (the same) or "quantstats".
 * @throws EngineError INVALID_INPUT when `returns` is empty or holds a non-finite value, or `convention` is unknown.
 * @example
 * outlierRatios([0.01, 0.03, -0.02, 0, -0.04]) // => { win: 1.4599999999999997, loss: 1.3066666666666666 }
 */
export function outlierRatios(returns: NumericArray, options?: ConventionOptions): OutlierRatios {
  const r = toFiniteFloat64("returns", returns, 1);
  const zerosWin = conventionOf(options) === "quantstats";
  const sorted = Float64Array.from(r).sort();
  const wins = r.filter((x) => x > 0 || (zerosWin && x === 0));
  const losses = r.filter((x) => x < 0);
  return {
    win: ratio(linearQuantile(sorted, 0.99), wins, "the outlier win ratio"),
    loss: ratio(linearQuantile(sorted, 0.01), losses, "the outlier loss ratio"),
  };
}

function ratio(quantile: number, part: Float64Array, what: string): number {
  const mean = part.length === 0 ? 0 : compensatedSum(part) / part.length;
  if (mean === 0) return 0;
  return assertRepresentable(quantile / mean, "returns", what) + 0;
}
