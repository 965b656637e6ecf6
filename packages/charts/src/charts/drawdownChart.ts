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
 * drawdownChartSpec(backtestResult).title // => { text: "Drawdown", subtitle: "Below the running peak of the NAV · maximum: Portfolio −31.2%, SPY −24.5%" }
 */
export function drawdownChartSpec(input: BacktestLike | PerformanceInput, options: ChartOptions = {}): TopLevelSpec {
  const { portfolio, benchmark } = performanceSeries(input);
  const resolved = resolveOptions(options, "Drawdown", 220);
  const lines: TimeLine[] = [{ label: portfolio.label, color: PALETTE.portfolio, series: underwater(portfolio.nav) }];
  if (benchmark !== undefined) lines.push({ label: benchmark.label, color: PALETTE.benchmark, series: underwater(benchmark.nav) });
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
export async function drawdownChart(input: BacktestLike | PerformanceInput, options: ChartOptions = {}): Promise<string> {
  return renderSvg(drawdownChartSpec(input, options));
}

function percent(x: number): string {
  return `${x < 0 ? "−" : ""}${Math.abs(x * 100).toFixed(1)}%`;
}
