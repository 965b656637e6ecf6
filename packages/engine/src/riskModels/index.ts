// Public surface of the risk models and expected returns; re-exported by src/index.ts.
export type { ReturnMatrix, CovarianceMatrix } from "./types.ts";
export { sampleCovariance } from "./sampleCovariance.ts";
