import { compensatedSum } from "../_internal/compensatedSum.ts";
import { SECONDS_PER_DAY } from "../stats/conventions.ts";
import { conventionOf, type ConventionOptions } from "../stats/statsConvention.ts";
import { drawdownTable } from "./drawdownTable.ts";
import { checkedPoints } from "./_internal/checkedPoints.ts";

/** The drawdown rows of a report (see {@link drawdownStatistics}). */
export interface DrawdownStatistics {
  /** Depth of the deepest episode, in [-1, 0]; 0 without drawdown. */
  maxDrawdown: number;
  /** Unix seconds the deepest episode starts: its peak (engine), or the first point below the peak (quantstats); null without drawdown. */
  maxDrawdownStart: number | null;
  /** Unix seconds of the deepest episode's trough (the first lowest point); null without drawdown. */
  maxDrawdownTrough: number | null;
  /**
   * Unix seconds the deepest episode ends: its recovery, null when not recovered (engine), or its
   * last point below the peak, the last point when not recovered (quantstats); null without drawdown.
   */
  maxDrawdownEnd: number | null;
  /** Calendar days of the longest episode; 0 without drawdown. */
  longestDrawdownDays: number;
  /** Mean depth of all episodes; 0 without drawdown. */
  averageDrawdown: number;
  /** Mean calendar days of all episodes (quantstats: rounded half to even to a whole day); 0 without drawdown. */
  averageDrawdownDays: number;
  /** Number of episodes. */
  episodes: number;
}

/**
 * The drawdown rows of a quant report from every {@link drawdownTable} episode of a `[t, value]`
 * series: the deepest one's depth and dates, the longest and the mean length in calendar days,
 * and the mean depth. Engine convention: an episode runs from its peak to its recovery (or the
 * last point), `days = (t_end - t_peak) / 86400`. quantstats convention (`drawdown_details`,
 * `_calc_dd`): from the first point below the peak to the last point below it,
 * `days = ⌊(t_last - t_first) / 86400⌋ + 1`, the mean days rounded half to even.
 *
 * @see docs/maths.md#drawdown-statistics
 * Cost: O(n + e log e) for e episodes.
 * @param timeSeries at least 2 `[t, value]` points, t strictly increasing Unix seconds, value finite and > 0.
 * @param options `{ convention }`.
 * @throws EngineError INVALID_INPUT when the series is short or malformed, or `convention` is unknown.
 * @example
 * drawdownStatistics([[0, 100], [86400, 90], [172800, 100], [259200, 95]]).longestDrawdownDays // => 2
 */
export function drawdownStatistics(
  timeSeries: ReadonlyArray<readonly [number, number]>,
  options?: ConventionOptions,
): DrawdownStatistics {
  const quantstats = conventionOf(options) === "quantstats";
  const { t, v } = checkedPoints(timeSeries);
  const episodes = drawdownTable(v);
  if (episodes.length === 0) {
    return {
      maxDrawdown: 0,
      maxDrawdownStart: null,
      maxDrawdownTrough: null,
      maxDrawdownEnd: null,
      longestDrawdownDays: 0,
      averageDrawdown: 0,
      averageDrawdownDays: 0,
      episodes: 0,
    };
  }
  const last = t.length - 1;
  const span = episodes.map((e) =>
    quantstats
      ? { start: e.start + 1, end: e.recovery < 0 ? last : e.recovery - 1 }
      : { start: e.start, end: e.recovery < 0 ? -1 : e.recovery },
  );
  const days = span.map(({ start, end }) =>
    quantstats
      ? Math.floor((t[end]! - t[start]!) / SECONDS_PER_DAY) + 1
      : ((end < 0 ? t[last]! : t[end]!) - t[start]!) / SECONDS_PER_DAY,
  );
  const meanDays = compensatedSum(days) / days.length;
  const deepest = span[0]!;
  return {
    maxDrawdown: episodes[0]!.depth,
    maxDrawdownStart: t[deepest.start]!,
    maxDrawdownTrough: t[episodes[0]!.trough]!,
    maxDrawdownEnd: deepest.end < 0 ? null : t[deepest.end]!,
    longestDrawdownDays: days.reduce((m, x) => Math.max(m, x), 0),
    averageDrawdown: compensatedSum(episodes.map((e) => e.depth)) / episodes.length,
    averageDrawdownDays: quantstats ? roundHalfEven(meanDays) : meanDays,
    episodes: episodes.length,
  };
}

/** Nearest integer, ties to even (numpy's `round`). */
function roundHalfEven(x: number): number {
  const f = Math.floor(x);
  const d = x - f;
  if (d > 0.5) return f + 1;
  if (d < 0.5) return f;
  return f % 2 === 0 ? f : f + 1;
}
