/**
 * The look shared by every chart: one font stack, one palette (colour-blind safe: Okabe & Ito),
 * white background so a PNG of the SVG reads on any page.
 */
export const PALETTE = {
  portfolio: "#0072B2",
  benchmark: "#E69F00",
  high: "#009E73",
  moderate: "#E69F00",
  low: "#CC79A7",
  bar: "#0072B2",
  other: "#999999",
} as const;

export const FONT = "Helvetica, Arial, sans-serif";

/** The Vega-Lite `config` of every chart. */
export const CHART_CONFIG = {
  background: "white",
  font: FONT,
  padding: 12,
  title: { fontSize: 16, anchor: "start", subtitleFontSize: 12, subtitleColor: "#555555", offset: 10 },
  axis: {
    labelFontSize: 11,
    titleFontSize: 12,
    titleFontWeight: "normal",
    gridColor: "#e6e6e6",
    domainColor: "#888888",
    tickColor: "#888888",
  },
  legend: { labelFontSize: 12, titleFontSize: 12, orient: "top", symbolStrokeWidth: 3, labelLimit: 360 },
  view: { stroke: "#cccccc" },
  line: { strokeWidth: 1.6 },
} as const;
