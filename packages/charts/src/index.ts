/**
 * @thematic/charts: SVG charts of backtests and portfolios from @thematic/engine's results (or
 * the service's responses), rendered without a DOM by Vega-Lite and Vega (Node, Deno, browsers).
 * Every chart has a `…Spec` builder (a Vega-Lite spec: notebooks that display Vega-Lite can show
 * it as is) and an async renderer returning an SVG document. Conventions: docs/maths.md#chart-series.
 *
 * @module @thematic/charts
 */
export { ChartError } from "./ChartError.ts";
export type {
  BacktestLike,
  ChartOptions,
  ConvictionPoint,
  PerformanceInput,
  SeriesFrequency,
  SeriesPoint,
  TimeSeries,
  WeightInput,
  WeightsInput,
} from "./types.ts";
export { renderSvg } from "./render/renderSvg.ts";
export { navChart, navChartSpec, type NavChartOptions } from "./charts/navChart.ts";
export { drawdownChart, drawdownChartSpec } from "./charts/drawdownChart.ts";
export {
  rollingVolatilityChart,
  rollingVolatilityChartSpec,
  type RollingChartOptions,
} from "./charts/rollingVolatilityChart.ts";
export { rollingSharpeChart, rollingSharpeChartSpec } from "./charts/rollingSharpeChart.ts";
export { weightsChart, weightsChartSpec, type WeightsChartOptions } from "./charts/weightsChart.ts";
export { convictionChart, convictionChartSpec } from "./charts/convictionChart.ts";
export { tearSheetCharts, tearSheetChartsSpec, type TearSheetChartsInput } from "./charts/tearSheetCharts.ts";
export {
  efficientFrontierChart,
  efficientFrontierChartSpec,
  type EfficientFrontierChartOptions,
  type EfficientFrontierInput,
  type FrontierAssets,
  type FrontierPoint,
  type PerformanceLike,
  type RiskReturnPoint,
} from "./charts/efficientFrontierChart.ts";
export type { RollingOptions } from "./series/statisticsAdapter.ts";
export { htmlTable, type ColumnFormat, type HtmlTableOptions, type TableRows } from "./table/htmlTable.ts";
export {
  tearSheetReport,
  tearSheetReportSpecs,
  type TearSheetReportOptions,
  type TearSheetPanels,
} from "./charts/tearSheetReport.ts";
export type { MetricRow } from "./series/reportMetrics.ts";
