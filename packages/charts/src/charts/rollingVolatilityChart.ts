import type { TopLevelSpec } from "vega-lite";
import { resolveOptions } from "../_internal/checkOptions.ts";
import { dateRange } from "../_internal/dateRange.ts";
import { rollingLines } from "../_internal/rollingLines.ts";
import { timeChartSpec } from "../_internal/timeChartSpec.ts";
import { renderSvg } from "../render/renderSvg.ts";
import { type RollingOptions, rollingVolatility } from "../series/statisticsAdapter.ts";
import type { BacktestLike, ChartOptions, PerformanceInput } from "../types.ts";

/** Options of the rolling charts: size and title, window, periods per year, risk-free rate. */
export type RollingChartOptions = ChartOptions & RollingOptions;

/**
 * Vega-Lite spec of the rolling volatility chart: annualised volatility of the weekly returns over
 * a moving window (52 weeks, or 13 for short backtests: docs/maths.md#chart-series), portfolio and
 * benchmark. Default height 220.
 *
 * @throws ChartError naming the field when a series or an option is invalid, or the series is shorter than the window
 * @example
 * rollingVolatilityChartSpec(backtestResult).title // => { text: "Rolling 52-week volatility", subtitle: "Annualised, over the last 52 weekly returns" }
 */
export function rollingVolatilityChartSpec(input: BacktestLike | PerformanceInput, options: RollingChartOptions = {}): TopLevelSpec {
  const { lines, window, unit, adjective, range } = rollingLines(input, options, rollingVolatility);
  return timeChartSpec(lines, {
    ...resolveOptions(options, `Rolling ${window}-${unit} volatility`, 220),
    subtitle: `Annualised, over the last ${window} ${adjective} returns`,
    yTitle: "Volatility (% a year)",
    yFormat: ".0%",
    yScale: { zero: true },
    description: `Line chart of the rolling ${window}-period annualised volatility of ${lines.map((l) => l.label).join(" and ")}, ${dateRange(range)}.`,
  });
}

/** The rolling volatility chart as an SVG document ({@link rollingVolatilityChartSpec}). */
export async function rollingVolatilityChart(input: BacktestLike | PerformanceInput, options: RollingChartOptions = {}): Promise<string> {
  return renderSvg(rollingVolatilityChartSpec(input, options));
}
