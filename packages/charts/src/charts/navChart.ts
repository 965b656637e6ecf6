import type { TopLevelSpec } from "vega-lite";
import { decimalsOf, niceStep } from "../_internal/axisTicks.ts";
import { resolveOptions, displayValue } from "../_internal/checkOptions.ts";
import { dateRange } from "../_internal/dateRange.ts";
import { performanceSeries, seriesSampling } from "../_internal/performanceSeries.ts";
import { PALETTE } from "../_internal/theme.ts";
import { type TimeLine, timeChartSpec } from "../_internal/timeChartSpec.ts";
import { ChartError } from "../ChartError.ts";
import { renderSvg } from "../render/renderSvg.ts";
import type { BacktestLike, ChartOptions, PerformanceInput } from "../types.ts";

/** Options of {@link navChart}. */
export interface NavChartOptions extends ChartOptions {
  /** Logarithmic NAV axis (equal distances are equal returns: better for 10 to 20 years); default false. */
  logScale?: boolean;
}

/**
 * Vega-Lite spec of the NAV chart: the portfolio's NAV and its benchmark's over time, as given.
 * The subtitle says what the data are (docs/maths.md#chart-series): their sampling, read from the
 * input (a backtest result's `frequency`, else the dates: "Daily", "Weekly", "Monthly"…), and the
 * value they start from ("rebased to 10,000" when every series starts at one power of ten, as a
 * backtest's do; "not rebased" otherwise). Title, date axis (UTC), NAV axis (ticks chosen to
 * label the whole range, on a log axis too), legend when there is a benchmark. Default height 320.
 *
 * @throws ChartError naming the field when a series or an option is invalid (unknown options are refused with the closest name)
 * @example
 * const days = Array.from({ length: 261 }, (_, i) => 1704067200 + (7 * Math.floor(i / 5) + (i % 5)) * 86400); // a year of Mondays to Fridays from 2024-01-01
 * const prices = new Map([["A", { start: 0, closes: days.map((_, i) => 100 + 10 * Math.sin(i / 15) + i / 10) }]]);
 * const backtestResult = buyAndHoldBacktest({ calendar: days, holdings: [{ id: "A", weight: 1 }], prices, benchmark: { symbol: "SPY", series: { start: 0, closes: days.map((_, i) => 100 + i / 20) } }, years: 1 });
 * navChartSpec(backtestResult).title // => { text: "NAV against SPY", subtitle: "Weekly, rebased to 10,000 · 2024-01-05 → 2024-12-30" }
 */
export function navChartSpec(input: BacktestLike | PerformanceInput, options: NavChartOptions = {}): TopLevelSpec {
  const series = performanceSeries(input);
  const { portfolio, benchmark, base } = series;
  const resolved = resolveOptions(options, benchmark === undefined ? "NAV" : `NAV against ${benchmark.label}`, 320, [
    "logScale",
  ]);
  if (options.logScale !== undefined && typeof options.logScale !== "boolean")
    throw new ChartError("options.logScale", `must be true or false, got ${displayValue(options.logScale)}`);
  const log = options.logScale === true;
  const sampling = seriesSampling(series, undefined);
  const lines: TimeLine[] = [{ label: portfolio.label, color: PALETTE.portfolio, series: portfolio.nav }];
  if (benchmark !== undefined) lines.push({ label: benchmark.label, color: PALETTE.benchmark, series: benchmark.nav });
  const rebased =
    base === undefined ? "not rebased" : `rebased to ${base.toLocaleString("en-US", { maximumFractionDigits: 12 })}`;
  const what = [sampling?.label, rebased, log ? "log scale" : undefined].filter((x) => x !== undefined).join(", ");
  const subtitle = what[0]!.toUpperCase() + what.slice(1);
  return timeChartSpec(lines, {
    ...resolved,
    subtitle: `${subtitle} · ${dateRange(portfolio.nav.t)}`,
    yTitle: `NAV (${base === undefined ? "as given, not rebased" : rebased}${log ? "; log scale" : ""})`,
    yFormat: `,.${decimalsOf(niceStep(...extent(lines), 6))}f`,
    yScale: { type: log ? "log" : "linear", zero: false },
    description: `Line chart of the ${sampling === undefined ? "" : `${sampling.adjective} `}NAV of ${lines.map((l) => l.label).join(" and ")}, ${rebased}, ${dateRange(portfolio.nav.t)}.`,
  });
}

/**
 * The NAV chart as an SVG document: {@link navChartSpec} rendered by {@link renderSvg}.
 *
 * @example
 * const week = 604800;
 * const svg = await navChart({ portfolio: [[1704412800, 10000], [1704412800 + week, 10150], [1704412800 + 2 * week, 10090]] });
 * svg.startsWith("<svg") // => true
 */
export async function navChart(input: BacktestLike | PerformanceInput, options: NavChartOptions = {}): Promise<string> {
  return renderSvg(navChartSpec(input, options));
}

/** Smallest and largest value over the lines. */
function extent(lines: ReadonlyArray<TimeLine>): [number, number] {
  let low = Infinity;
  let high = -Infinity;
  for (const { series } of lines) for (const v of series.v) [low, high] = [Math.min(low, v), Math.max(high, v)];
  return [low, high];
}
