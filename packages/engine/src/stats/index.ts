// Public surface of the stats area; re-exported by src/index.ts.
export { PERIODS_PER_YEAR, DAYS_PER_YEAR, SECONDS_PER_DAY, DEFAULT_CONFIDENCE } from "./conventions.ts";
export { simpleReturns } from "./simpleReturns.ts";
export { totalReturn } from "./totalReturn.ts";
export { yearsBetween } from "./yearsBetween.ts";
export { cagr } from "./cagr.ts";
export { meanReturn } from "./meanReturn.ts";
export { sampleVariance } from "./sampleVariance.ts";
export { volatility } from "./volatility.ts";
export { sharpeRatio, type SharpeRatioOptions } from "./sharpeRatio.ts";
export { cagrSharpeRatio } from "./cagrSharpeRatio.ts";
export { maxDrawdown } from "./maxDrawdown.ts";
export { valueAtRisk } from "./valueAtRisk.ts";
export { conditionalValueAtRisk } from "./conditionalValueAtRisk.ts";
