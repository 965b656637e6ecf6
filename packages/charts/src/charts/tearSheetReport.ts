import type { TopLevelSpec } from "vega-lite";
import {
  annualReturns,
  drawdownTable,
  monthlyReturns,
  type QuantstatsVersion,
  rollingBeta,
  rollingSharpe,
  rollingSortino,
  rollingVolatility,
  simpleReturns,
  type StatsConvention,
  type TimePoint,
  tearSheet,
} from "@thematic/engine";
import { ChartError } from "../ChartError.ts";
import { checkAnnualRate, checkLabel, TITLE_MAX, displayValue } from "../_internal/checkOptions.ts";
import { dateRange } from "../_internal/dateRange.ts";
import { engineCall } from "../_internal/engineCall.ts";
import { performanceSeries, requireSeriesSampling } from "../_internal/performanceSeries.ts";
import type { Sampling } from "../_internal/sampling.ts";
import { strictOptions } from "../_internal/strictOptions.ts";
import { CHART_CONFIG, PALETTE } from "../_internal/theme.ts";
import { type TimeLine, timeChartSpec } from "../_internal/timeChartSpec.ts";
import { withSharedTimeAxis } from "../_internal/sharedTimeAxis.ts";
import { renderSvg } from "../render/renderSvg.ts";
import { underwater } from "../series/statisticsAdapter.ts";
import { type MetricRow, reportMetrics } from "../series/reportMetrics.ts";
import { calendarReturns, type CalendarUnit, endOfYearTable, volatilityMatched } from "../series/reportSeries.ts";
import type { BacktestLike } from "../types.ts";
import { navChartSpec } from "./navChart.ts";
import {
  histogramSpec,
  type Labels,
  meanOf,
  periodBarsSpec,
  returnsBoxPlotSpec,
  textTableSpec,
} from "./reportPanels.ts";
import { reportHtml, type ReportParameters } from "./reportHtml.ts";

/** Options of {@link tearSheetReport}. Any other key is refused with the closest name. */
export interface TearSheetReportOptions {
  /** The page's title; default "Tear sheet: Portfolio against <benchmark>". At most 200 characters. */
  title?: string;
  /**
   * Periods a year of the points. Read from the backtest (its `frequency`, else its dates: 252
   * for a daily backtest, 52 for a weekly one); give it only when the dates do not say it, or to
   * refine it (260 for daily points). A value that contradicts the data is refused.
   */
  periodsPerYear?: number;
  /** Annual risk-free rate of the Sharpe, Sortino and alpha figures, a fraction in (−1, 1); default 0. */
  riskFreeRate?: number;
  /** Returns per rolling window (an integer ≥ 2); default half a year of points: 26 weekly, 126 daily, 6 monthly. */
  rollingWindow?: number;
  /**
   * The convention preset of the metrics and of the rolling Sharpe and Sortino panels
   * (docs/maths.md#convention-presets); default "engine".
   */
  convention?: StatsConvention;
  /** With convention "quantstats": the release followed, "0.0.84" (default) or "0.0.81" (which de-annualised the rate of the rolling ratios over the window). */
  quantstatsVersion?: QuantstatsVersion;
  /** Plot width of each panel, 480..4000; default 760. */
  width?: number;
}

/** The panels of the full tear sheet, by name, in page order. */
export type TearSheetPanels = Record<
  | "metrics"
  | "cumulativeReturns"
  | "cumulativeReturnsVolatilityMatched"
  | "cumulativeReturnsLog"
  | "annualReturns"
  | "endOfYearTable"
  | "periodReturns"
  | "monthlyReturns"
  | "returnDistribution"
  | "monthlyDistribution"
  | "returnsByPeriod"
  | "rollingVolatility"
  | "rollingSharpe"
  | "rollingSortino"
  | "rollingBeta"
  | "underwater"
  | "worstDrawdowns",
  TopLevelSpec
>;

const OPTION_KEYS = [
  "title",
  "periodsPerYear",
  "riskFreeRate",
  "rollingWindow",
  "convention",
  "quantstatsVersion",
  "width",
] as const;
const CONVENTIONS: readonly StatsConvention[] = ["engine", "empyrical", "quantstats"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** Drawdown episodes in the table (quantstats' report lists ten) and shaded on the underwater curve. */
const TABLE_DRAWDOWNS = 10;
const SHADED_DRAWDOWNS = 5;
const pct = (x: number) => (Number.isFinite(x) ? `${x < 0 ? "−" : ""}${Math.abs(x * 100).toFixed(1)}%` : "–");
const day = (s: number) => new Date(s * 1000).toISOString().slice(0, 10);

/** Everything the page shows: the panels' specs, the metric rows and the parameters of the header. */
interface Report {
  panels: TearSheetPanels;
  rows: MetricRow[];
  parameters: ReportParameters;
}

/**
 * The full tear sheet of a backtest: a parameters header; the metrics table, built on the
 * engine's `tearSheet()` (every figure and convention its own; the rows whatever it returns);
 * cumulative returns (linear, volatility-matched to the benchmark, log); end-of-year returns as
 * bars and as a table (with the multiplier and the winner of each year); the periodic returns as
 * bars; the monthly returns heatmap; the distributions of periodic and of monthly returns with
 * their means; a box plot of calendar week, month, quarter and year returns; rolling volatility,
 * Sharpe and Sortino with their means, rolling beta over half a year and a year; the underwater
 * curve with the five worst drawdowns shaded, and the ten worst in a table. Each panel is a
 * Vega-Lite spec; dated panels share one date axis. The periods a year that annualise every
 * figure are the backtest's (its `frequency`, else its dates: 252 daily, 52 weekly, 12 monthly;
 * docs/maths.md#full-tear-sheet); series the engine has no function for are derived as
 * docs/maths.md#report-panels states.
 *
 * @throws ChartError naming the field when the backtest or an option is invalid, an option is unknown or contradicts the data (an engine error is wrapped, keeping its field)
 * @example
 * const days = Array.from({ length: 261 }, (_, i) => 1704067200 + (7 * Math.floor(i / 5) + (i % 5)) * 86400); // a year of Mondays to Fridays from 2024-01-01
 * const prices = new Map([["A", { start: 0, closes: days.map((_, i) => 100 + 10 * Math.sin(i / 15) + i / 10) }]]);
 * const backtestResult = buyAndHoldBacktest({ calendar: days, holdings: [{ id: "A", weight: 1 }], prices, benchmark: { symbol: "SPY", series: { start: 0, closes: days.map((_, i) => 100 + i / 20) } }, years: 1 });
 * Object.keys(tearSheetReportSpecs(backtestResult)).length // => 17
 */
export function tearSheetReportSpecs(backtest: BacktestLike, options: TearSheetReportOptions = {}): TearSheetPanels {
  return engineCall(() => buildReport(backtest, options), "backtest").panels;
}

function buildReport(backtest: BacktestLike, options: TearSheetReportOptions): Report {
  const o = strictOptions<TearSheetReportOptions>("options", options, [...OPTION_KEYS]);
  // Five returns at least: the kurtosis of the metrics needs four, the Cornish-Fisher VaR four.
  const series = performanceSeries(backtest, 6);
  const { portfolio, benchmark } = series;
  if (
    benchmark === undefined ||
    benchmark.nav.t.length !== portfolio.nav.t.length ||
    benchmark.nav.t.some((t, i) => t !== portfolio.nav.t[i])
  ) {
    throw new ChartError("benchmarkTimeSeries", "must have the points (the dates) of timeSeries");
  }
  const sampling = requireSeriesSampling(series, o.periodsPerYear);
  const p = sampling.periodsPerYear;
  const rf = o.riskFreeRate === undefined ? 0 : checkAnnualRate("options.riskFreeRate", o.riskFreeRate);
  const width = o.width ?? 760;
  if (!Number.isInteger(width) || width < 480 || width > 4000)
    throw new ChartError("options.width", `must be an integer in 480..4000, got ${displayValue(width)}`);
  if (o.title !== undefined) checkLabel("options.title", o.title, TITLE_MAX);
  const convention = o.convention ?? "engine";
  if (!CONVENTIONS.includes(convention))
    throw new ChartError(
      "options.convention",
      `must be one of ${CONVENTIONS.map((c) => `"${c}"`).join(", ")}, got ${displayValue(convention)}`,
    );
  const r = simpleReturns(portfolio.nav.v);
  const b = simpleReturns(benchmark.nav.v);
  const window = o.rollingWindow ?? Math.max(2, Math.round(p / 2));
  if (!Number.isInteger(window) || window < 2)
    throw new ChartError("options.rollingWindow", `must be an integer >= 2, got ${displayValue(window)}`);
  const t = portfolio.nav.t;
  const first = t[0]!;
  const last = t[t.length - 1]!;
  const dated = (spec: TopLevelSpec) => withSharedTimeAxis(spec, first, last);
  const labels: Labels = { portfolio: portfolio.label, benchmark: benchmark.label };
  const perf = {
    portfolio: backtest.timeSeries,
    benchmark: backtest.benchmarkTimeSeries,
    portfolioLabel: portfolio.label,
    benchmarkLabel: benchmark.label,
    ...(series.declared === undefined ? {} : { frequency: series.declared.value as never }),
  };
  const version = o.quantstatsVersion === undefined ? {} : { quantstatsVersion: o.quantstatsVersion };
  const sheetOptions = {
    periodsPerYear: p,
    riskFreeRate: rf,
    rollingWindow: window,
    drawdowns: TABLE_DRAWDOWNS,
    convention,
    ...version,
  };
  const sheet = tearSheet(
    { timeSeries: backtest.timeSeries, benchmarkTimeSeries: backtest.benchmarkTimeSeries },
    sheetOptions,
  );
  // The benchmark's own figures: the result's `benchmark` when it has one, else its tear sheet against itself.
  const benchmarkSheet =
    "benchmark" in sheet
      ? undefined
      : tearSheet(
          { timeSeries: backtest.benchmarkTimeSeries, benchmarkTimeSeries: backtest.benchmarkTimeSeries },
          sheetOptions,
        );
  const rows = reportMetrics(sheet, benchmarkSheet);
  const windowName = (w: number) => `${w}-${sampling.unit}`;

  // Every rolling line is the engine's: the portfolio's from its tear sheet (rollingVolatility,
  // rollingSharpe, rollingSortino, rollingBeta, under the preset), the benchmark's and the year-long
  // beta from the engine's functions with the same options; the charts only place and draw them.
  const rolling = (
    title: string,
    yTitle: string,
    yFormat: string,
    make: () => Array<{ label: string; color: string; values: () => Float64Array | TimePoint[]; w: number }>,
    rule?: number,
    subtitle = `${windowName(window)} window, annualised with ${p} periods a year`,
  ): TopLevelSpec => {
    const lines: TimeLine[] = [];
    const means: Array<{ y: number; color: string }> = [];
    for (const line of make()) {
      if (r.length < line.w) continue; // a window longer than the returns draws no line
      const series = placed(line.values(), line.w);
      lines.push({ label: line.label, color: line.color, series });
      means.push({ y: meanOf(series.v), color: line.color });
    }
    const spec = timeChartSpec(lines, {
      title,
      width,
      height: 170,
      subtitle: `${subtitle} · dashed: the means`,
      yTitle,
      yFormat,
      ...(rule === undefined ? {} : { rule }),
      description: `Line chart of the ${title.toLowerCase()} with its mean.`,
    }) as unknown as { layer: unknown[] };
    for (const m of means)
      spec.layer.push({
        data: { values: [{ y: m.y }] },
        mark: { type: "rule", color: m.color, strokeDash: [5, 3], strokeWidth: 1.2 },
        encoding: { y: { field: "y", type: "quantitative" } },
      });
    return dated(spec as unknown as TopLevelSpec);
  };
  /** A window's value k ends at point k + w (the engine's `[t, value]` already carry their dates). */
  const placed = (values: Float64Array | TimePoint[], w: number) => {
    if (values instanceof Float64Array) return { t: t.slice(w, w + values.length), v: values };
    return { t: Float64Array.from(values, (x) => x[0]), v: Float64Array.from(values, (x) => x[1]) };
  };
  const both = (own: TimePoint[], f: (x: Float64Array) => Float64Array) => () => [
    { label: labels.portfolio, color: PALETTE.portfolio, values: () => own, w: window },
    { label: labels.benchmark, color: PALETTE.benchmark, values: () => f(b), w: window },
  ];
  const period = { riskFreeRate: rf, periodsPerYear: p, convention, ...version };
  const year = Math.max(2, Math.round(p));

  const units = (["week", "month", "quarter", "year"] as const).filter(
    (u) => p >= { week: 52, month: 12, quarter: 4, year: 1 }[u] - 1e-9,
  );
  const boxValues = units.flatMap((unit: CalendarUnit) => [
    { unit, series: labels.portfolio, values: calendarReturns(backtest.timeSeries, unit).map((x) => x.return) },
    {
      unit,
      series: labels.benchmark,
      values: calendarReturns(backtest.benchmarkTimeSeries, unit).map((x) => x.return),
    },
  ]);
  const months = {
    portfolio: monthlyReturns(backtest.timeSeries).map((m) => m.return),
    benchmark: monthlyReturns(backtest.benchmarkTimeSeries).map((m) => m.return),
  };
  const eoy = endOfYearTable(backtest.timeSeries, backtest.benchmarkTimeSeries);
  const kind = sampling.adjective;
  const Kind = `${kind[0]!.toUpperCase()}${kind.slice(1)}`;
  const matched = volatilityMatched(portfolio.nav, b);

  const panels: TearSheetPanels = {
    metrics: metricsTableSpec(rows, labels, width, sampling),
    cumulativeReturns: dated(navChartSpec(perf, { title: "Cumulative returns", width, height: 240 })),
    cumulativeReturnsVolatilityMatched: dated(
      navChartSpec(
        {
          ...perf,
          portfolio: Array.from(matched.t, (x, i) => [x, matched.v[i]!] as [number, number]),
          portfolioLabel: `${labels.portfolio} (volatility-matched)`,
        },
        { title: "Cumulative returns, volatility-matched", width, height: 240 },
      ),
    ),
    cumulativeReturnsLog: dated(
      navChartSpec(perf, { title: "Cumulative returns (log scale)", width, height: 240, logScale: true }),
    ),
    annualReturns: annualReturnsSpec(backtest, labels, width),
    endOfYearTable: textTableSpec(
      "End-of-year returns, table",
      "Calendar years (UTC) · * a partial year · multiplier: portfolio / benchmark",
      ["Year", labels.portfolio, labels.benchmark, "Multiplier", "Won"],
      eoy.map((y) => [
        `${y.year}${y.partial ? "*" : ""}`,
        pct(y.portfolio),
        pct(y.benchmark),
        Number.isFinite(y.multiplier) ? y.multiplier.toFixed(2) : "–",
        y.won ? "+" : "–",
      ]),
      width,
      "Table of the calendar-year returns of the portfolio and its benchmark, their ratio and the winner.",
    ),
    periodReturns: dated(
      periodBarsSpec(
        t,
        r,
        labels.portfolio,
        kind,
        width,
        `${labels.portfolio} · ${r.length} returns, mean ${pct(meanOf(r))}`,
      ),
    ),
    monthlyReturns: monthlyHeatmapSpec(backtest, width),
    returnDistribution: histogramSpec(
      { portfolio: r, benchmark: b },
      labels,
      {
        title: "Distribution of returns",
        subtitle: `${r.length} ${kind} returns each`,
        xTitle: `${Kind} return (%)`,
        yTitle: "Periods",
        description: `Histogram of the ${kind} returns of the portfolio and its benchmark.`,
      },
      width,
      40,
    ),
    monthlyDistribution: histogramSpec(
      months,
      labels,
      {
        title: "Distribution of monthly returns",
        subtitle: `${months.portfolio.length} calendar months each`,
        xTitle: "Monthly return (%)",
        yTitle: "Months",
        description: "Histogram of the monthly returns of the portfolio and its benchmark.",
      },
      width,
      20,
    ),
    returnsByPeriod: returnsBoxPlotSpec(boxValues, labels, width),
    rollingVolatility: rolling(
      "Rolling volatility",
      "Volatility (% a year)",
      ".0%",
      both(sheet.rollingVolatility, (x) => rollingVolatility(x, window, p)),
    ),
    rollingSharpe: rolling(
      "Rolling Sharpe ratio",
      "Sharpe ratio (annualised)",
      ".1f",
      both(sheet.rollingSharpe, (x) => rollingSharpe(x, window, period)),
      0,
    ),
    rollingSortino: rolling(
      "Rolling Sortino ratio",
      "Sortino ratio (annualised)",
      ".1f",
      both(sheet.rollingSortino, (x) => rollingSortino(x, window, period)),
      0,
    ),
    rollingBeta: rolling(
      `Rolling beta against ${labels.benchmark}`,
      "Beta",
      ".2f",
      () => [
        { label: `${windowName(window)} window`, color: PALETTE.portfolio, values: () => sheet.rollingBeta, w: window },
        { label: `${windowName(year)} window`, color: PALETTE.low, values: () => rollingBeta(r, b, year), w: year },
      ],
      1,
      `Half a year and a year of ${kind} returns`,
    ),
    underwater: dated(underwaterSpec(t, portfolio.nav, labels.portfolio, width)),
    worstDrawdowns: textTableSpec(
      "Worst drawdowns",
      `The ${sheet.drawdowns.length} deepest, deepest first · length in periods from peak to recovery`,
      ["Peak", "Trough", "Recovery", "Depth", "Periods"],
      sheet.drawdowns.map((e) => [
        day(e.start),
        day(e.trough),
        e.recovery === null ? "not recovered" : day(e.recovery),
        pct(e.depth),
        String(e.length),
      ]),
      width,
      `Table of the ${sheet.drawdowns.length} worst drawdowns: peak, trough and recovery dates, depth and length.`,
    ),
  };
  const parameters: ReportParameters = {
    range: dateRange(t),
    returns: r.length,
    sampling: `${Kind}, ${p} periods a year${o.periodsPerYear === undefined ? "" : " (given)"}`,
    riskFreeRate: rf,
    convention: o.quantstatsVersion === undefined ? convention : `${convention} ${o.quantstatsVersion}`,
    rollingWindow: `${windowName(window)}`,
  };
  return { panels, rows, parameters };
}

/**
 * The full tear sheet rendered: each panel as an SVG document, and one self-contained HTML page
 * (inline SVG and CSS, no script, no network: it opens from disk) with the parameters as a
 * header and the metrics as an HTML table, the panels beside the table and then two by two.
 *
 * @throws ChartError as {@link tearSheetReportSpecs}
 * @example
 * const days = Array.from({ length: 261 }, (_, i) => 1704067200 + (7 * Math.floor(i / 5) + (i % 5)) * 86400); // a year of Mondays to Fridays from 2024-01-01
 * const prices = new Map([["A", { start: 0, closes: days.map((_, i) => 100 + 10 * Math.sin(i / 15) + i / 10) }]]);
 * const backtestResult = buyAndHoldBacktest({ calendar: days, holdings: [{ id: "A", weight: 1 }], prices, benchmark: { symbol: "SPY", series: { start: 0, closes: days.map((_, i) => 100 + i / 20) } }, years: 1 });
 * const { html, panels } = await tearSheetReport(backtestResult);
 * html.startsWith("<!doctype html>") // => true
 */
export async function tearSheetReport(
  backtest: BacktestLike,
  options: TearSheetReportOptions = {},
): Promise<{ panels: Record<keyof TearSheetPanels, string>; html: string; metrics: MetricRow[] }> {
  const report = engineCall(() => buildReport(backtest, options), "backtest");
  const names = Object.keys(report.panels) as Array<keyof TearSheetPanels>;
  const panels = {} as Record<keyof TearSheetPanels, string>;
  for (const name of names) panels[name] = await renderSvg(report.panels[name]);
  const { portfolio, benchmark } = performanceSeries(backtest, 6);
  const title =
    options.title === undefined ? `Tear sheet: ${portfolio.label} against ${benchmark!.label}` : options.title;
  const html = reportHtml(
    title,
    report.parameters,
    report.rows,
    [portfolio.label, benchmark!.label],
    names.filter((n) => n !== "metrics").map((n) => panels[n]),
  );
  return { panels, html, metrics: report.rows };
}

function metricsTableSpec(
  rows: MetricRow[],
  labels: { portfolio: string; benchmark: string },
  width: number,
  sampling: Sampling,
): TopLevelSpec {
  const values = rows.flatMap((row, i) => [
    { row: i, label: row.label, column: labels.portfolio, text: row.portfolio },
    { row: i, label: row.label, column: labels.benchmark, text: row.benchmark },
  ]);
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    description: `Table of ${rows.length} metrics of the portfolio and its benchmark.`,
    title: {
      text: "Key metrics",
      subtitle: `${labels.portfolio} against ${labels.benchmark} · ${sampling.adjective} returns, ${sampling.periodsPerYear} periods a year`,
    },
    usermeta: { rows, sampling: { adjective: sampling.adjective, periodsPerYear: sampling.periodsPerYear } },
    width: Math.min(width, 420),
    height: rows.length * 18,
    data: { values },
    mark: { type: "text", fontSize: 12, align: "right" },
    encoding: {
      x: {
        field: "column",
        type: "nominal",
        sort: [labels.portfolio, labels.benchmark],
        axis: { title: null, orient: "top", labelAngle: 0, labelFontWeight: "bold", domain: false, ticks: false },
      },
      y: {
        field: "label",
        type: "nominal",
        sort: { field: "row", op: "min", order: "ascending" },
        axis: { title: null, domain: false, ticks: false, labelLimit: 320 },
      },
      text: { field: "text", type: "nominal" },
    },
    config: CHART_CONFIG,
  } as unknown as TopLevelSpec;
}

function annualReturnsSpec(
  backtest: BacktestLike,
  labels: { portfolio: string; benchmark: string },
  width: number,
): TopLevelSpec {
  const rows = [
    ...annualReturns(backtest.timeSeries).map((y) => ({
      year: String(y.year) + (y.partial ? "*" : ""),
      series: labels.portfolio,
      value: y.return,
    })),
    ...annualReturns(backtest.benchmarkTimeSeries).map((y) => ({
      year: String(y.year) + (y.partial ? "*" : ""),
      series: labels.benchmark,
      value: y.return,
    })),
  ];
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    description: "Grouped bar chart of the calendar-year returns of the portfolio and its benchmark.",
    title: { text: "End-of-year returns", subtitle: "Calendar years (UTC) · * a partial year" },
    width,
    height: 200,
    data: { values: rows },
    mark: { type: "bar" },
    encoding: {
      x: { field: "year", type: "ordinal", axis: { title: "Year", labelAngle: 0 } },
      xOffset: { field: "series", sort: [labels.portfolio, labels.benchmark] },
      y: { field: "value", type: "quantitative", axis: { title: "Return (%)", format: ".0%" } },
      color: {
        field: "series",
        type: "nominal",
        scale: { domain: [labels.portfolio, labels.benchmark], range: [PALETTE.portfolio, PALETTE.benchmark] },
        legend: { title: null },
      },
    },
    config: CHART_CONFIG,
  } as unknown as TopLevelSpec;
}

function monthlyHeatmapSpec(backtest: BacktestLike, width: number): TopLevelSpec {
  const cells = monthlyReturns(backtest.timeSeries).map((m) => ({
    year: String(m.year),
    month: MONTHS[m.month! - 1]!,
    value: m.return,
    text: pct(m.return),
  }));
  const years = new Set(cells.map((c) => c.year)).size;
  const limit = Math.max(0.01, ...cells.map((c) => Math.abs(c.value)));
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    description: "Heatmap of the portfolio's monthly returns, years by months.",
    title: { text: "Monthly returns", subtitle: "Compounded within each calendar month (UTC)" },
    width,
    height: Math.max(60, years * 24),
    data: { values: cells },
    encoding: {
      x: { field: "month", type: "ordinal", sort: MONTHS, axis: { title: null, orient: "top", labelAngle: 0 } },
      y: { field: "year", type: "ordinal", axis: { title: null } },
    },
    layer: [
      {
        mark: { type: "rect" },
        encoding: {
          color: {
            field: "value",
            type: "quantitative",
            scale: { scheme: "redyellowgreen", domain: [-limit, 0, limit] },
            legend: { title: "Return", format: ".0%" },
          },
        },
      },
      {
        mark: { type: "text", fontSize: 10, color: "#222222" },
        encoding: { text: { field: "text", type: "nominal" } },
      },
    ],
    config: CHART_CONFIG,
  } as unknown as TopLevelSpec;
}

function underwaterSpec(
  t: Float64Array,
  nav: { t: Float64Array; v: Float64Array },
  label: string,
  width: number,
): TopLevelSpec {
  const worst = drawdownTable(nav.v, SHADED_DRAWDOWNS);
  const spec = timeChartSpec([{ label, color: PALETTE.portfolio, series: underwater(nav) }], {
    title: "Underwater",
    width,
    height: 200,
    subtitle: `Drawdown below the running peak · the ${worst.length} worst shaded`,
    yTitle: "Drawdown (% below peak)",
    yFormat: ".0%",
    fillFirst: true,
    yScale: { zero: true, domainMax: 0 },
    description: `Underwater chart of ${label} with its ${worst.length} worst drawdowns shaded from peak to recovery.`,
  }) as unknown as { layer: unknown[] };
  const shades = worst.map((e) => ({
    start: t[e.start]! * 1000,
    end: t[e.recovery < 0 ? t.length - 1 : e.recovery]! * 1000,
  }));
  spec.layer.unshift({
    data: { values: shades },
    mark: { type: "rect", color: "#d62728", opacity: 0.12 },
    encoding: { x: { field: "start", type: "temporal" }, x2: { field: "end" } },
  });
  return spec as unknown as TopLevelSpec;
}
