// Public surface of the risk-measures area (docs/maths.md#risk-measures); re-exported by src/index.ts.
export { RISK_MEASURES, type RiskMeasure } from "./RiskMeasure.ts";
export { meanAbsoluteDeviation } from "./meanAbsoluteDeviation.ts";
export { semiAbsoluteDeviation } from "./semiAbsoluteDeviation.ts";
export { uncompoundedDrawdowns } from "./uncompoundedDrawdowns.ts";
export { conditionalDrawdownAtRisk } from "./conditionalDrawdownAtRisk.ts";
export { uncompoundedMaxDrawdown } from "./uncompoundedMaxDrawdown.ts";
export { worstRealisation } from "./worstRealisation.ts";
export { portfolioRisk, type PortfolioRiskOptions } from "./portfolioRisk.ts";
export { minimumRisk, type MinimumRiskOptions, type MinimumRiskResult } from "./minimumRisk.ts";
export { meanRisk, type MeanRiskOptions, type MeanRiskResult } from "./meanRisk.ts";
export type { RiskRuleOptions } from "./_internal/readRiskOptions.ts";
