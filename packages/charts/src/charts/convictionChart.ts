import { convictionBand } from "@thematic/engine";
import type { TopLevelSpec } from "vega-lite";
import { ChartError } from "../ChartError.ts";
import { checkLabel, resolveOptions, displayValue } from "../_internal/checkOptions.ts";
import { CHART_CONFIG, PALETTE } from "../_internal/theme.ts";
import { renderSvg } from "../render/renderSvg.ts";
import type { ChartOptions, ConvictionPoint } from "../types.ts";

const BANDS = ["high", "moderate", "low"] as const;
const BAND_LABEL = { high: "High (> 0.5)", moderate: "Moderate (0.2–0.5)", low: "Low (< 0.2)" } as const;

/**
 * Vega-Lite spec of the conviction scatter: each company's conviction score (0–1) against its
 * market cap (USD, log axis), coloured by the engine's `convictionBand`
 * (docs/maths.md#conviction-score), with a legend of the bands. Companies without a market cap
 * (or with 0) or without a score cannot be placed and are counted in the subtitle. Default
 * height 320.
 *
 * @throws ChartError naming the field when a company is malformed, a score is outside [0, 1], no company can be placed, or an option is invalid or unknown
 * @example
 * const companies = [{ name: "Acme", marketCap: 2e9, convictionScore: 0.8 }, { name: "Bolt", marketCap: 5e10, convictionScore: 0.4 }, { name: "Cog", marketCap: null, convictionScore: 0.6 }];
 * convictionChartSpec(companies).title // => { text: "Conviction score against market cap", subtitle: "2 companies · 1 without a market cap or a score not shown" }
 */
export function convictionChartSpec(
  companies: ReadonlyArray<ConvictionPoint>,
  options: ChartOptions = {},
): TopLevelSpec {
  const resolved = resolveOptions(options, "Conviction score against market cap", 320);
  if (!Array.isArray(companies) || companies.length === 0)
    throw new ChartError("companies", "must be a non-empty array of { name, marketCap, convictionScore }");
  const points: Array<{ name: string; marketCap: number; score: number; band: string }> = [];
  let unplaced = 0;
  companies.forEach((c, i) => {
    if (c === null || typeof c !== "object")
      throw new ChartError(`companies[${i}]`, "must be { name, marketCap, convictionScore }");
    const name = checkLabel(`companies[${i}].name`, c.name, 200);
    const { marketCap, convictionScore } = c;
    if (marketCap !== null && (typeof marketCap !== "number" || !Number.isFinite(marketCap) || marketCap < 0))
      throw new ChartError(
        `companies[${i}].marketCap`,
        `must be a finite number >= 0 or null, got ${displayValue(marketCap)}`,
      );
    if (
      convictionScore !== null &&
      (typeof convictionScore !== "number" || !(convictionScore >= 0 && convictionScore <= 1))
    )
      throw new ChartError(
        `companies[${i}].convictionScore`,
        `must be a number in [0, 1] or null, got ${displayValue(convictionScore)}`,
      );
    if (marketCap === null || marketCap === 0 || convictionScore === null) unplaced++;
    else points.push({ name, marketCap, score: convictionScore, band: BAND_LABEL[convictionBand(convictionScore)] });
  });
  if (points.length === 0)
    throw new ChartError("companies", "no company has both a market cap > 0 and a conviction score");
  const decades = powersOfTen(points);
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    description: `Scatter plot of the conviction score of ${points.length} companies against their market cap (log scale), coloured by conviction band.`,
    title: {
      text: resolved.title,
      subtitle: `${points.length} companies${unplaced > 0 ? ` · ${unplaced} without a market cap or a score not shown` : ""}`,
    },
    width: resolved.width,
    height: resolved.height,
    data: { values: points },
    mark: { type: "point", filled: true, size: 42, opacity: 0.8 },
    encoding: {
      x: {
        field: "marketCap",
        type: "quantitative",
        scale: { type: "log", domain: [decades[0], decades[decades.length - 1]], nice: false },
        // One tick per power of ten; d3's SI prefix "G" reads as giga, investors say billion (B).
        axis: {
          title: "Market cap (USD, log scale)",
          values: decades,
          labelExpr: "replace(format(datum.value, '$~s'), 'G', 'B')",
          grid: true,
        },
      },
      y: {
        field: "score",
        type: "quantitative",
        scale: { domain: [0, 1] },
        axis: { title: "Conviction score (0 to 1)", format: ".1f" },
      },
      color: {
        field: "band",
        type: "nominal",
        scale: { domain: BANDS.map((b) => BAND_LABEL[b]), range: BANDS.map((b) => PALETTE[b]) },
        legend: { title: "Conviction band" },
      },
      shape: {
        field: "band",
        type: "nominal",
        scale: { domain: BANDS.map((b) => BAND_LABEL[b]), range: ["circle", "square", "triangle-up"] },
        legend: { title: "Conviction band" },
      },
    },
    config: CHART_CONFIG,
  } as TopLevelSpec;
}

/** 10^k from the power of ten at or below the smallest cap to the one at or above the largest (at least two). */
function powersOfTen(points: ReadonlyArray<{ marketCap: number }>): number[] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const p of points) {
    lo = Math.min(lo, p.marketCap);
    hi = Math.max(hi, p.marketCap);
  }
  const from = Math.floor(Math.log10(lo));
  const to = Math.max(from + 1, Math.ceil(Math.log10(hi)));
  return Array.from({ length: to - from + 1 }, (_, k) => 10 ** (from + k));
}

/** The conviction chart as an SVG document ({@link convictionChartSpec}). */
export async function convictionChart(
  companies: ReadonlyArray<ConvictionPoint>,
  options: ChartOptions = {},
): Promise<string> {
  return renderSvg(convictionChartSpec(companies, options));
}
