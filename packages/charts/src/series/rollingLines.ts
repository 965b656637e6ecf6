import type { BacktestLike, PerformanceInput } from "../types.ts";
import { type DerivedSeries, defaultWindow, type RollingOptions, type RollingParameters } from "./statisticsAdapter.ts";
import { checkAnnualRate, type ResolvedOptions, resolveOptions } from "../_internal/checkOptions.ts";
import { performanceSeries, requireSeriesSampling } from "../_internal/performanceSeries.ts";
import type { Sampling } from "../_internal/sampling.ts";
import type { SeriesColumns } from "../_internal/seriesColumns.ts";
import { PALETTE } from "../_internal/theme.ts";
import type { TimeLine } from "../_internal/timeChartSpec.ts";
import type { ChartOptions } from "../types.ts";

/** The option names of a rolling chart besides the chart options. */
export const ROLLING_KEYS = ["window", "periodsPerYear", "riskFreeRate"] as const;

/** The lines of a rolling-statistic chart, the window they used and the sampling that annualised them. */
export interface RollingLines {
  lines: TimeLine[];
  window: number;
  /** P and the words for one period ("week", "weekly"), read from the data. */
  sampling: Sampling;
  riskFreeRate: number;
  range: Float64Array;
  /** The chart options, checked (unknown keys refused), with the default title for `window`. */
  resolved: ResolvedOptions;
}

/**
 * Applies `statistic` (a function of the statistics adapter) to the portfolio and the benchmark with
 * one window, annualising with the data's periods a year (`options.periodsPerYear` only where it
 * agrees with the data). `title(window, unit)` is the chart's default title.
 */
export function rollingLines(
  input: BacktestLike | PerformanceInput,
  options: ChartOptions & RollingOptions,
  defaultHeight: number,
  title: (window: number, unit: string) => string,
  statistic: (nav: SeriesColumns, options: RollingParameters) => DerivedSeries,
): RollingLines {
  const series = performanceSeries(input);
  // Unknown keys are refused before anything is drawn; the title is filled in below.
  resolveOptions(options, "", defaultHeight, ROLLING_KEYS);
  const sampling = requireSeriesSampling(series, options.periodsPerYear);
  const riskFreeRate =
    options.riskFreeRate === undefined ? 0 : checkAnnualRate("options.riskFreeRate", options.riskFreeRate);
  const { portfolio, benchmark } = series;
  const window = options.window ?? defaultWindow(portfolio.nav.v.length - 1, sampling.periodsPerYear);
  const parameters = { window, periodsPerYear: sampling.periodsPerYear, riskFreeRate };
  const lines: TimeLine[] = [
    { label: portfolio.label, color: PALETTE.portfolio, series: statistic(portfolio.nav, parameters) },
  ];
  if (benchmark !== undefined)
    lines.push({ label: benchmark.label, color: PALETTE.benchmark, series: statistic(benchmark.nav, parameters) });
  const resolved = resolveOptions(options, title(window, sampling.unit), defaultHeight, ROLLING_KEYS);
  return { lines, window, sampling, riskFreeRate, range: portfolio.nav.t, resolved };
}
