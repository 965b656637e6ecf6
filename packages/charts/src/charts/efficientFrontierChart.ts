import type { TopLevelSpec } from "vega-lite";
import { ChartError } from "../ChartError.ts";
import { checkLabel, resolveOptions } from "../_internal/checkOptions.ts";
import { CHART_CONFIG, PALETTE } from "../_internal/theme.ts";
import { renderSvg } from "../render/renderSvg.ts";
import type { ChartOptions } from "../types.ts";

/** A portfolio on the chart: per-period expected return and volatility, annualised by `periodsPerYear`. */
export interface RiskReturnPoint {
  expectedReturn?: number;
  volatility: number;
}

/**
 * An engine portfolio result (an `efficientFrontier(...).points` entry, a `maximumSharpe(...)`
 * result): its `performance` block is drawn as it is, already annual with the data's frequency;
 * only an unlabelled result (frequency "custom", one period a year: per-period figures) is
 * annualised by `periodsPerYear`.
 */
export interface PerformancePoint {
  performance: { expectedReturn: number | null; volatility: number | null; sharpeRatio?: number | null; riskFreeRate?: number; periodsPerYear: number; frequency: string };
}

/** What {@link efficientFrontierChart} draws. */
export interface EfficientFrontierInput {
  /** The sampled frontier, by increasing return: the engine's `efficientFrontier(...).points`. At least 2. */
  points: ReadonlyArray<RiskReturnPoint | PerformancePoint>;
  /** The maximum-Sharpe portfolio (`maximumSharpe(...)`), marked with its Sharpe ratio. */
  maximumSharpe?: RiskReturnPoint | PerformancePoint;
  /** Single assets to show as dots (μ_i, √Σ_ii), with their labels (at most 80 characters). */
  assets?: ReadonlyArray<RiskReturnPoint & { label: string }>;
}

/** Options of {@link efficientFrontierChart}. */
export interface EfficientFrontierChartOptions extends ChartOptions {
  /**
   * Periods per year the axes annualise by: return × p, volatility × √p (docs/maths.md#efficient-frontier);
   * integer 1..366, default 252 (daily inputs). 1 plots the inputs as they are.
   */
  periodsPerYear?: number;
}

const FRONTIER = "Efficient frontier";
const TANGENCY = "Maximum Sharpe";
const MIN_VARIANCE = "Minimum variance";
const ASSET = "Single asset";

/** The point's return and volatility; `annual` when they come from an engine result's annual performance block. */
function checkPoint(field: string, p: unknown): { r: number; v: number; annual: boolean } {
  if (p === null || typeof p !== "object") throw new ChartError(field, "must be { expectedReturn, volatility }");
  const performance = (p as Partial<PerformancePoint>).performance;
  const annual = performance !== undefined && performance !== null && !(performance.frequency === "custom" && performance.periodsPerYear === 1);
  if (performance !== undefined && performance !== null) field = `${field}.performance`;
  const { expectedReturn, volatility } = (performance ?? p) as RiskReturnPoint;
  if (typeof expectedReturn !== "number" || !Number.isFinite(expectedReturn)) throw new ChartError(`${field}.expectedReturn`, `must be a finite number, got ${String(expectedReturn)}`);
  if (typeof volatility !== "number" || !Number.isFinite(volatility) || volatility < 0) throw new ChartError(`${field}.volatility`, `must be a finite number >= 0, got ${String(volatility)}`);
  return { r: expectedReturn, v: volatility, annual };
}

/**
 * Vega-Lite spec of the mean–variance efficient frontier (docs/maths.md#efficient-frontier): the
 * sampled curve as a line from the minimum-variance portfolio (marked) to the largest return,
 * annualised volatility on x and annualised expected return on y (both in percent), the
 * maximum-Sharpe portfolio marked with its annualised Sharpe ratio in the subtitle, and optional
 * single assets as grey dots. Default height 360.
 *
 * @throws ChartError naming the field when a point, a label or an option is invalid
 * @example
 * efficientFrontierChartSpec({ points: frontier.points, maximumSharpe: tangency }).title
 * // => { text: "Efficient frontier", subtitle: "50 portfolios · maximum Sharpe ratio 1.23 (annualised)" }
 */
export function efficientFrontierChartSpec(input: EfficientFrontierInput, options: EfficientFrontierChartOptions = {}): TopLevelSpec {
  if (input === null || typeof input !== "object") throw new ChartError("input", "must be { points, maximumSharpe?, assets? }");
  if (!Array.isArray(input.points) || input.points.length < 2) throw new ChartError("points", "must be an array of at least 2 { expectedReturn, volatility }");
  const periods = options?.periodsPerYear ?? 252;
  if (typeof periods !== "number" || !Number.isInteger(periods) || periods < 1 || periods > 366) {
    throw new ChartError("options.periodsPerYear", `must be an integer in 1..366, got ${String(periods)}`);
  }
  const resolved = resolveOptions(options, "Efficient frontier", 360);
  const annual = ({ r, v, annual: given }: { r: number; v: number; annual: boolean }) => (given ? { ret: r, vol: v } : { ret: r * periods, vol: v * Math.sqrt(periods) });
  const frontier = input.points.map((p, i) => ({ ...annual(checkPoint(`points[${i}]`, p)), series: FRONTIER, order: i }));
  const marks: Array<{ ret: number; vol: number; series: string; label: string }> = [
    { ...frontier[0]!, series: MIN_VARIANCE, label: MIN_VARIANCE },
  ];
  let subtitle = `${frontier.length} portfolios`;
  if (input.maximumSharpe !== undefined) {
    const point = checkPoint("maximumSharpe", input.maximumSharpe);
    const t = annual(point);
    marks.push({ ...t, series: TANGENCY, label: TANGENCY });
    // An engine result's own risk-free rate (annual, or per period when unlabelled); 0 for a plain point.
    const rf = (input.maximumSharpe as Partial<PerformancePoint>).performance?.riskFreeRate ?? 0;
    const rfPerYear = point.annual ? rf : rf * periods;
    if (t.vol > 0) subtitle += ` · maximum Sharpe ratio ${((t.ret - rfPerYear) / t.vol).toFixed(2)} (annualised, r_f = ${+rfPerYear.toPrecision(6)})`;
  }
  const assets = (input.assets ?? []).map((a, i) => ({
    ...annual(checkPoint(`assets[${i}]`, a)),
    series: ASSET,
    label: checkLabel(`assets[${i}].label`, (a as { label?: unknown }).label),
  }));
  const series = [FRONTIER, MIN_VARIANCE, ...(input.maximumSharpe === undefined ? [] : [TANGENCY]), ...(assets.length > 0 ? [ASSET] : [])];
  const colour = { [FRONTIER]: PALETTE.portfolio, [MIN_VARIANCE]: PALETTE.benchmark, [TANGENCY]: PALETTE.high, [ASSET]: PALETTE.other };
  const shape = { [FRONTIER]: "stroke", [MIN_VARIANCE]: "square", [TANGENCY]: "diamond", [ASSET]: "circle" };
  const color = { field: "series", type: "nominal", scale: { domain: series, range: series.map((s) => colour[s as keyof typeof colour]) }, legend: { title: null } };
  const x = { field: "vol", type: "quantitative", scale: { zero: false, nice: true }, axis: { title: "Volatility (annualised)", format: ".0%", tickMinStep: 0.01, grid: true } };
  const y = { field: "ret", type: "quantitative", scale: { zero: false, nice: true }, axis: { title: "Expected return (annualised)", format: ".0%", tickMinStep: 0.01, grid: true } };
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    description: `Efficient frontier of ${frontier.length} portfolios: annualised expected return against annualised volatility${input.maximumSharpe === undefined ? "" : ", with the maximum-Sharpe portfolio marked"}${assets.length > 0 ? ` and ${assets.length} single assets` : ""}.`,
    title: { text: resolved.title, subtitle },
    width: resolved.width,
    height: resolved.height,
    layer: [
      ...(assets.length > 0
        ? [{ data: { values: assets }, mark: { type: "point", filled: true, size: 28, opacity: 0.7 }, encoding: { x, y, color, shape: { field: "series", type: "nominal", scale: { domain: series, range: series.map((s) => shape[s as keyof typeof shape]) }, legend: { title: null } }, tooltip: [{ field: "label" }] } }]
        : []),
      { data: { values: frontier }, mark: { type: "line", strokeWidth: 2.2 }, encoding: { x, y, order: { field: "order" }, color } },
      {
        data: { values: marks },
        mark: { type: "point", filled: true, size: 110, opacity: 1 },
        encoding: { x, y, color, shape: { field: "series", type: "nominal", scale: { domain: series, range: series.map((s) => shape[s as keyof typeof shape]) }, legend: { title: null } } },
      },
    ],
    config: CHART_CONFIG,
  } as TopLevelSpec;
}

/** The efficient-frontier chart as an SVG document ({@link efficientFrontierChartSpec}). */
export async function efficientFrontierChart(input: EfficientFrontierInput, options: EfficientFrontierChartOptions = {}): Promise<string> {
  return renderSvg(efficientFrontierChartSpec(input, options));
}
