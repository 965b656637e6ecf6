import type { Highs } from "highs";
import { EngineError } from "../../errors/EngineError.ts";
import { formatNumber } from "../../_internal/formatNumber.ts";
import { GAP_TOL, snapToInteger } from "../../_internal/tolerance.ts";
import { conditionalValueAtRisk } from "../../stats/index.ts";
import { eligibleReturns } from "./meanCvarProblem.ts";
import { columnMeans } from "./columnMeans.ts";
import { maximumReturn } from "../../portfolio/maximumReturn.ts";
import { minimumCvarProblem } from "./minimumCvarProblem.ts";
import type { CvarRules } from "./readCvarOptions.ts";
import type { CvarReturns } from "./readCvarReturns.ts";
import { solveMeanCvar, type SolverReport } from "./solveMeanCvar.ts";

/**
 * The minimum-CVaR solve of docs/maths.md#minimum-cvar (`minimumCvar`; `meanCvar` uses it to check a target CVaR):
 * weights, the report in the data's units (objective and gap: CVaR per period) and the CVaR.
 * @param target the per-period return floor, or undefined; `annualTarget` is what the user typed (for messages).
 * @throws EngineError INFEASIBLE (targetReturn) when the floor is above the largest return the rules allow.
 */
export function solveMinimumCvar(
  highs: Highs,
  data: CvarReturns,
  rules: CvarRules,
  target: number | undefined,
  deadline: number | undefined,
  annualTarget?: number,
): { weights: Float64Array; report: SolverReport; cvar: number } {
  const { n, periods } = data;
  const tailSize = snapToInteger((1 - rules.confidence) * periods);
  const equal = new Float64Array(n).fill(1 / n);
  let floor: { mean: Float64Array; value: number } | undefined;
  let fallback: Float64Array | undefined;
  if (target !== undefined) {
    const mean = columnMeans(data.returns, periods, n);
    const { value: best, weights: bestWeights } = maximumReturn(mean, rules.maxWeight, rules.rule);
    fallback = bestWeights;
    let largest = 0;
    for (let k = 0; k < data.returns.length; k++) largest = Math.max(largest, Math.abs(data.returns[k]!));
    if (target > best + GAP_TOL * Math.max(largest, Number.MIN_VALUE)) {
      const annualBest = best * data.periodsPerYear;
      throw new EngineError(
        "INFEASIBLE",
        `targetReturn ${formatNumber(annualTarget ?? target)} is above the largest expected return the weight rules allow, ${formatNumber(annualBest)} a year (${formatNumber(best)} per period); lower targetReturn or raise maxWeight`,
        { field: "targetReturn", details: { targetReturn: annualTarget ?? target, largest: annualBest } },
      );
    }
    floor = { mean, value: Math.min(target, best) };
  }
  const { problem, scale } = minimumCvarProblem(
    { n, periods, returns: data.returns, target: equal },
    tailSize,
    rules.maxWeight,
    rules.confidence,
    rules.rule,
    floor,
  );
  // A time-limited MILP without a point falls back to the maximum-return portfolio's support (it meets the floor).
  if (fallback !== undefined) problem.fallback = fallback;
  const { weights, solver } = solveMeanCvar(highs, problem, rules.method, deadline);
  const cvar = conditionalValueAtRisk(
    eligibleReturns({ n, periods, returns: data.returns }, weights),
    rules.confidence,
  );
  return { weights, report: { ...solver, objective: cvar, gap: solver.gap * scale }, cvar };
}
