import type { TopLevelSpec } from "vega-lite";
import { annualReturns, drawdownTable, monthlyReturns, rollingBeta, rollingSharpe, rollingSortino, rollingVolatility, simpleReturns, type StatsConvention } from "@thematic/engine";
import { ChartError } from "../ChartError.ts";
import { decimalsOf, linearTicks, niceStep } from "../_internal/axisTicks.ts";
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
import type { BacktestLike } from "../types.ts";
import { navChartSpec } from "./navChart.ts";

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
  /** The convention preset of the metrics (docs/maths.md#convention-presets); default "engine". */
  convention?: StatsConvention;
  /** Plot width of each panel, 480..4000; default 760. */
  width?: number;
}

/** The panels of the full tear sheet, by name, in page order. */
export type TearSheetPanels = Record<
  | "metrics" | "cumulativeReturns" | "cumulativeReturnsLog" | "annualReturns" | "monthlyReturns" | "returnDistribution"
  | "rollingVolatility" | "rollingSharpe" | "rollingSortino" | "rollingBeta" | "underwater" | "worstDrawdowns",
  TopLevelSpec
>;

const OPTION_KEYS = ["title", "periodsPerYear", "riskFreeRate", "rollingWindow", "convention", "width"] as const;
const CONVENTIONS: readonly StatsConvention[] = ["engine", "empyrical", "quantstats"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const pct = (x: number) => `${x < 0 ? "−" : ""}${Math.abs(x * 100).toFixed(1)}%`;
const day = (s: number) => new Date(s * 1000).toISOString().slice(0, 10);

/**
 * The full tear sheet of a backtest: the metrics table (47 rows, portfolio against benchmark),
 * cumulative returns on a linear and a log axis, end-of-year returns, the monthly returns heatmap,
 * the distribution of periodic returns, rolling volatility, Sharpe, Sortino and beta, the
 * underwater curve with the five worst drawdowns shaded, and their table. Each panel is a
 * Vega-Lite spec; every number comes from @thematic/engine. Dated panels share one date axis.
 * The periods a year that annualise every figure are the backtest's (its `frequency`, else its
 * dates: 252 daily, 52 weekly; docs/maths.md#full-tear-sheet), so a daily backtest's volatility,
 * Sharpe ratio and CAGR are the engine's own statistics of it.
 *
 * @throws ChartError naming the field when the backtest or an option is invalid, an option is unknown or contradicts the data (an engine error is wrapped, keeping its field)
 * @example
 * const days = Array.from({ length: 261 }, (_, i) => 1704067200 + (7 * Math.floor(i / 5) + (i % 5)) * 86400); // a year of Mondays to Fridays from 2024-01-01
 * const prices = new Map([["A", { start: 0, closes: days.map((_, i) => 100 + 10 * Math.sin(i / 15) + i / 10) }]]);
 * const backtestResult = buyAndHoldBacktest({ calendar: days, holdings: [{ id: "A", weight: 1 }], prices, benchmark: { symbol: "SPY", series: { start: 0, closes: days.map((_, i) => 100 + i / 20) } }, years: 1 });
 * Object.keys(tearSheetReportSpecs(backtestResult)).length // => 12
 */
export function tearSheetReportSpecs(backtest: BacktestLike, options: TearSheetReportOptions = {}): TearSheetPanels {
  return engineCall(() => reportSpecs(backtest, options), "backtest");
}

function reportSpecs(backtest: BacktestLike, options: TearSheetReportOptions): TearSheetPanels {
  const o = strictOptions<TearSheetReportOptions>("options", options, [...OPTION_KEYS]);
  // Five returns at least: the kurtosis of the metrics needs four, the Cornish-Fisher VaR four.
  const series = performanceSeries(backtest, 6);
  const { portfolio, benchmark } = series;
  if (benchmark === undefined || benchmark.nav.t.length !== portfolio.nav.t.length || benchmark.nav.t.some((t, i) => t !== portfolio.nav.t[i])) {
    throw new ChartError("benchmarkTimeSeries", "must have the points (the dates) of timeSeries");
  }
  const sampling = requireSeriesSampling(series, o.periodsPerYear);
  const p = sampling.periodsPerYear;
  const rf = o.riskFreeRate === undefined ? 0 : checkAnnualRate("options.riskFreeRate", o.riskFreeRate);
  const width = o.width ?? 760;
  if (!Number.isInteger(width) || width < 480 || width > 4000) throw new ChartError("options.width", `must be an integer in 480..4000, got ${displayValue(width)}`);
  if (o.title !== undefined) checkLabel("options.title", o.title, TITLE_MAX);
  const convention = o.convention ?? "engine";
  if (!CONVENTIONS.includes(convention)) throw new ChartError("options.convention", `must be one of ${CONVENTIONS.map((c) => `"${c}"`).join(", ")}, got ${displayValue(convention)}`);
  const r = simpleReturns(portfolio.nav.v);
  const b = simpleReturns(benchmark.nav.v);
  const window = o.rollingWindow ?? Math.max(2, Math.round(p / 2));
  if (!Number.isInteger(window) || window < 2) throw new ChartError("options.rollingWindow", `must be an integer >= 2, got ${displayValue(window)}`);
  const t = portfolio.nav.t;
  const first = t[0]!;
  const last = t[t.length - 1]!;
  const dated = (spec: TopLevelSpec) => withSharedTimeAxis(spec, first, last);
  const labels = { portfolio: portfolio.label, benchmark: benchmark.label };
  const perf = { portfolio: backtest.timeSeries, benchmark: backtest.benchmarkTimeSeries, portfolioLabel: portfolio.label, benchmarkLabel: benchmark.label, ...(series.declared === undefined ? {} : { frequency: series.declared.value as never }) };
  const rows = reportMetrics({ t, v: portfolio.nav.v }, { t, v: benchmark.nav.v }, { periodsPerYear: p, riskFreeRate: rf, convention });

  const rolling = (title: string, yTitle: string, yFormat: string, values: (x: Float64Array, y: Float64Array) => Float64Array, withBenchmark: boolean, rule?: number): TopLevelSpec => {
    const ends = t.subarray(window); // window i of the returns ends at point window + i
    const lines: TimeLine[] = [];
    if (r.length >= window) {
      lines.push({ label: labels.portfolio, color: PALETTE.portfolio, series: { t: ends.slice(), v: values(r, b) } });
      if (withBenchmark) lines.push({ label: labels.benchmark, color: PALETTE.benchmark, series: { t: ends.slice(), v: values(b, b) } });
    }
    return dated(
      timeChartSpec(lines, {
        title,
        width,
        height: 170,
        subtitle: `${window}-${sampling.unit} window, annualised with ${p} periods a year · ${dateRange(t)}`,
        yTitle,
        yFormat,
        ...(rule === undefined ? {} : { rule }),
        description: `Line chart of the rolling ${title.toLowerCase()} over ${window} ${sampling.adjective} returns.`,
      }),
    );
  };

  return {
    metrics: metricsTableSpec(rows, labels, width, sampling),
    cumulativeReturns: dated(navChartSpec(perf, { title: "Cumulative returns", width, height: 260 })),
    cumulativeReturnsLog: dated(navChartSpec(perf, { title: "Cumulative returns (log scale)", width, height: 260, logScale: true })),
    annualReturns: annualReturnsSpec(backtest, labels, width),
    monthlyReturns: monthlyHeatmapSpec(backtest, width),
    returnDistribution: distributionSpec(r, b, labels, width, sampling),
    rollingVolatility: rolling("Rolling volatility", "Volatility (% a year)", ".0%", (x) => rollingVolatility(x, window, p), true),
    rollingSharpe: rolling("Rolling Sharpe ratio", "Sharpe ratio (annualised)", ".1f", (x) => rollingSharpe(x, window, { riskFreeRate: rf, periodsPerYear: p }), true, 0),
    rollingSortino: rolling("Rolling Sortino ratio", "Sortino ratio (annualised)", ".1f", (x) => rollingSortino(x, window, { riskFreeRate: rf, periodsPerYear: p }), true, 0),
    rollingBeta: rolling(`Rolling beta against ${labels.benchmark}`, "Beta", ".2f", (x, y) => rollingBeta(x, y, window), false, 1),
    underwater: dated(underwaterSpec(t, portfolio.nav, labels.portfolio, width)),
    worstDrawdowns: worstDrawdownsSpec(t, portfolio.nav.v, width),
  };
}

/**
 * The full tear sheet rendered: each panel as an SVG document, and one self-contained HTML page
 * (inline SVG and CSS, no script, no network: it opens from disk) with the metrics as an HTML table.
 *
 * @throws ChartError as {@link tearSheetReportSpecs}
 * @example
 * const days = Array.from({ length: 261 }, (_, i) => 1704067200 + (7 * Math.floor(i / 5) + (i % 5)) * 86400); // a year of Mondays to Fridays from 2024-01-01
 * const prices = new Map([["A", { start: 0, closes: days.map((_, i) => 100 + 10 * Math.sin(i / 15) + i / 10) }]]);
 * const backtestResult = buyAndHoldBacktest({ calendar: days, holdings: [{ id: "A", weight: 1 }], prices, benchmark: { symbol: "SPY", series: { start: 0, closes: days.map((_, i) => 100 + i / 20) } }, years: 1 });
 * const { html, panels } = await tearSheetReport(backtestResult);
 * html.startsWith("<!doctype html>") // => true
 */
export async function tearSheetReport(backtest: BacktestLike, options: TearSheetReportOptions = {}): Promise<{ panels: Record<keyof TearSheetPanels, string>; html: string; metrics: MetricRow[] }> {
  const specs = tearSheetReportSpecs(backtest, options);
  const names = Object.keys(specs) as Array<keyof TearSheetPanels>;
  const panels = {} as Record<keyof TearSheetPanels, string>;
  for (const name of names) panels[name] = await renderSvg(specs[name]);
  const { portfolio, benchmark } = performanceSeries(backtest, 6);
  const { rows, sampling } = (specs.metrics as unknown as { usermeta: { rows: MetricRow[]; sampling: Pick<Sampling, "adjective" | "periodsPerYear"> } }).usermeta;
  const title = options.title === undefined ? `Tear sheet: ${portfolio.label} against ${benchmark!.label}` : options.title;
  const returns = rows.find((x) => x.label === "Periods")!.portfolio;
  const subtitle = `${dateRange(portfolio.nav.t)} · ${returns} ${sampling.adjective} returns, annualised with ${sampling.periodsPerYear} periods a year`;
  const html = reportHtml(title, subtitle, rows, [portfolio.label, benchmark!.label], names.filter((n) => n !== "metrics").map((n) => panels[n]));
  return { panels, html, metrics: rows };
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function reportHtml(title: string, subtitle: string, rows: MetricRow[], columns: [string, string], svgs: string[]): string {
  let group = "";
  const body = rows
    .map((row) => {
      const head = row.group === group ? "" : `<tr class="group"><th colspan="3">${escapeHtml((group = row.group))}</th></tr>`;
      return `${head}<tr><td>${escapeHtml(row.label)}</td><td>${escapeHtml(row.portfolio)}</td><td>${escapeHtml(row.benchmark)}</td></tr>`;
    })
    .join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<style>
body { font-family: Helvetica, Arial, sans-serif; margin: 24px auto; max-width: 1180px; color: #222; }
h1 { font-size: 22px; margin: 0 0 4px; } p.sub { color: #555; margin: 0 0 18px; }
.page { display: flex; gap: 28px; align-items: flex-start; }
table { border-collapse: collapse; font-size: 13px; min-width: 330px; }
td, th { padding: 3px 8px; text-align: right; white-space: nowrap; } td:first-child { text-align: left; }
tr.group th { text-align: left; padding-top: 10px; border-bottom: 1px solid #bbb; font-size: 12px; color: #555; }
thead th { border-bottom: 2px solid #333; }
.panels { display: flex; flex-direction: column; gap: 16px; } .panels svg { max-width: 100%; height: auto; }
</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p class="sub">${escapeHtml(subtitle)}</p>
<div class="page">
<table>
<thead><tr><th></th><th>${escapeHtml(columns[0])}</th><th>${escapeHtml(columns[1])}</th></tr></thead>
<tbody>
${body}
</tbody>
</table>
<div class="panels">
${svgs.join("\n")}
</div>
</div>
</body>
</html>
`;
}

function metricsTableSpec(rows: MetricRow[], labels: { portfolio: string; benchmark: string }, width: number, sampling: Sampling): TopLevelSpec {
  const values = rows.flatMap((row, i) => [
    { row: i, label: row.label, column: labels.portfolio, text: row.portfolio },
    { row: i, label: row.label, column: labels.benchmark, text: row.benchmark },
  ]);
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    description: `Table of ${rows.length} metrics of the portfolio and its benchmark.`,
    title: { text: "Key metrics", subtitle: `${labels.portfolio} against ${labels.benchmark} · ${sampling.adjective} returns, ${sampling.periodsPerYear} periods a year` },
    usermeta: { rows, sampling: { adjective: sampling.adjective, periodsPerYear: sampling.periodsPerYear } },
    width: Math.min(width, 420),
    height: rows.length * 18,
    data: { values },
    mark: { type: "text", fontSize: 12, align: "right" },
    encoding: {
      x: { field: "column", type: "nominal", sort: [labels.portfolio, labels.benchmark], axis: { title: null, orient: "top", labelAngle: 0, labelFontWeight: "bold", domain: false, ticks: false } },
      y: { field: "label", type: "nominal", sort: { field: "row", op: "min", order: "ascending" }, axis: { title: null, domain: false, ticks: false, labelLimit: 320 } },
      text: { field: "text", type: "nominal" },
    },
    config: CHART_CONFIG,
  } as unknown as TopLevelSpec;
}

function annualReturnsSpec(backtest: BacktestLike, labels: { portfolio: string; benchmark: string }, width: number): TopLevelSpec {
  const rows = [
    ...annualReturns(backtest.timeSeries).map((y) => ({ year: String(y.year) + (y.partial ? "*" : ""), series: labels.portfolio, value: y.return })),
    ...annualReturns(backtest.benchmarkTimeSeries).map((y) => ({ year: String(y.year) + (y.partial ? "*" : ""), series: labels.benchmark, value: y.return })),
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
      color: { field: "series", type: "nominal", scale: { domain: [labels.portfolio, labels.benchmark], range: [PALETTE.portfolio, PALETTE.benchmark] }, legend: { title: null } },
    },
    config: CHART_CONFIG,
  } as unknown as TopLevelSpec;
}

function monthlyHeatmapSpec(backtest: BacktestLike, width: number): TopLevelSpec {
  const cells = monthlyReturns(backtest.timeSeries).map((m) => ({ year: String(m.year), month: MONTHS[m.month! - 1]!, value: m.return, text: pct(m.return) }));
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
      { mark: { type: "rect" }, encoding: { color: { field: "value", type: "quantitative", scale: { scheme: "redyellowgreen", domain: [-limit, 0, limit] }, legend: { title: "Return", format: ".0%" } } } },
      { mark: { type: "text", fontSize: 10, color: "#222222" }, encoding: { text: { field: "text", type: "nominal" } } },
    ],
    config: CHART_CONFIG,
  } as unknown as TopLevelSpec;
}

/**
 * Histogram of the periodic returns. The bins and the axis ticks are chosen here, not by Vega:
 * the bins are a nice step wide (about 40 over the range), the ticks a coarser nice step, and the
 * tick format has as many decimals as that step needs, so no two labels read the same (Vega's
 * default labelled half-percent bins "2% 2%").
 */
function distributionSpec(r: Float64Array, b: Float64Array, labels: { portfolio: string; benchmark: string }, width: number, sampling: Sampling): TopLevelSpec {
  const values = [...Array.from(r, (value) => ({ series: labels.portfolio, value })), ...Array.from(b, (value) => ({ series: labels.benchmark, value }))];
  let low = Math.min(...r, ...b);
  let high = Math.max(...r, ...b);
  if (!(high - low > 1e-12)) [low, high] = [low - 0.005, high + 0.005]; // constant returns: one visible bin
  const step = niceStep(low, high, 40);
  const extent = [Math.floor(low / step) * step, Math.ceil(high / step) * step];
  if (extent[1]! - extent[0]! < step) extent[1] = extent[0]! + step;
  const ticks = linearTicks(extent[0]!, extent[1]!, 8);
  const format = `.${decimalsOf(ticks.step * 100)}%`;
  const kind = sampling.adjective;
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    description: `Histogram of the ${kind} returns of the portfolio and its benchmark.`,
    title: { text: "Distribution of returns", subtitle: `${r.length} ${kind} returns each · bins ${(step * 100).toFixed(decimalsOf(step * 100))}% wide` },
    width,
    height: 200,
    data: { values },
    mark: { type: "bar", opacity: 0.55, binSpacing: 0 },
    encoding: {
      x: {
        field: "value",
        type: "quantitative",
        bin: { step, extent },
        scale: { domain: extent, nice: false },
        axis: { title: `${kind[0]!.toUpperCase()}${kind.slice(1)} return (%)`, format, values: ticks.values, labelOverlap: true },
      },
      y: { aggregate: "count", type: "quantitative", stack: null, axis: { title: "Periods" } },
      color: { field: "series", type: "nominal", scale: { domain: [labels.portfolio, labels.benchmark], range: [PALETTE.portfolio, PALETTE.benchmark] }, legend: { title: null } },
    },
    config: CHART_CONFIG,
  } as unknown as TopLevelSpec;
}

function underwaterSpec(t: Float64Array, nav: { t: Float64Array; v: Float64Array }, label: string, width: number): TopLevelSpec {
  const worst = drawdownTable(nav.v, 5);
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
  const shades = worst.map((e) => ({ start: t[e.start]! * 1000, end: t[e.recovery < 0 ? t.length - 1 : e.recovery]! * 1000 }));
  spec.layer.unshift({
    data: { values: shades },
    mark: { type: "rect", color: "#d62728", opacity: 0.12 },
    encoding: { x: { field: "start", type: "temporal" }, x2: { field: "end" } },
  });
  return spec as unknown as TopLevelSpec;
}

function worstDrawdownsSpec(t: Float64Array, v: Float64Array, width: number): TopLevelSpec {
  const worst = drawdownTable(v, 5);
  const columns = ["Peak", "Trough", "Recovery", "Depth", "Periods"];
  const values = worst.flatMap((e, i) => {
    const cells = [day(t[e.start]!), day(t[e.trough]!), e.recovery < 0 ? "not recovered" : day(t[e.recovery]!), pct(e.depth), String(e.length)];
    return cells.map((text, j) => ({ row: `${i + 1}`, column: columns[j]!, text }));
  });
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    description: "Table of the five worst drawdowns: peak, trough and recovery dates, depth and length.",
    title: { text: "Worst drawdowns", subtitle: "Deepest first; length in periods from peak to recovery" },
    width: Math.min(width, 560),
    height: Math.max(20, worst.length * 22),
    data: { values },
    mark: { type: "text", fontSize: 12 },
    encoding: {
      x: { field: "column", type: "nominal", sort: columns, axis: { title: null, orient: "top", labelAngle: 0, labelFontWeight: "bold", domain: false, ticks: false } },
      y: { field: "row", type: "ordinal", axis: { title: null, domain: false, ticks: false } },
      text: { field: "text", type: "nominal" },
    },
    config: CHART_CONFIG,
  } as unknown as TopLevelSpec;
}
