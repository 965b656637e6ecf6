// Public surface of the research area (cross-validation and overfitting, docs/maths.md#research-cross-validation-and-overfitting); re-exported by src/index.ts.
export type {
  CrossValidationSplit,
  CrossValidationSplits,
  EmbargoInput,
  PurgeOptions,
  ResearchReturns,
} from "./types.ts";
export { purgedKFold, type PurgedKFoldOptions } from "./purgedKFold.ts";
export {
  combinatorialPurgedSplits,
  MAX_COMBINATORIAL_SPLITS,
  type CombinatorialPurgedOptions,
} from "./combinatorialPurgedSplits.ts";
export {
  crossValidate,
  type CrossValidateOptions,
  type CrossValidationContext,
  type CrossValidationEstimator,
  type CrossValidationPathOutcome,
  type CrossValidationResult,
  type CrossValidationSplitOutcome,
  type CrossValidationWeights,
} from "./crossValidate.ts";
export {
  probabilityOfBacktestOverfitting,
  MAX_CSCV_PARTITIONS,
  type BacktestOverfittingOptions,
  type BacktestOverfittingResult,
} from "./probabilityOfBacktestOverfitting.ts";
export {
  deflatedSharpeOfTrials,
  type DeflatedSharpeOfTrialsOptions,
  type DeflatedSharpeOfTrialsResult,
} from "./deflatedSharpeOfTrials.ts";
