import type { TopLevelSpec } from "vega-lite";
import { ChartError } from "../ChartError.ts";
import { checkLabel, resolveOptions, displayValue } from "../_internal/checkOptions.ts";
import { CHART_CONFIG, PALETTE } from "../_internal/theme.ts";
import { renderSvg } from "../render/renderSvg.ts";
import type { ChartOptions, WeightInput, WeightsInput } from "../types.ts";

/** Options of {@link weightsChart}. */
export interface WeightsChartOptions extends ChartOptions {
  /** Largest holdings drawn one bar each (1..100); the rest are summed into one "Other" bar. Default 20. */
  top?: number;
  /**
   * How the holdings beyond `top` are shown: "bar" (default) one "Other (k holdings)" bar on the
   * same axis; "note" no bar, their count and total weight in the subtitle, so that a large
   * remainder does not shrink the drawn bars (the tear sheet's choice).
   */
  other?: "bar" | "note";
}

/**
 * Vega-Lite spec of a portfolio's weights: one horizontal bar per holding, largest first, labelled
 * with its weight in percent; holdings beyond `top` are summed into "Other (k holdings)". Accepts a
 * portfolio result (the engine's `PortfolioResult`, or anything with `weights: [{ id, weight }]`),
 * a list `[{ id, weight, label? }]`, or labelled weights `{ id: weight }` (or a `Map`). A zero
 * weight is not a holding: it is neither drawn nor counted (an optimizer's result lists every
 * asset, zeros included; the subtitle says how many were left out). Weights are normalised to sum
 * to 1 (any scale, as the backtest accepts). Height follows the bar count (18 px a bar) unless set.
 *
 * @throws ChartError naming the field when a weight is not finite and >= 0, an id is empty or repeated, all weights are 0, or an option is invalid or unknown
 * @example
 * weightsChartSpec({ weights: [{ id: "a", weight: 0.6, label: "Acme" }, { id: "b", weight: 0.4 }, { id: "c", weight: 0 }] }).title
 * // => { text: "Portfolio weights", subtitle: "2 holdings · 1 zero weight not drawn" }
 */
export function weightsChartSpec(input: WeightsInput, options: WeightsChartOptions = {}): TopLevelSpec {
  const { field, entries } = weightEntries(input);
  resolveOptions(options, "Portfolio weights", 80, ["top", "other"]); // refuses unknown keys before the options are read
  const top = options.top ?? 20;
  if (!Number.isInteger(top) || top < 1 || top > 100)
    throw new ChartError("options.top", `must be an integer in 1..100, got ${displayValue(top)}`);
  const other = options.other ?? "bar";
  if (other !== "bar" && other !== "note")
    throw new ChartError("options.other", `must be "bar" or "note", got ${displayValue(other)}`);
  const { rows, zeros } = readWeights(field, entries);
  rows.sort((a, b) => b.weight - a.weight || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
  // Normalised after sorting, so the same weights give the same bars in whatever order they came.
  const total = rows.reduce((sum, r) => sum + r.weight, 0);
  if (!(total > 0) || !Number.isFinite(total))
    throw new ChartError(field, "weights must sum to a finite number > 0 (every weight is 0)");
  for (const r of rows) r.weight /= total;
  const shown = rows.length > top + 1 ? rows.slice(0, top) : rows;
  const rest = rows.slice(shown.length);
  const bars = shown.map((r, rank) => ({ rank, label: r.label, weight: r.weight, kind: "holding" }));
  const restWeight = rest.reduce((s, r) => s + r.weight, 0);
  if (rest.length > 0 && other === "bar")
    bars.push({ rank: bars.length, label: `Other (${rest.length} holdings)`, weight: restWeight, kind: "other" });
  const resolved = resolveOptions(options, "Portfolio weights", Math.max(80, bars.length * 18), ["top", "other"]);
  // The axis title sits above the labels, right-aligned to the axis line: a long label can never
  // run under it (a rotated title beside the labels is placed from estimated text widths, which
  // a browser's font can exceed).
  const y = {
    field: "label",
    type: "nominal",
    sort: { field: "rank", op: "min", order: "ascending" },
    axis: {
      title: "Holding",
      labelLimit: 320,
      titleAngle: 0,
      titleAlign: "right",
      titleBaseline: "bottom",
      titleX: 0,
      titleY: -6,
    },
  } as const;
  const note =
    rest.length === 0
      ? ""
      : other === "bar"
        ? ` · the ${top} largest shown, the rest as Other`
        : ` · the ${top} largest shown; ${rest.length} more (${(restWeight * 100).toFixed(1)}% in total) not drawn`;
  const zeroNote = zeros === 0 ? "" : ` · ${zeros} zero weight${zeros === 1 ? "" : "s"} not drawn`;
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    description: `Bar chart of the weights of ${rows.length} holdings, largest first${rest.length > 0 ? `, the smallest ${rest.length} summed` : ""}.`,
    title: {
      text: resolved.title,
      subtitle: `${rows.length} holding${rows.length === 1 ? "" : "s"}${note}${zeroNote}`,
    },
    width: resolved.width,
    height: resolved.height,
    data: { values: bars },
    encoding: { y },
    layer: [
      {
        mark: { type: "bar", height: { band: 0.75 } },
        encoding: {
          x: {
            field: "weight",
            type: "quantitative",
            axis: { title: "Weight (% of portfolio)", format: ".0%", tickCount: 6 },
            scale: { zero: true },
          },
          color: {
            field: "kind",
            type: "nominal",
            scale: { domain: ["holding", "other"], range: [PALETTE.bar, PALETTE.other] },
            legend: null,
          },
        },
      },
      {
        mark: { type: "text", align: "left", dx: 3, fontSize: 11, color: "#333333" },
        encoding: {
          x: { field: "weight", type: "quantitative" },
          text: { field: "weight", type: "quantitative", format: ".1%" },
        },
      },
    ],
    config: CHART_CONFIG,
  } as TopLevelSpec;
}

/** The weights chart as an SVG document ({@link weightsChartSpec}). */
export async function weightsChart(input: WeightsInput, options: WeightsChartOptions = {}): Promise<string> {
  return renderSvg(weightsChartSpec(input, options));
}

/** The input's weights as `[{ id, weight, label? }]`, with the field they are named by in errors. */
function weightEntries(input: WeightsInput): { field: string; entries: ReadonlyArray<unknown> } {
  const shape = "a portfolio result { weights }, [{ id, weight, label? }], { id: weight } or a Map of weights";
  if (input === null || typeof input !== "object") throw new ChartError("weights", `must be ${shape}`);
  if (Array.isArray(input)) return { field: "weights", entries: input };
  if (input instanceof Map) return { field: "weights", entries: Array.from(input, ([id, weight]) => ({ id, weight })) };
  const weights = (input as { weights?: unknown }).weights;
  if (Array.isArray(weights)) return { field: "input.weights", entries: weights };
  return { field: "weights", entries: Object.entries(input).map(([id, weight]) => ({ id, weight })) };
}

function readWeights(
  field: string,
  weights: ReadonlyArray<unknown>,
): { rows: Array<{ label: string; weight: number }>; zeros: number } {
  if (weights.length === 0) throw new ChartError(field, "must hold at least one weight");
  const ids = new Set<string>();
  const labels = new Map<string, number>();
  let zeros = 0;
  const rows: Array<{ label: string; weight: number }> = [];
  weights.forEach((entry, i) => {
    if (entry === null || typeof entry !== "object")
      throw new ChartError(`${field}[${i}]`, "must be { id, weight, label? }");
    const w = entry as Partial<WeightInput>;
    const id = checkLabel(`${field}[${i}].id`, w.id, 200);
    if (ids.has(id)) throw new ChartError(`${field}[${i}].id`, `repeats "${id}"`);
    ids.add(id);
    if (typeof w.weight !== "number" || !Number.isFinite(w.weight) || w.weight < 0)
      throw new ChartError(`${field}[${i}].weight`, `must be a finite number >= 0, got ${displayValue(w.weight)}`);
    const base = w.label === undefined ? id : checkLabel(`${field}[${i}].label`, w.label);
    if (w.weight === 0) {
      zeros++;
      return;
    }
    const seen = labels.get(base) ?? 0; // two holdings with one display name stay two bars
    labels.set(base, seen + 1);
    rows.push({ label: seen === 0 ? base : `${base} (${id})`, weight: w.weight });
  });
  return { rows, zeros };
}
