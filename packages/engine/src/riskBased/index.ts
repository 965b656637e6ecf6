// Public surface of the risk-based allocation area; re-exported by src/index.ts.
export { riskContributions } from "./riskContributions.ts";
export { riskBudgetWeights, type RiskBudgetOptions, type RiskBudgetResult, type RiskContribution, type RiskBudget } from "./riskBudgetWeights.ts";
export { equalRiskContribution, type EqualRiskContributionOptions } from "./equalRiskContribution.ts";
export { hierarchicalRiskParity, type HierarchicalRiskParityResult, type LinkageStep } from "./hierarchicalRiskParity.ts";
