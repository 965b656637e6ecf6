// Public surface of the risk models and expected returns; re-exported by src/index.ts.
export type { ReturnMatrix, CovarianceMatrix } from "./types.ts";
export { sampleCovariance } from "./sampleCovariance.ts";
export {
  ledoitWolfCovariance,
  type LedoitWolfOptions,
  type LedoitWolfTarget,
  type ShrunkCovariance,
} from "./ledoitWolfCovariance.ts";
export { oracleApproximatingShrinkage } from "./oracleApproximatingShrinkage.ts";
export { exponentialCovariance, type ExponentialCovarianceOptions } from "./exponentialCovariance.ts";
export { meanHistoricalReturn, type MeanHistoricalReturnOptions } from "./meanHistoricalReturn.ts";
export { exponentialHistoricalReturn, type ExponentialHistoricalReturnOptions } from "./exponentialHistoricalReturn.ts";
export { capmReturn, type CapmReturnOptions } from "./capmReturn.ts";
