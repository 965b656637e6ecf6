import type { TopLevelSpec } from "vega-lite";
import { ChartError } from "../ChartError.ts";
import { checkLabel, TITLE_MAX, displayValue } from "../_internal/checkOptions.ts";
import { dateRange } from "../_internal/dateRange.ts";
import { statisticsTableSpec } from "../_internal/statisticsTableSpec.ts";
import { CHART_CONFIG } from "../_internal/theme.ts";
import { renderSvg } from "../render/renderSvg.ts";
import type { RollingOptions } from "../series/statisticsAdapter.ts";
import type { BacktestLike, ConvictionPoint, WeightsInput } from "../types.ts";
import { performanceSeries as readSeries, seriesSampling } from "../_internal/performanceSeries.ts";
import { strictOptions } from "../_internal/strictOptions.ts";
import { engineCall } from "../_internal/engineCall.ts";
import { ROLLING_KEYS } from "../series/rollingLines.ts";
import { convictionChartSpec } from "./convictionChart.ts";
import { drawdownChartSpec } from "./drawdownChart.ts";
import { navChartSpec } from "./navChart.ts";
import { rollingSharpeChartSpec } from "./rollingSharpeChart.ts";
import { rollingVolatilityChartSpec } from "./rollingVolatilityChart.ts";
import { weightsChartSpec } from "./weightsChart.ts";
import { withSharedTimeAxis } from "../_internal/sharedTimeAxis.ts";

/** Every panel keeps its own scales and legends (a concatenation would otherwise share colours). */
const INDEPENDENT = {
  scale: { x: "independent", y: "independent", color: "independent", shape: "independent" },
  legend: { color: "independent", shape: "independent" },
};

/** What a tear sheet shows. Only these keys are read; any other is refused with the closest name. */
export interface TearSheetChartsInput {
  /** The engine's (or the service's) backtest result. */
  backtest: BacktestLike;
  /** The portfolio's weights (a portfolio result, `[{ id, weight, label? }]` or `{ id: weight }`); adds the weights chart. */
  weights?: WeightsInput;
  /** The portfolio's companies with market cap and conviction score; adds the conviction chart. */
  companies?: ReadonlyArray<ConvictionPoint>;
  /** The page's title; default "Tear sheet: <portfolioLabel> against <benchmark>". At most 200 characters. */
  title?: string;
  /** The portfolio's name in legends and the table; default "Portfolio". At most 80 characters. */
  portfolioLabel?: string;
  /** Rolling window and risk-free rate of the rolling charts (periods a year only where the backtest's dates do not say it). */
  rolling?: RollingOptions;
  /** Page width (the plot area of full-width charts), 480..4000; default 760. */
  width?: number;
}

/**
 * Vega-Lite spec of a one-page tear sheet: NAV against the benchmark, drawdown, rolling
 * volatility and rolling Sharpe side by side, the statistics table, then (when given) the
 * weights and the conviction scatter. Each panel keeps its own title, axes, scales and legend.
 *
 * The subtitle names the backtest's sampling (read from its `frequency` or its dates).
 *
 * @throws ChartError naming the field when any part's input is invalid, or a key of the input or of `rolling` is unknown
 * @example
 * const days = Array.from({ length: 261 }, (_, i) => 1704067200 + (7 * Math.floor(i / 5) + (i % 5)) * 86400); // a year of Mondays to Fridays from 2024-01-01
 * const prices = new Map([["A", { start: 0, closes: days.map((_, i) => 100 + 10 * Math.sin(i / 15) + i / 10) }]]);
 * const backtestResult = buyAndHoldBacktest({ calendar: days, holdings: [{ id: "A", weight: 1 }], prices, benchmark: { symbol: "SPY", series: { start: 0, closes: days.map((_, i) => 100 + i / 20) } }, years: 1 });
 * tearSheetChartsSpec({ backtest: backtestResult }).vconcat.length // => 4
 */
export function tearSheetChartsSpec(input: TearSheetChartsInput): TopLevelSpec & { vconcat: unknown[] } {
  return engineCall(() => pageSpec(input), "backtest");
}

function pageSpec(input: TearSheetChartsInput): TopLevelSpec & { vconcat: unknown[] } {
  const o = strictOptions<TearSheetChartsInput>("input", input, [
    "backtest",
    "weights",
    "companies",
    "title",
    "portfolioLabel",
    "rolling",
    "width",
  ]);
  if (o.backtest === null || typeof o.backtest !== "object")
    throw new ChartError("backtest", "must be a backtest result");
  const backtest = o.backtest;
  const width = o.width ?? 760;
  if (!Number.isInteger(width) || width < 480 || width > 4000)
    throw new ChartError("width", `must be an integer in 480..4000, got ${displayValue(width)}`);
  const label = o.portfolioLabel === undefined ? "Portfolio" : checkLabel("portfolioLabel", o.portfolioLabel);
  const rolling = strictOptions<RollingOptions>("rolling", o.rolling, [...ROLLING_KEYS]);
  const series = readSeries(backtest);
  const { portfolio, benchmark } = series;
  const sampling = seriesSampling(series, rolling.periodsPerYear, "rolling.periodsPerYear");
  const symbol = benchmark!.label;
  const perf = {
    portfolio: backtest.timeSeries,
    benchmark: backtest.benchmarkTimeSeries,
    portfolioLabel: label,
    benchmarkLabel: symbol,
    ...(series.declared === undefined ? {} : { frequency: series.declared.value as never }),
  };
  const half = Math.floor((width - 90) / 2);
  // One date axis for every time panel: same domain, same ticks (the rolling panels start later).
  const t = portfolio.nav.t;
  const dated = (spec: TopLevelSpec) => part(withSharedTimeAxis(spec, t[0]!, t[t.length - 1]!));
  const row = (parts: unknown[]) => ({ hconcat: parts, spacing: 40, resolve: INDEPENDENT });
  const rows: unknown[] = [
    dated(navChartSpec(perf, { width, height: 280 })),
    dated(drawdownChartSpec(perf, { width, height: 180 })),
    row([
      dated(rollingVolatilityChartSpec(perf, { width: half, height: 180, ...rolling })),
      dated(rollingSharpeChartSpec(perf, { width: half, height: 180, ...rolling })),
    ]),
  ];
  const table = statisticsTableSpec(backtest, label, o.weights === undefined ? width - 220 : half - 110);
  rows.push(
    o.weights === undefined
      ? table
      : row([table, part(weightsChartSpec(o.weights, { width: half, top: 15, other: "note" }))]),
  );
  if (o.companies !== undefined) rows.push(part(convictionChartSpec(o.companies, { width, height: 260 })));
  const title =
    o.title === undefined ? `Tear sheet: ${label} against ${symbol}` : checkLabel("title", o.title, TITLE_MAX);
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    description: `Tear sheet of a backtest of ${label} against ${symbol}, ${dateRange(portfolio.nav.t)}.`,
    title: {
      text: title,
      subtitle: `${sampling === undefined ? "Buy-and-hold" : `${sampling.adjective[0]!.toUpperCase()}${sampling.adjective.slice(1)} buy-and-hold`} backtest · ${dateRange(portfolio.nav.t)} · ${backtest.metadata.stockCount} holdings`,
      fontSize: 20,
    },
    vconcat: rows,
    spacing: 28,
    resolve: INDEPENDENT,
    config: CHART_CONFIG,
  } as TopLevelSpec & { vconcat: unknown[] };
}

/** The tear sheet as one SVG document ({@link tearSheetChartsSpec}). */
export async function tearSheetCharts(input: TearSheetChartsInput): Promise<string> {
  return renderSvg(tearSheetChartsSpec(input));
}

/** A chart's spec without the top-level-only keys, to nest in a concatenation. */
function part(spec: TopLevelSpec): Record<string, unknown> {
  const { $schema: _schema, config: _config, ...rest } = spec as unknown as Record<string, unknown>;
  return rest;
}
