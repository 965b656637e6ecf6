import type { TopLevelSpec } from "vega-lite";
import { ChartError } from "../ChartError.ts";
import { checkLabel, TITLE_MAX } from "../_internal/checkOptions.ts";
import { dateRange } from "../_internal/dateRange.ts";
import { performanceSeries } from "../_internal/performanceSeries.ts";
import { statisticsTableSpec } from "../_internal/statisticsTableSpec.ts";
import { CHART_CONFIG } from "../_internal/theme.ts";
import { renderSvg } from "../render/renderSvg.ts";
import type { RollingOptions } from "../series/statisticsAdapter.ts";
import type { BacktestLike, ConvictionPoint, WeightInput } from "../types.ts";
import { convictionChartSpec } from "./convictionChart.ts";
import { drawdownChartSpec } from "./drawdownChart.ts";
import { navChartSpec } from "./navChart.ts";
import { rollingSharpeChartSpec } from "./rollingSharpeChart.ts";
import { rollingVolatilityChartSpec } from "./rollingVolatilityChart.ts";
import { weightsChartSpec } from "./weightsChart.ts";
import { withSharedTimeAxis } from "../_internal/sharedTimeAxis.ts";

/** Every panel keeps its own scales and legends (a concatenation would otherwise share colours). */
const INDEPENDENT = { scale: { x: "independent", y: "independent", color: "independent", shape: "independent" }, legend: { color: "independent", shape: "independent" } };

/** What a tear sheet shows. */
export interface TearSheetInput {
  /** The engine's (or the service's) backtest result. */
  backtest: BacktestLike;
  /** The portfolio's weights (an optimizer's `weights`, or the holdings); adds the weights chart. */
  weights?: ReadonlyArray<WeightInput>;
  /** The portfolio's companies with market cap and conviction score; adds the conviction chart. */
  companies?: ReadonlyArray<ConvictionPoint>;
  /** The page's title; default "Tear sheet: <portfolioLabel> against <benchmark>". At most 200 characters. */
  title?: string;
  /** The portfolio's name in legends and the table; default "Portfolio". At most 80 characters. */
  portfolioLabel?: string;
  /** Rolling window and risk-free rate of the rolling charts. */
  rolling?: RollingOptions;
  /** Page width (the plot area of full-width charts), 480..4000; default 760. */
  width?: number;
}

/**
 * Vega-Lite spec of a one-page tear sheet: NAV against the benchmark, drawdown, rolling
 * volatility and rolling Sharpe side by side, the statistics table, then (when given) the
 * weights and the conviction scatter. Each panel keeps its own title, axes, scales and legend.
 *
 * @throws ChartError naming the field when any part's input is invalid
 * @example
 * const days = Array.from({ length: 261 }, (_, i) => 1704067200 + (7 * Math.floor(i / 5) + (i % 5)) * 86400); // a year of Mondays to Fridays from 2024-01-01
 * const prices = new Map([["A", { start: 0, closes: days.map((_, i) => 100 + 10 * Math.sin(i / 15) + i / 10) }]]);
 * const backtestResult = buyAndHoldBacktest({ calendar: days, holdings: [{ id: "A", weight: 1 }], prices, benchmark: { symbol: "SPY", series: { start: 0, closes: days.map((_, i) => 100 + i / 20) } }, years: 1 });
 * tearSheetSpec({ backtest: backtestResult }).vconcat.length // => 4
 */
export function tearSheetSpec(input: TearSheetInput): TopLevelSpec & { vconcat: unknown[] } {
  if (input === null || typeof input !== "object" || input.backtest === null || typeof input.backtest !== "object") throw new ChartError("backtest", "must be a backtest result");
  const { backtest } = input;
  const width = input.width ?? 760;
  if (!Number.isInteger(width) || width < 480 || width > 4000) throw new ChartError("width", `must be an integer in 480..4000, got ${String(width)}`);
  const label = input.portfolioLabel === undefined ? "Portfolio" : checkLabel("portfolioLabel", input.portfolioLabel);
  const { portfolio } = performanceSeries(backtest);
  const perf = { portfolio: backtest.timeSeries, benchmark: backtest.benchmarkTimeSeries, portfolioLabel: label, benchmarkLabel: backtest.benchmarkMetadata.symbol };
  const half = Math.floor((width - 90) / 2);
  // One date axis for every time panel: same domain, same ticks (the rolling panels start later).
  const t = portfolio.nav.t;
  const dated = (spec: TopLevelSpec) => part(withSharedTimeAxis(spec, t[0]!, t[t.length - 1]!));
  const row = (parts: unknown[]) => ({ hconcat: parts, spacing: 40, resolve: INDEPENDENT });
  const rows: unknown[] = [
    dated(navChartSpec(perf, { width, height: 280 })),
    dated(drawdownChartSpec(perf, { width, height: 180 })),
    row([dated(rollingVolatilityChartSpec(perf, { width: half, height: 180, ...input.rolling })), dated(rollingSharpeChartSpec(perf, { width: half, height: 180, ...input.rolling }))]),
  ];
  const table = statisticsTableSpec(backtest, label, input.weights === undefined ? width - 220 : half - 110);
  rows.push(input.weights === undefined ? table : row([table, part(weightsChartSpec(input.weights, { width: half, top: 15, other: "note" }))]));
  if (input.companies !== undefined) rows.push(part(convictionChartSpec(input.companies, { width, height: 260 })));
  const title = input.title === undefined ? `Tear sheet: ${label} against ${backtest.benchmarkMetadata.symbol}` : checkLabel("title", input.title, TITLE_MAX);
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    description: `Tear sheet of a backtest of ${label} against ${backtest.benchmarkMetadata.symbol}, ${dateRange(portfolio.nav.t)}.`,
    title: { text: title, subtitle: `Weekly buy-and-hold backtest · ${dateRange(portfolio.nav.t)} · ${backtest.metadata.stockCount} holdings`, fontSize: 20 },
    vconcat: rows,
    spacing: 28,
    resolve: INDEPENDENT,
    config: CHART_CONFIG,
  } as TopLevelSpec & { vconcat: unknown[] };
}

/** The tear sheet as one SVG document ({@link tearSheetSpec}). */
export async function tearSheet(input: TearSheetInput): Promise<string> {
  return renderSvg(tearSheetSpec(input));
}

/** A chart's spec without the top-level-only keys, to nest in a concatenation. */
function part(spec: TopLevelSpec): Record<string, unknown> {
  const { $schema: _schema, config: _config, ...rest } = spec as unknown as Record<string, unknown>;
  return rest;
}
