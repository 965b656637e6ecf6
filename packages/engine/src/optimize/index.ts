// Public surface of the optimize area; re-exported by src/index.ts.
export type {
  ExcludedCompany, ObjectiveTerm, ObjectiveTermName, OptimizerCompany, OptimizerMetadata, OptimizerResult, ReturnScenarios, Signal, SolverReport,
} from "./types.ts";
export { scenariosFromPrices, type ScenariosFromPricesOptions } from "./scenariosFromPrices.ts";
export { portfolioMetadata } from "./portfolioMetadata.ts";
export { scoreTilt, type ScoreTiltOptions } from "./scoreTilt.ts";
export { meanCvarOptimize, type MeanCvarMethod, type MeanCvarOptions } from "./meanCvarOptimize.ts";
export { configureOptimizerSolver, type SolverLoaderOptions } from "./configureOptimizerSolver.ts";
