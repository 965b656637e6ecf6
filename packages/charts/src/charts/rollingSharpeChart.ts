import type { TopLevelSpec } from "vega-lite";
import { dateRange } from "../_internal/dateRange.ts";
import { rollingLines } from "../series/rollingLines.ts";
import { timeChartSpec } from "../_internal/timeChartSpec.ts";
import { renderSvg } from "../render/renderSvg.ts";
import { rollingSharpe } from "../series/statisticsAdapter.ts";
import type { BacktestLike, PerformanceInput } from "../types.ts";
import type { RollingChartOptions } from "./rollingVolatilityChart.ts";

/**
 * Vega-Lite spec of the rolling Sharpe ratio chart: annualised Sharpe ratio of the periodic
 * returns over a moving window (docs/maths.md#chart-series; annual risk-free rate `riskFreeRate`,
 * default 0), portfolio and benchmark, with a dashed rule at 0. The periods a year come from the
 * data, as in the rolling volatility chart. Default height 220.
 *
 * @throws ChartError naming the field when a series or an option is invalid, an option is unknown or contradicts the data, or the series is shorter than the window
 * @example
 * const days = Array.from({ length: 261 }, (_, i) => 1704067200 + (7 * Math.floor(i / 5) + (i % 5)) * 86400); // a year of Mondays to Fridays from 2024-01-01
 * const prices = new Map([["A", { start: 0, closes: days.map((_, i) => 100 + 10 * Math.sin(i / 15) + i / 10) }]]);
 * const backtestResult = buyAndHoldBacktest({ calendar: days, holdings: [{ id: "A", weight: 1 }], prices, benchmark: { symbol: "SPY", series: { start: 0, closes: days.map((_, i) => 100 + i / 20) } }, years: 1 });
 * rollingSharpeChartSpec(backtestResult, { window: 26 }).title // => { text: "Rolling 26-week Sharpe ratio", subtitle: "Annualised (52 periods a year), last 26 weekly returns, risk-free 0.00%" }
 */
export function rollingSharpeChartSpec(
  input: BacktestLike | PerformanceInput,
  options: RollingChartOptions = {},
): TopLevelSpec {
  const { lines, window, sampling, riskFreeRate, range, resolved } = rollingLines(
    input,
    options,
    220,
    (w, unit) => `Rolling ${w}-${unit} Sharpe ratio`,
    rollingSharpe,
  );
  return timeChartSpec(lines, {
    ...resolved,
    subtitle: `Annualised (${sampling.periodsPerYear} periods a year), last ${window} ${sampling.adjective} returns, risk-free ${(riskFreeRate * 100).toFixed(2)}%`,
    yTitle: "Sharpe ratio (annualised)",
    yFormat: ".1f",
    rule: 0,
    description: `Line chart of the rolling ${window}-${sampling.unit} annualised Sharpe ratio of ${lines.map((l) => l.label).join(" and ")}, ${dateRange(range)}.`,
  });
}

/** The rolling Sharpe ratio chart as an SVG document ({@link rollingSharpeChartSpec}). */
export async function rollingSharpeChart(
  input: BacktestLike | PerformanceInput,
  options: RollingChartOptions = {},
): Promise<string> {
  return renderSvg(rollingSharpeChartSpec(input, options));
}
