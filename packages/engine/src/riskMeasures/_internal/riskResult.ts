import type { CheckedReturnsTable } from "../../research/readReturnsTable.ts";
import { performanceOf } from "../../portfolio/portfolioPerformance.ts";
import type { Certificate, PortfolioMethod, PortfolioResult } from "../../portfolio/PortfolioResult.ts";
import { portfolioResult } from "../../portfolio/PortfolioResult.ts";
import { meanReturn, sampleVariance } from "../../stats/index.ts";
import type { RiskRules } from "./readRiskOptions.ts";
import { portfolioReturns, type RiskSolution } from "./solveRisk.ts";

/**
 * The one result of a risk-measure solve: the certificate (objective and proven gap of the LP or
 * MILP), and the performance block from the portfolio's own returns (μ the sample mean, the
 * volatility their sample standard deviation, docs/maths.md#portfolio-performance).
 */
export function riskResult<M extends PortfolioMethod>(
  method: M,
  data: CheckedReturnsTable,
  rules: RiskRules,
  solution: RiskSolution,
): PortfolioResult<M> {
  const r = portfolioReturns(data, solution.weights);
  const performance = performanceOf(Float64Array.of(1), {
    sigma: Float64Array.of(sampleVariance(r)),
    mu: Float64Array.of(meanReturn(r)),
    riskFreeRate: rules.riskFreeRate,
    periodsPerYear: data.periodsPerYear,
    frequency: data.frequency,
  });
  const certificate: Certificate = {
    status: solution.status,
    solver: solution.solver,
    objective: solution.objective,
    gap: solution.gap,
    residuals: null,
    iterations: solution.iterations,
  };
  const warnings =
    solution.status === "time-limit"
      ? [
          `the solver stopped at the time limit (${rules.timeLimitSeconds} s) before proving the optimum: these weights meet every constraint and their objective is within ${solution.gap.toPrecision(3)} of the best possible`,
        ]
      : [];
  return portfolioResult(method, data.assets, solution.weights, certificate, performance, warnings);
}
