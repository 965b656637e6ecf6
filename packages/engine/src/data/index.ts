// Public surface of the labelled-data area (asset ids and sampling carried with every matrix); re-exported by src/index.ts.
export { PERIODS_PER_YEAR, frequencyOf, type Frequency, type FrequencyInput } from "./Frequency.ts";
export { assetReturns, isAssetReturns, type AssetReturns, type AssetReturnsOptions } from "./assetReturns.ts";
export {
  covariance,
  isCovariance,
  type Covariance,
  type CovarianceInput,
  type CovarianceOptions,
} from "./covariance.ts";
export {
  expectedReturns,
  isExpectedReturns,
  type ExpectedReturns,
  type ExpectedReturnsOptions,
} from "./expectedReturns.ts";
export { inferFrequency } from "./inferFrequency.ts";
export { returnsFromPrices, type ReturnsFromPricesOptions } from "./returnsFromPrices.ts";
export { returnsFromRecords, type ReturnsFromRecordsOptions } from "./returnsFromRecords.ts";
export { returnsFromCsv } from "./returnsFromCsv.ts";
export { returnsFromArrow, type ArrowTableLike } from "./returnsFromArrow.ts";
