import type { TopLevelSpec } from "vega-lite";
import { dateRange } from "../_internal/dateRange.ts";
import { rollingLines } from "../series/rollingLines.ts";
import { timeChartSpec } from "../_internal/timeChartSpec.ts";
import { renderSvg } from "../render/renderSvg.ts";
import { type RollingOptions, rollingVolatility } from "../series/statisticsAdapter.ts";
import type { BacktestLike, ChartOptions, PerformanceInput } from "../types.ts";

/** Options of the rolling charts: size and title, window, periods per year (only where the data do not say it), risk-free rate. */
export type RollingChartOptions = ChartOptions & RollingOptions;

/**
 * Vega-Lite spec of the rolling volatility chart: annualised volatility of the periodic returns
 * over a moving window (a year of points, or a quarter for short series: docs/maths.md#chart-series),
 * portfolio and benchmark. The periods a year (√P annualises) come from the data: a backtest's
 * `frequency`, else its dates (252 daily, 52 weekly, 12 monthly); the title and subtitle name them.
 * Default height 220.
 *
 * @throws ChartError naming the field when a series or an option is invalid, an option is unknown or contradicts the data, or the series is shorter than the window
 * @example
 * const days = Array.from({ length: 261 }, (_, i) => 1704067200 + (7 * Math.floor(i / 5) + (i % 5)) * 86400); // a year of Mondays to Fridays from 2024-01-01
 * const prices = new Map([["A", { start: 0, closes: days.map((_, i) => 100 + 10 * Math.sin(i / 15) + i / 10) }]]);
 * const backtestResult = buyAndHoldBacktest({ calendar: days, holdings: [{ id: "A", weight: 1 }], prices, benchmark: { symbol: "SPY", series: { start: 0, closes: days.map((_, i) => 100 + i / 20) } }, years: 1 });
 * rollingVolatilityChartSpec(backtestResult).title // => { text: "Rolling 13-week volatility", subtitle: "Annualised (52 periods a year), over the last 13 weekly returns" }
 */
export function rollingVolatilityChartSpec(
  input: BacktestLike | PerformanceInput,
  options: RollingChartOptions = {},
): TopLevelSpec {
  const { lines, window, sampling, range, resolved } = rollingLines(
    input,
    options,
    220,
    (w, unit) => `Rolling ${w}-${unit} volatility`,
    rollingVolatility,
  );
  return timeChartSpec(lines, {
    ...resolved,
    subtitle: `Annualised (${sampling.periodsPerYear} periods a year), over the last ${window} ${sampling.adjective} returns`,
    yTitle: "Volatility (% a year)",
    yFormat: ".0%",
    yScale: { zero: true },
    description: `Line chart of the rolling ${window}-${sampling.unit} annualised volatility of ${lines.map((l) => l.label).join(" and ")}, ${dateRange(range)}.`,
  });
}

/** The rolling volatility chart as an SVG document ({@link rollingVolatilityChartSpec}). */
export async function rollingVolatilityChart(
  input: BacktestLike | PerformanceInput,
  options: RollingChartOptions = {},
): Promise<string> {
  return renderSvg(rollingVolatilityChartSpec(input, options));
}
