// Public surface of the optimize area; re-exported by src/index.ts.
export type {
  ExcludedCompany,
  ObjectiveTerm,
  ObjectiveTermName,
  OptimizerCompany,
  OptimizerMetadata,
  OptimizerResult,
  ReturnScenarios,
  Signal,
} from "./types.ts";
export { scenariosFromPrices, type ScenariosFromPricesOptions } from "./scenariosFromPrices.ts";
export { portfolioMetadata } from "./portfolioMetadata.ts";
export { scoreTilt, type ScoreTiltOptions } from "./scoreTilt.ts";
export { meanCvarOptimize, type MeanCvarMethod, type MeanCvarOptimizeOptions } from "./meanCvarOptimize.ts";
export { minimumCvar, type MinimumCvarOptions, type MinimumCvarResult } from "./minimumCvar.ts";
export { meanCvar, type MeanCvarOptions, type MeanCvarResult } from "./meanCvar.ts";
export type { CvarRuleOptions } from "./_internal/readCvarOptions.ts";
export { configureOptimizerSolver, type SolverLoaderOptions } from "./configureOptimizerSolver.ts";
