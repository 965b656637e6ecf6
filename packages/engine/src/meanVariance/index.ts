// Public surface of the mean–variance optimizers; re-exported by src/index.ts.
export type {
  MeanVarianceOptions,
  MeanVarianceResult,
  MeanVarianceCertificate,
  MeanVarianceMethod,
  ConstrainedMeanVarianceOptions,
  ConstrainedMaximumSharpeOptions,
  WithoutConstraints,
} from "./types.ts";
export { minimumVariance } from "./minimumVariance.ts";
export { maximumSharpe, type MaximumSharpeOptions } from "./maximumSharpe.ts";
export { efficientReturn } from "./efficientReturn.ts";
export { efficientRisk } from "./efficientRisk.ts";
export { efficientFrontier, type EfficientFrontier, type EfficientFrontierOptions } from "./efficientFrontier.ts";
