import type { TopLevelSpec } from "vega-lite";
import { ChartError } from "../ChartError.ts";
import { resolveOptions, displayValue } from "../_internal/checkOptions.ts";
import {
  type AnnualPoint,
  frontierAssets,
  frontierPoint,
  type FrontierAssets,
  type FrontierPoint,
} from "../_internal/frontierInput.ts";
import { strictOptions } from "../_internal/strictOptions.ts";
import { CHART_CONFIG, PALETTE } from "../_internal/theme.ts";
import { renderSvg } from "../render/renderSvg.ts";
import type { ChartOptions } from "../types.ts";

export type { FrontierAssets, FrontierPoint, PerformanceLike, RiskReturnPoint } from "../_internal/frontierInput.ts";

/** What {@link efficientFrontierChart} draws. Only these keys are read; any other is refused with the closest name. */
export interface EfficientFrontierInput {
  /**
   * The sampled frontier, by increasing return, at least 2: portfolio results (their annual
   * `performance` block) or explicit points `{ volatility, expectedReturn, label? }` (annual, or per
   * period with `options.periodsPerYear`). A labelled point is named on the chart.
   */
  points: ReadonlyArray<FrontierPoint>;
  /** The maximum-Sharpe portfolio, marked; its Sharpe ratio (the result's own, or return / volatility) in the subtitle. */
  maximumSharpe?: FrontierPoint;
  /**
   * The single assets, drawn as dots named by their ids: the estimates the frontier came from
   * (`{ expectedReturns, covariance }`, the engine's labelled `ExpectedReturns` and `Covariance`),
   * labelled returns (`AssetReturns`: each asset's mean return and volatility), or explicit
   * `[{ label, volatility, expectedReturn }]`. Labelled data carry their periods a year.
   */
  assets?: FrontierAssets;
}

/** Options of {@link efficientFrontierChart}. */
export interface EfficientFrontierChartOptions extends ChartOptions {
  /**
   * Periods a year of the explicit `{ volatility, expectedReturn }` figures when they are per
   * period (daily figures: 252): return × P, volatility × √P (docs/maths.md#efficient-frontier).
   * Without it explicit figures are annual, as given. Where the input's labelled data carry their
   * own periods a year, a different value is refused.
   */
  periodsPerYear?: number;
}

const FRONTIER = "Efficient frontier";
const TANGENCY = "Maximum Sharpe";
const MIN_VARIANCE = "Minimum variance";
const ASSET = "Single asset";
const INPUT_KEYS = ["points", "maximumSharpe", "assets"] as const;

/**
 * Vega-Lite spec of the mean–variance efficient frontier (docs/maths.md#efficient-frontier): the
 * sampled curve as a line from the minimum-variance portfolio (marked) to the largest return,
 * annual volatility on x and annual expected return on y (both in percent), the maximum-Sharpe
 * portfolio marked with its Sharpe ratio in the subtitle, and the single assets as grey dots, each
 * named beside its dot. Every figure is annual: a portfolio result's `performance` block is;
 * labelled estimates are annualised with their own periods a year; explicit figures are taken as
 * annual unless `options.periodsPerYear` says they are per period. The subtitle says which.
 * Default height 360.
 *
 * @throws ChartError naming the field when a point, a label or an option is invalid, an option is unknown, or the periods a year of the inputs disagree
 * @example
 * efficientFrontierChartSpec({ points: [{ volatility: 0.1, expectedReturn: 0.05 }, { volatility: 0.2, expectedReturn: 0.09 }] }).title
 * // => { text: "Efficient frontier", subtitle: "2 portfolios · annual figures as given" }
 */
export function efficientFrontierChartSpec(
  input: EfficientFrontierInput,
  options: EfficientFrontierChartOptions = {},
): TopLevelSpec {
  const o = strictOptions<EfficientFrontierInput>("input", input, [...INPUT_KEYS]);
  const resolved = resolveOptions(options, "Efficient frontier", 360, ["periodsPerYear"]);
  const given = options.periodsPerYear;
  if (given !== undefined && !(typeof given === "number" && Number.isFinite(given) && given > 0 && given <= 366)) {
    throw new ChartError(
      "options.periodsPerYear",
      `must be a number in (0, 366] (252 for daily figures, 52 weekly, 1 for annual), got ${displayValue(given)}`,
    );
  }
  if (!Array.isArray(o.points) || o.points.length < 2)
    throw new ChartError(
      "points",
      "must be an array of at least 2 portfolios: results with a performance block, or { volatility, expectedReturn, label? }",
    );
  const explicitP = given ?? 1;
  const assets = o.assets === undefined ? undefined : frontierAssets("assets", o.assets, explicitP);
  // Array.from visits holes of a sparse array (map would keep them), so each is refused by name.
  const frontier = Array.from(o.points as ArrayLike<unknown>, (p, i) => ({
    ...frontierPoint(`points[${i}]`, p, explicitP),
    series: FRONTIER,
    order: i,
  }));
  const tangency =
    o.maximumSharpe === undefined ? undefined : frontierPoint("maximumSharpe", o.maximumSharpe, explicitP);
  const units = frontierUnits(given, assets, [...frontier, ...(tangency === undefined ? [] : [tangency])]);

  const marks: Array<AnnualPoint & { series: string }> = [
    { ...frontier[0]!, series: MIN_VARIANCE, label: MIN_VARIANCE },
  ];
  let subtitle = `${frontier.length} portfolios`;
  if (tangency !== undefined) {
    marks.push({ ...tangency, series: TANGENCY, label: TANGENCY });
    if (tangency.sharpe !== undefined)
      subtitle += ` · maximum Sharpe ratio ${tangency.sharpe.toFixed(2)} (r_f = ${(tangency.riskFreeRate * 100).toFixed(2)}%)`;
  }
  subtitle += ` · ${units}`;
  const assetRows = (assets?.points ?? []).map((a) => ({ ...a, series: ASSET }));
  const labelled = [...frontier.filter((p) => p.label !== undefined), ...assetRows];

  const series = [
    FRONTIER,
    MIN_VARIANCE,
    ...(tangency === undefined ? [] : [TANGENCY]),
    ...(assetRows.length > 0 ? [ASSET] : []),
  ];
  const colour = {
    [FRONTIER]: PALETTE.portfolio,
    [MIN_VARIANCE]: PALETTE.benchmark,
    [TANGENCY]: PALETTE.high,
    [ASSET]: PALETTE.other,
  };
  const shape = { [FRONTIER]: "stroke", [MIN_VARIANCE]: "square", [TANGENCY]: "diamond", [ASSET]: "circle" };
  const color = {
    field: "series",
    type: "nominal",
    scale: { domain: series, range: series.map((s) => colour[s as keyof typeof colour]) },
    legend: { title: null },
  };
  const shapes = {
    field: "series",
    type: "nominal",
    scale: { domain: series, range: series.map((s) => shape[s as keyof typeof shape]) },
    legend: { title: null },
  };
  const x = {
    field: "vol",
    type: "quantitative",
    scale: { zero: false, nice: true },
    axis: { title: "Volatility (annual)", format: ".0%", tickMinStep: 0.01, grid: true },
  };
  const y = {
    field: "ret",
    type: "quantitative",
    scale: { zero: false, nice: true },
    axis: { title: "Expected return (annual)", format: ".0%", tickMinStep: 0.01, grid: true },
  };
  const rows = (points: ReadonlyArray<AnnualPoint & { series: string; order?: number }>) =>
    points.map((p) => ({
      vol: p.volatility,
      ret: p.expectedReturn,
      series: p.series,
      label: p.label ?? "",
      ...(p.order === undefined ? {} : { order: p.order }),
    }));
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    description: `Efficient frontier of ${frontier.length} portfolios: annual expected return against annual volatility${tangency === undefined ? "" : ", with the maximum-Sharpe portfolio marked"}${assetRows.length > 0 ? ` and ${assetRows.length} single assets, each named` : ""}.`,
    title: { text: resolved.title, subtitle },
    width: resolved.width,
    height: resolved.height,
    layer: [
      ...(assetRows.length > 0
        ? [
            {
              data: { values: rows(assetRows) },
              mark: { type: "point", filled: true, size: 28, opacity: 0.7 },
              encoding: { x, y, color, shape: shapes, tooltip: [{ field: "label" }] },
            },
          ]
        : []),
      {
        data: { values: rows(frontier) },
        mark: { type: "line", strokeWidth: 2.2 },
        encoding: { x, y, order: { field: "order" }, color },
      },
      {
        data: { values: rows(marks) },
        mark: { type: "point", filled: true, size: 110, opacity: 1 },
        encoding: { x, y, color, shape: shapes },
      },
      // Every asset (and labelled frontier point) named beside its dot, not only in a tooltip an SVG cannot show.
      ...(labelled.length > 0
        ? [
            {
              data: { values: rows(labelled) },
              mark: { type: "text", align: "left", baseline: "middle", dx: 6, fontSize: 10, color: "#444444" },
              encoding: { x, y, text: { field: "label", type: "nominal" } },
            },
          ]
        : []),
    ],
    config: CHART_CONFIG,
  } as TopLevelSpec;
}

/** The efficient-frontier chart as an SVG document ({@link efficientFrontierChartSpec}). */
export async function efficientFrontierChart(
  input: EfficientFrontierInput,
  options: EfficientFrontierChartOptions = {},
): Promise<string> {
  return renderSvg(efficientFrontierChartSpec(input, options));
}

/**
 * Checks that every figure comes from one sampling and says, for the subtitle, how the figures
 * became annual: portfolio results' performance blocks are annual, annualised from their data's P;
 * labelled assets carry their P; explicit figures are annual unless `given` (their P) is set.
 */
function frontierUnits(
  given: number | undefined,
  assets: { periodsPerYear?: number; source?: string } | undefined,
  points: ReadonlyArray<AnnualPoint>,
): string {
  const dataP = assets?.periodsPerYear;
  if (given !== undefined && dataP !== undefined && given !== dataP) {
    throw new ChartError(
      "options.periodsPerYear",
      `${given} contradicts the data: ${assets!.source} are sampled ${dataP} times a year; leave periodsPerYear out`,
      { details: { given, periodsPerYear: dataP } },
    );
  }
  const resultP = [...new Set(points.flatMap((p) => (p.periodsPerYear === undefined ? [] : [p.periodsPerYear])))];
  if (resultP.length > 1)
    throw new ChartError(
      "points",
      `were annualised from different periods a year (${resultP.join(", ")}): draw estimates of one sampling`,
    );
  const known = dataP ?? given;
  if (resultP.length === 1 && known !== undefined && resultP[0] !== known) {
    throw new ChartError(
      "points",
      `were annualised from ${resultP[0]} periods a year but ${dataP === undefined ? "options.periodsPerYear says" : `${assets!.source} are sampled`} ${known}: draw estimates of one sampling`,
    );
  }
  const explicit = points.some((p) => p.periodsPerYear === undefined) || (assets !== undefined && dataP === undefined);
  if (explicit) return given === undefined ? "annual figures as given" : `annualised from ${given} periods a year`;
  const p = dataP ?? resultP[0];
  return p === undefined ? "annual figures" : `annualised from ${p} periods a year`;
}
