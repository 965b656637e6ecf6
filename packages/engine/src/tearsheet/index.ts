// Public surface of the tear-sheet area; re-exported by src/index.ts.
export type { PeriodOptions } from "../stats/periodOptions.ts";
export { sortinoRatio } from "./sortinoRatio.ts";
export { calmarRatio } from "./calmarRatio.ts";
export { beta } from "./beta.ts";
export { jensenAlpha } from "./jensenAlpha.ts";
export { trackingError } from "./trackingError.ts";
export { informationRatio } from "./informationRatio.ts";
export { captureRatios, type CaptureRatios } from "./captureRatios.ts";
export { hitRate } from "./hitRate.ts";
export { extremePeriods, type ExtremePeriods } from "./extremePeriods.ts";
export { rollingVolatility } from "./rollingVolatility.ts";
export { rollingSharpe } from "./rollingSharpe.ts";
export type { RollingRatioOptions } from "./_internal/rollingOptions.ts";
export { rollingBeta } from "./rollingBeta.ts";
export { drawdownTable, type DrawdownEpisode } from "./drawdownTable.ts";
export {
  tearSheet,
  type TearSheet,
  type TearSheetInput,
  type TearSheetOptions,
  type DrawdownRow,
  type TimePoint,
  type SeriesMetrics,
} from "./tearSheet.ts";
export { rollingSortino } from "./rollingSortino.ts";
export { monthlyReturns, quarterlyReturns, annualReturns, type PeriodReturn } from "./periodReturns.ts";
export { smartSortinoRatio } from "./smartSortinoRatio.ts";
export { correlation } from "./correlation.ts";
export { treynorRatio } from "./treynorRatio.ts";
export { trailingReturns, type TrailingReturns, type TrailingReturnsOptions } from "./trailingReturns.ts";
export { drawdownStatistics, type DrawdownStatistics } from "./drawdownStatistics.ts";
