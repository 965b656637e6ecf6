import type { TopLevelSpec } from "vega-lite";
import { resolveOptions } from "../_internal/checkOptions.ts";
import { dateRange } from "../_internal/dateRange.ts";
import { performanceSeries } from "../_internal/performanceSeries.ts";
import { PALETTE } from "../_internal/theme.ts";
import { type TimeLine, timeChartSpec } from "../_internal/timeChartSpec.ts";
import { renderSvg } from "../render/renderSvg.ts";
import { underwater } from "../series/statisticsAdapter.ts";
import type { BacktestLike, ChartOptions, PerformanceInput } from "../types.ts";

/**
 * Vega-Lite spec of the underwater chart: the drawdown from the running peak of the portfolio's
 * NAV (and the benchmark's), in percent, ≤ 0 (docs/maths.md#chart-series). The subtitle names
 * each series' maximum drawdown. Default height 220.
 *
 * @throws ChartError naming the field when a series or an option is invalid (unknown options are refused with the closest name)
 * @example
 * const days = Array.from({ length: 261 }, (_, i) => 1704067200 + (7 * Math.floor(i / 5) + (i % 5)) * 86400); // a year of Mondays to Fridays from 2024-01-01
 * const prices = new Map([["A", { start: 0, closes: days.map((_, i) => 100 + 10 * Math.sin(i / 15) + i / 10) }]]);
 * const backtestResult = buyAndHoldBacktest({ calendar: days, holdings: [{ id: "A", weight: 1 }], prices, benchmark: { symbol: "SPY", series: { start: 0, closes: days.map((_, i) => 100 + i / 20) } }, years: 1 });
 * drawdownChartSpec(backtestResult).title // => { text: "Drawdown", subtitle: "Below the running peak of the NAV · maximum: Portfolio −13.7%, SPY 0.0%" }
 */
export function drawdownChartSpec(input: BacktestLike | PerformanceInput, options: ChartOptions = {}): TopLevelSpec {
  const { portfolio, benchmark } = performanceSeries(input);
  const resolved = resolveOptions(options, "Drawdown", 220);
  const lines: TimeLine[] = [{ label: portfolio.label, color: PALETTE.portfolio, series: underwater(portfolio.nav) }];
  if (benchmark !== undefined)
    lines.push({ label: benchmark.label, color: PALETTE.benchmark, series: underwater(benchmark.nav) });
  const worst = lines.map((l) => `${l.label} ${percent(Math.min(0, ...l.series.v))}`).join(", ");
  return timeChartSpec(lines, {
    ...resolved,
    subtitle: `Below the running peak of the NAV · maximum: ${worst}`,
    yTitle: "Drawdown (% below peak)",
    yFormat: ".0%",
    fillFirst: true,
    yScale: { zero: true, domainMax: 0 },
    description: `Underwater chart: drawdown of ${lines.map((l) => l.label).join(" and ")} from their running peak, ${dateRange(portfolio.nav.t)}; maximum ${worst}.`,
  });
}

/** The drawdown chart as an SVG document ({@link drawdownChartSpec}). */
export async function drawdownChart(
  input: BacktestLike | PerformanceInput,
  options: ChartOptions = {},
): Promise<string> {
  return renderSvg(drawdownChartSpec(input, options));
}

function percent(x: number): string {
  return `${x < 0 ? "−" : ""}${Math.abs(x * 100).toFixed(1)}%`;
}
