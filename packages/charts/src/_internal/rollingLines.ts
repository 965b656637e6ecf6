import type { BacktestLike, PerformanceInput } from "../types.ts";
import { type DerivedSeries, defaultWindow, type RollingOptions } from "../series/statisticsAdapter.ts";
import type { SeriesColumns } from "./seriesColumns.ts";
import { performanceSeries } from "./performanceSeries.ts";
import { PALETTE } from "./theme.ts";
import type { TimeLine } from "./timeChartSpec.ts";

/** The lines of a rolling-statistic chart and the window they used. */
export interface RollingLines {
  lines: TimeLine[];
  window: number;
  /** What one period is, for titles: "week" (52 a year), "day" (252 trading days) or "period". */
  unit: string;
  /** "weekly", "daily" or "periodic". */
  adjective: string;
  range: Float64Array;
}

/** Applies `statistic` (a function of the statistics adapter) to the portfolio and the benchmark with one window. */
export function rollingLines(
  input: BacktestLike | PerformanceInput,
  options: RollingOptions,
  statistic: (nav: SeriesColumns, options: RollingOptions) => DerivedSeries,
): RollingLines {
  const { portfolio, benchmark } = performanceSeries(input);
  const window = options.window ?? defaultWindow(portfolio.nav.v.length - 1);
  const withWindow = { ...options, window };
  const lines: TimeLine[] = [{ label: portfolio.label, color: PALETTE.portfolio, series: statistic(portfolio.nav, withWindow) }];
  if (benchmark !== undefined) lines.push({ label: benchmark.label, color: PALETTE.benchmark, series: statistic(benchmark.nav, withWindow) });
  const ppy = options.periodsPerYear ?? 52;
  const [unit, adjective] = ppy === 52 ? ["week", "weekly"] : ppy === 252 ? ["day", "daily"] : ["period", "periodic"];
  return { lines, window, unit, adjective, range: portfolio.nav.t };
}
