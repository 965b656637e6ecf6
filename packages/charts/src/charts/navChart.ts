import type { TopLevelSpec } from "vega-lite";
import { resolveOptions } from "../_internal/checkOptions.ts";
import { dateRange } from "../_internal/dateRange.ts";
import { performanceSeries } from "../_internal/performanceSeries.ts";
import { PALETTE } from "../_internal/theme.ts";
import { type TimeLine, timeChartSpec } from "../_internal/timeChartSpec.ts";
import { renderSvg } from "../render/renderSvg.ts";
import type { BacktestLike, ChartOptions, PerformanceInput } from "../types.ts";

/** Options of {@link navChart}. */
export interface NavChartOptions extends ChartOptions {
  /** Logarithmic NAV axis (equal distances are equal returns: better for 10 to 20 years); default false. */
  logScale?: boolean;
}

/**
 * Vega-Lite spec of the NAV chart: the portfolio's weekly NAV and its benchmark's, both rebased
 * to 10,000 (docs/maths.md#buy-and-hold-nav), over time. Title, date axis (UTC), NAV axis,
 * legend when there is a benchmark. Default height 320.
 *
 * @throws ChartError naming the field when a series or an option is invalid
 * @example
 * const days = Array.from({ length: 261 }, (_, i) => 1704067200 + (7 * Math.floor(i / 5) + (i % 5)) * 86400); // a year of Mondays to Fridays from 2024-01-01
 * const prices = new Map([["A", { start: 0, closes: days.map((_, i) => 100 + 10 * Math.sin(i / 15) + i / 10) }]]);
 * const backtestResult = buyAndHoldBacktest({ calendar: days, holdings: [{ id: "A", weight: 1 }], prices, benchmark: { symbol: "SPY", series: { start: 0, closes: days.map((_, i) => 100 + i / 20) } }, years: 1 });
 * navChartSpec(backtestResult).title // => { text: "NAV against SPY", subtitle: "Weekly, rebased to 10,000 · 2024-01-05 → 2024-12-30" }
 */
export function navChartSpec(input: BacktestLike | PerformanceInput, options: NavChartOptions = {}): TopLevelSpec {
  const { portfolio, benchmark } = performanceSeries(input);
  const lines: TimeLine[] = [{ label: portfolio.label, color: PALETTE.portfolio, series: portfolio.nav }];
  if (benchmark !== undefined) lines.push({ label: benchmark.label, color: PALETTE.benchmark, series: benchmark.nav });
  const resolved = resolveOptions(options, benchmark === undefined ? "NAV" : `NAV against ${benchmark.label}`, 320);
  const log = options.logScale === true;
  return timeChartSpec(lines, {
    ...resolved,
    subtitle: `Weekly, rebased to 10,000${log ? ", log scale" : ""} · ${dateRange(portfolio.nav.t)}`,
    yTitle: log ? "NAV (rebased to 10,000; log scale)" : "NAV (rebased to 10,000)",
    yFormat: ",.0f",
    yScale: { type: log ? "log" : "linear", zero: false },
    description: `Line chart of the weekly NAV of ${lines.map((l) => l.label).join(" and ")}, rebased to 10,000, ${dateRange(portfolio.nav.t)}.`,
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
