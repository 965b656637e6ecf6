/**
 * Vega-Lite specs of the full tear sheet's panels that are not time lines: tables drawn as text,
 * histograms with their mean lines, period-return bars and the box plot of calendar returns.
 * Every number they show is given to them (the engine's or series/reportSeries.ts's).
 */
import type { TopLevelSpec } from "vega-lite";
import { decimalsOf, linearTicks, niceStep } from "../_internal/axisTicks.ts";
import { CHART_CONFIG, PALETTE } from "../_internal/theme.ts";
import { timeEncoding } from "../_internal/timeAxis.ts";
import { boxStatistics, type CalendarUnit } from "../series/reportSeries.ts";

const SCHEMA = "https://vega.github.io/schema/vega-lite/v6.json";

/** Portfolio and benchmark labels. */
export interface Labels {
  portfolio: string;
  benchmark: string;
}

const seriesColor = (labels: Labels) => ({
  field: "series",
  type: "nominal",
  scale: { domain: [labels.portfolio, labels.benchmark], range: [PALETTE.portfolio, PALETTE.benchmark] },
  legend: { title: null },
});

/** The arithmetic mean (0 for an empty list). */
export function meanOf(x: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < x.length; i++) s += x[i]!;
  return x.length === 0 ? 0 : s / x.length;
}

/**
 * A table drawn as text: `columns` across the top, one row per entry of `rows` (cells in column
 * order). Used for the worst drawdowns and the end-of-year table.
 */
export function textTableSpec(
  title: string,
  subtitle: string,
  columns: readonly string[],
  rows: ReadonlyArray<readonly string[]>,
  width: number,
  description: string,
): TopLevelSpec {
  const values = rows.flatMap((cells, i) =>
    cells.map((text, j) => ({ row: String(i + 1).padStart(3, "0"), column: columns[j]!, text })),
  );
  return {
    $schema: SCHEMA,
    description,
    title: { text: title, subtitle },
    width: Math.min(width, 90 * columns.length),
    height: Math.max(20, rows.length * 20),
    data: { values },
    mark: { type: "text", fontSize: 12 },
    encoding: {
      x: {
        field: "column",
        type: "nominal",
        sort: [...columns],
        axis: { title: null, orient: "top", labelAngle: 0, labelFontWeight: "bold", domain: false, ticks: false },
      },
      y: { field: "row", type: "ordinal", axis: null },
      text: { field: "text", type: "nominal" },
    },
    config: CHART_CONFIG,
  } as unknown as TopLevelSpec;
}

/**
 * Histogram of two return samples with a dashed line at each one's mean. The bins and the axis
 * ticks are chosen here, not by Vega: the bins a nice step wide (about `bins` over the range), the
 * ticks a coarser nice step with as many decimals as that step needs, so no two labels read the
 * same.
 */
export function histogramSpec(
  samples: { portfolio: ArrayLike<number>; benchmark: ArrayLike<number> },
  labels: Labels,
  text: { title: string; subtitle: string; xTitle: string; yTitle: string; description: string },
  width: number,
  bins: number,
): TopLevelSpec {
  const r = Array.from(samples.portfolio);
  const b = Array.from(samples.benchmark);
  const values = [
    ...r.map((value) => ({ series: labels.portfolio, value })),
    ...b.map((value) => ({ series: labels.benchmark, value })),
  ];
  let low = Infinity;
  let high = -Infinity;
  for (const x of [...r, ...b]) {
    if (x < low) low = x;
    if (x > high) high = x;
  }
  if (!(high - low > 1e-12)) [low, high] = [low - 0.005, high + 0.005]; // constant returns: one visible bin
  const step = niceStep(low, high, bins);
  const extent = [Math.floor(low / step) * step, Math.ceil(high / step) * step];
  if (extent[1]! - extent[0]! < step) extent[1] = extent[0]! + step;
  const ticks = linearTicks(extent[0]!, extent[1]!, 8);
  const format = `.${decimalsOf(ticks.step * 100)}%`;
  const means = [
    { series: labels.portfolio, value: meanOf(r) },
    { series: labels.benchmark, value: meanOf(b) },
  ];
  return {
    $schema: SCHEMA,
    description: text.description,
    title: {
      text: text.title,
      subtitle: `${text.subtitle} · bins ${(step * 100).toFixed(decimalsOf(step * 100))}% wide · dashed: the means`,
    },
    width,
    height: 190,
    layer: [
      {
        data: { values },
        mark: { type: "bar", opacity: 0.55, binSpacing: 0 },
        encoding: {
          x: {
            field: "value",
            type: "quantitative",
            bin: { step, extent },
            scale: { domain: extent, nice: false },
            axis: { title: text.xTitle, format, values: ticks.values, labelOverlap: true },
          },
          y: { aggregate: "count", type: "quantitative", stack: null, axis: { title: text.yTitle } },
          color: seriesColor(labels),
        },
      },
      {
        data: { values: means },
        mark: { type: "rule", strokeDash: [5, 3], strokeWidth: 1.6 },
        encoding: { x: { field: "value", type: "quantitative" }, color: seriesColor(labels) },
      },
    ],
    config: CHART_CONFIG,
  } as unknown as TopLevelSpec;
}

/** Each periodic return of the portfolio as a vertical stroke from 0 at its date (green up, red down). */
export function periodBarsSpec(
  t: Float64Array,
  r: Float64Array,
  label: string,
  adjective: string,
  width: number,
  subtitle: string,
): TopLevelSpec {
  const values = Array.from(r, (value, i) => ({ date: t[i + 1]! * 1000, value }));
  const x = timeEncoding(t[t.length - 1]! - t[0]!);
  return {
    $schema: SCHEMA,
    description: `Bar chart of the ${adjective} returns of ${label}.`,
    title: { text: `${adjective[0]!.toUpperCase()}${adjective.slice(1)} returns by date`, subtitle },
    width,
    height: 170,
    data: { values },
    layer: [
      {
        // One stroke per period (thousands on daily data): no per-stroke ARIA label; the chart's description stays.
        mark: { type: "rule", strokeWidth: 1, aria: false },
        encoding: {
          x,
          y: { field: "value", type: "quantitative", axis: { title: "Return (%)", format: ".0%", tickCount: 6 } },
          y2: { datum: 0 },
          color: { condition: { test: "datum.value < 0", value: "#d62728" }, value: "#2ca02c" },
        },
      },
      {
        data: { values: [{ y: 0 }] },
        mark: { type: "rule", color: "#555555" },
        encoding: { y: { field: "y", type: "quantitative" } },
      },
    ],
    config: CHART_CONFIG,
  } as unknown as TopLevelSpec;
}

const UNIT_NAMES: Record<CalendarUnit, string> = {
  week: "Weekly",
  month: "Monthly",
  quarter: "Quarterly",
  year: "Yearly",
};

/**
 * Box plot of the calendar returns of the portfolio and the benchmark, one group per unit: the
 * box from the first to the third quartile with the median, whiskers at 1.5 IQR, the values
 * beyond as dots ({@link boxStatistics}); drawn from those figures, so Vega aggregates nothing.
 */
export function returnsBoxPlotSpec(
  returns: ReadonlyArray<{ unit: CalendarUnit; series: string; values: number[] }>,
  labels: Labels,
  width: number,
): TopLevelSpec {
  const units = [...new Set(returns.map((x) => x.unit))].map((u) => UNIT_NAMES[u]);
  const boxes = returns
    .filter((x) => x.values.length > 0)
    .map((x) => ({ unit: UNIT_NAMES[x.unit], series: x.series, ...boxStatistics(x.values) }));
  const outliers = boxes.flatMap((b) => b.outliers.map((value) => ({ unit: b.unit, series: b.series, value })));
  const x = { field: "unit", type: "nominal", sort: units, axis: { title: null, labelAngle: 0 } };
  const xOffset = { field: "series", sort: [labels.portfolio, labels.benchmark] };
  const color = seriesColor(labels);
  const y = (field: string, title?: string) => ({
    field,
    type: "quantitative",
    ...(title === undefined ? {} : { axis: { title, format: ".0%" } }),
  });
  return {
    $schema: SCHEMA,
    description:
      "Box plot of the returns of calendar weeks, months, quarters and years of the portfolio and its benchmark.",
    title: {
      text: "Returns by calendar period",
      subtitle: "Compounded within UTC calendar periods · box: quartiles, median · whiskers: 1.5 IQR",
    },
    width,
    height: 220,
    layer: [
      {
        data: { values: boxes },
        mark: { type: "rule" },
        encoding: { x, xOffset, y: y("low", "Return (%)"), y2: { field: "high" }, color },
      },
      {
        data: { values: boxes },
        mark: { type: "bar", size: 16 },
        encoding: { x, xOffset, y: y("q1"), y2: { field: "q3" }, color },
      },
      {
        data: { values: boxes },
        mark: { type: "tick", color: "white", size: 16, thickness: 2 },
        encoding: { x, xOffset, y: y("median") },
      },
      {
        data: { values: outliers },
        mark: { type: "point", size: 18, filled: false },
        encoding: { x, xOffset, y: y("value"), color },
      },
    ],
    config: CHART_CONFIG,
  } as unknown as TopLevelSpec;
}
