import { assertInRange, toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";
import { EPS } from "../_internal/tolerance.ts";
import { assertRepresentable } from "./assertRepresentable.ts";
import { linearQuantile } from "./_internal/linearQuantile.ts";
import { readOptions } from "../_internal/readOptions.ts";

/** Options of {@link tailRatio}. */
export interface TailRatioOptions {
  /** The upper quantile, 0.5 < cutoff < 1; default 0.95 (the lower one is 1 - cutoff). */
  cutoff?: number;
}

/**
 * Tail ratio: the size of the right tail over the left, `|Q(c)| / |Q(1 - c)|` with `Q` the
 * linearly interpolated quantile of the returns (numpy's `percentile`, Hyndman & Fan type 7) and
 * `c` = 0.95 by default. The same in empyrical (`tail_ratio`) and quantstats (`tail_ratio`).
 * Degenerate case: `|Q(1 - c)| <= EPS · max|r_t|` (no left tail) gives 0.
 *
 * @see docs/maths.md#tail-ratio
 * Cost: O(n log n) (a sorted copy).
 * @param returns at least 1 finite value. Never mutated.
 * @param options `{ cutoff }`, see {@link TailRatioOptions}.
 * @throws EngineError INVALID_INPUT when `returns` is empty or holds a non-finite value, `cutoff`
 *   is out of range, `options` is not an object, or the ratio overflows.
 * @example
 * tailRatio([-0.02, -0.01, 0, 0.01, 0.03], { cutoff: 0.75 }) // => 1
 */
export function tailRatio(returns: NumericArray, options: TailRatioOptions = {}): number {
  const r = toFiniteFloat64("returns", returns, 1);
  const checked = readOptions<TailRatioOptions>(options, "{ cutoff? }", ["cutoff"]);
  const given = checked.cutoff;
  const cutoff = given === undefined ? 0.95 : given;
  assertInRange("cutoff", cutoff, { min: 0.5, max: 1, minExclusive: true, maxExclusive: true });
  const sorted = Float64Array.from(r).sort();
  const maxAbs = Math.max(Math.abs(sorted[0]!), Math.abs(sorted[sorted.length - 1]!));
  const left = Math.abs(linearQuantile(sorted, 1 - cutoff));
  if (!(left > EPS * maxAbs)) return 0;
  return assertRepresentable(Math.abs(linearQuantile(sorted, cutoff)) / left, "returns", "the tail ratio");
}
