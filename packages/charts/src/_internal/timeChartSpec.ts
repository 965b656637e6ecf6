import type { TopLevelSpec } from "vega-lite";
import { logTicks } from "./axisTicks.ts";
import type { ResolvedOptions } from "./checkOptions.ts";
import type { SeriesColumns } from "./seriesColumns.ts";
import { CHART_CONFIG } from "./theme.ts";
import { timeEncoding } from "./timeAxis.ts";

/** One line of a time chart. */
export interface TimeLine {
  label: string;
  color: string;
  series: SeriesColumns;
}

/** What a time chart shows besides its lines. */
export interface TimeChartLayout extends ResolvedOptions {
  subtitle?: string;
  /** Y axis title, with its unit. */
  yTitle: string;
  /** d3-format of the y labels (".0%", ",.0f"…); on a log axis the format of its ticks ({@link logTicks}) instead. */
  yFormat: string;
  /** Fill the area between the first line and 0 (the underwater curve); default false. */
  fillFirst?: boolean;
  /** A horizontal reference rule (0 for Sharpe ratios). */
  rule?: number;
  yScale?: { type?: "linear" | "log"; zero?: boolean; domainMax?: number };
  /** ARIA description of the whole chart. */
  description: string;
}

/**
 * A dated multi-line chart: x = date (UTC, {@link timeEncoding}), y = value, one colour per
 * line, a legend when there is more than one line. Rows carry `date` in milliseconds.
 */
export function timeChartSpec(lines: ReadonlyArray<TimeLine>, layout: TimeChartLayout): TopLevelSpec {
  const values: Array<{ date: number; value: number; series: string }> = [];
  let first = Infinity;
  let last = -Infinity;
  let low = Infinity;
  let high = -Infinity;
  for (const line of lines) {
    const { t, v } = line.series;
    for (let i = 0; i < t.length; i++) {
      values.push({ date: t[i]! * 1000, value: v[i]!, series: line.label });
      low = Math.min(low, v[i]!);
      high = Math.max(high, v[i]!);
    }
    if (t.length > 0) {
      first = Math.min(first, t[0]!);
      last = Math.max(last, t[t.length - 1]!);
    }
  }
  const legend = lines.length > 1 ? { title: null } : null;
  const log = layout.yScale?.type === "log";
  // A log axis gets its own ticks over the whole domain: Vega labels a log scale spanning a
  // decade or two at few of its ticks (data from 51 to 163 was labelled 60 to 100 only).
  const domain = log ? [low / 1.05, Math.min(high * 1.05, Number.MAX_VALUE)] : undefined;
  const ticks = domain === undefined ? undefined : logTicks(domain[0]!, domain[1]!);
  const color = {
    field: "series",
    type: "nominal",
    scale: { domain: lines.map((l) => l.label), range: lines.map((l) => l.color) },
    legend,
  } as const;
  const x = timeEncoding(last - first);
  const seriesLayer = {
    // No per-point ARIA label: a line is one path, and Vega-Lite would label it with its first
    // point only (formatting a label for every point, the report's largest cost); the chart's
    // own description stays.
    mark: { type: "line", interpolate: "linear", aria: false },
    encoding: {
      x,
      y: {
        field: "value",
        type: "quantitative",
        scale: {
          type: layout.yScale?.type ?? "linear",
          // A log scale has no zero (Vega-Lite drops the property with a warning).
          ...(log ? {} : { zero: layout.yScale?.zero ?? false }),
          ...(layout.yScale?.domainMax === undefined ? {} : { domainMax: layout.yScale.domainMax }),
          // A "nice" log domain rounds out to whole decades, leaving most of the plot empty.
          ...(domain === undefined ? {} : { nice: false, domain }),
        },
        axis:
          ticks === undefined
            ? { title: layout.yTitle, format: layout.yFormat, tickCount: 6 }
            : { title: layout.yTitle, format: ticks.format, values: ticks.values },
        stack: null,
      },
      color,
    },
  };
  const layers: unknown[] = [seriesLayer];
  const firstLine = lines[0];
  if (layout.fillFirst === true && firstLine !== undefined) {
    layers.unshift({
      transform: [{ filter: { field: "series", equal: firstLine.label } }],
      mark: { type: "area", color: firstLine.color, opacity: 0.18, aria: false },
      // Not stacked (one series): the area runs from the value to the zero baseline, as the
      // stacked one did, without Vega's impute and per-date stack over every point.
      encoding: { x, y: { field: "value", type: "quantitative", stack: null } },
    });
  }
  if (layout.rule !== undefined)
    layers.push({
      data: { values: [{ y: layout.rule }] },
      mark: { type: "rule", color: "#555555", strokeDash: [4, 3] },
      encoding: { y: { field: "y", type: "quantitative" } },
    });
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    description: layout.description,
    title: layout.subtitle === undefined ? { text: layout.title } : { text: layout.title, subtitle: layout.subtitle },
    width: layout.width,
    height: layout.height,
    data: { values },
    layer: layers,
    config: CHART_CONFIG,
  } as TopLevelSpec;
}
