import type { NumericArray } from "../_internal/validate.ts";
import { assertAllPositive, assertInteger, toFiniteFloat64 } from "../_internal/validate.ts";

/** One drawdown episode of a value series, by index into it (see {@link drawdownTable}). */
export interface DrawdownEpisode {
  /** Depth `(V_trough − V_peak) / V_peak`, in [-1, 0). */
  depth: number;
  /** Index of the peak the episode starts from (the last running maximum before the fall). */
  start: number;
  /** Index of the lowest value of the episode (the first one on a tie). */
  trough: number;
  /** Index of the first value back at or above the peak; -1 when not recovered by the end. */
  recovery: number;
  /** Periods from the peak to the recovery, or to the last value when not recovered. */
  length: number;
}

/**
 * The drawdown episodes of a value (NAV or price) series, deepest first: an episode starts at a
 * running peak `V_s` followed by a lower value, reaches its trough (the minimum before the series
 * gets back to `V_s`) and ends at the recovery, the first value `>= V_s`; the last episode may
 * be unrecovered. Its depth is `(V_trough − V_s) / V_s`; the deepest depth is `maxDrawdown`.
 * Ties in depth keep time order. At most `top` episodes are returned.
 *
 * @see docs/maths.md#drawdown-table
 * Cost: O(n + e log e) for e episodes.
 * @param values at least 1 finite value > 0.
 * @param top the number of episodes to keep, an integer >= 1; default all.
 * @throws EngineError INVALID_INPUT when `values` is empty or holds a non-finite or non-positive value, or `top` is out of range.
 * @example
 * drawdownTable([100, 120, 90, 130, 117]) // => [{ depth: -0.25, start: 1, trough: 2, recovery: 3, length: 2 }, { depth: -0.1, start: 3, trough: 4, recovery: -1, length: 1 }]
 */
export function drawdownTable(values: NumericArray, top?: number): DrawdownEpisode[] {
  const v = toFiniteFloat64("values", values, 1);
  assertAllPositive("values", v);
  if (top !== undefined) assertInteger("top", top, { min: 1 });
  const episodes: DrawdownEpisode[] = [];
  let peak = 0;
  let trough = -1;
  for (let t = 1; t < v.length; t++) {
    const x = v[t]!;
    if (x >= v[peak]!) {
      if (trough >= 0)
        episodes.push({
          depth: (v[trough]! - v[peak]!) / v[peak]!,
          start: peak,
          trough,
          recovery: t,
          length: t - peak,
        });
      trough = -1;
      peak = t;
    } else if (trough < 0 || x < v[trough]!) trough = t;
  }
  if (trough >= 0)
    episodes.push({
      depth: (v[trough]! - v[peak]!) / v[peak]!,
      start: peak,
      trough,
      recovery: -1,
      length: v.length - 1 - peak,
    });
  episodes.sort((a, b) => a.depth - b.depth || a.start - b.start);
  return top === undefined ? episodes : episodes.slice(0, top);
}
