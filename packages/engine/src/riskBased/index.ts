// Public surface of the risk-based allocation area; re-exported by src/index.ts.
export { riskContributions } from "./riskContributions.ts";
export { riskBudgetWeights } from "./riskBudgetWeights.ts";
export type { RiskBudgetOptions, RiskBudgetResult, RiskContribution, RiskBudget } from "./RiskBudgetResult.ts";
export { equalRiskContribution, type EqualRiskContributionOptions } from "./equalRiskContribution.ts";
export {
  hierarchicalRiskParity,
  type HierarchicalRiskParityResult,
  type LinkageStep,
} from "./hierarchicalRiskParity.ts";
