import { portfolioResult, type PortfolioResult } from "../../portfolio/PortfolioResult.ts";
import { timeLimitWarning, type CvarRules } from "./readCvarOptions.ts";
import type { CvarReturns } from "./readCvarReturns.ts";
import { scenarioPerformance } from "./scenarioPerformance.ts";
import type { SolverReport } from "./solveMeanCvar.ts";

/**
 * The one result of `minimumCvar` and `meanCvar` (docs/maths.md#portfolio-result): the labelled
 * weights, a certificate read from the solver's report (its objective given as `objective`), the
 * performance of the weights over the scenarios, the warnings (the time-limit one first when the
 * report says the deadline stopped the solve, then `warnings`), and the weights' CVaR.
 */
export function cvarResult<M extends "minimum-cvar" | "mean-cvar">(
  method: M,
  data: CvarReturns,
  rules: CvarRules,
  weights: Float64Array,
  report: SolverReport,
  objective: number,
  cvar: number,
  warnings: string[] = [],
): PortfolioResult<M> & { cvar: number } {
  const certificate = {
    status: report.status,
    solver: report.method,
    objective,
    gap: report.gap,
    residuals: null,
    iterations: report.iterations,
  };
  const performance = scenarioPerformance(
    data.returns,
    data.periods,
    data.n,
    weights,
    rules.riskFreeRate,
    data.periodsPerYear,
    data.frequency,
  );
  const all =
    report.status === "time-limit" ? [timeLimitWarning(rules.timeLimitSeconds, report.gap), ...warnings] : warnings;
  return { ...portfolioResult(method, data.assets, weights, certificate, performance, all), cvar };
}
