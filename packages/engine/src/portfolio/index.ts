// Public surface of the portfolio area (the one result every weight-producing method returns); re-exported by src/index.ts.
export type {
  PortfolioResult,
  PortfolioMethod,
  Weight,
  Certificate,
  KktResiduals,
  Performance,
} from "./PortfolioResult.ts";
export { portfolioPerformance, type PortfolioPerformanceOptions } from "./portfolioPerformance.ts";
export type { WeightsInput } from "./weightVector.ts";
export type { WeightRuleOptions, RiskFreeRateOption } from "./PortfolioOptions.ts";
export { CONSTRAINT_OPTION_NAMES, type ConstraintOptions, type LinearConstraint } from "./ConstraintOptions.ts";
