import type { Highs } from "highs";
import type { ObjectiveTerm } from "../types.ts";
import { snapToInteger } from "../../_internal/tolerance.ts";
import { minimumCvarWeights } from "./minimumCvarWeights.ts";
import { normalisedProblem, reportTerms, termScaling, type TermData } from "./objectiveTerms.ts";
import { scaleObjective } from "./objectiveScale.ts";
import type { HoldingsRule } from "./minimumCvarProblem.ts";
import { solveMeanCvar, type MeanCvarMethod, type SolverReport } from "./solveMeanCvar.ts";

/** The solved trade-off: weights, the term report and the solve's report in the units of J. */
export interface TradeOff {
  weights: Float64Array;
  /** The terms in play at the weights (docs/maths.md#scale-aware-objective). */
  terms: ObjectiveTerm[];
  /** `objective` = −J at the weights (0: every term at its best), `gap` in the same units. */
  report: SolverReport;
}

/**
 * The scale-aware mean-CVaR objective (docs/maths.md#scale-aware-objective), solved: the minimum-CVaR
 * anchor, the payoff table of the terms in play (`inPlay`: all four for the service's optimizer,
 * expected return and tail risk for `meanCvar` on any assets), the normalised LP/MILP with
 * `termWeights` (m, λ_ℓ, 1, λ_b), scaled for huge m (docs/maths.md#objective-scaling), and the
 * term report at the weights. The one construction both optimizers share.
 *
 * @param deadline a `performance.now()` time in ms, or undefined (the anchor never stops early).
 * @throws EngineError INVALID_INPUT (returnMultiplier) when a gain overflows; SOLVER_FAILURE as {@link solveMeanCvar}.
 */
export function solveTradeOff(
  highs: Highs,
  data: TermData,
  termWeights: readonly [number, number, number, number],
  inPlay: readonly number[],
  rule: HoldingsRule,
  method: MeanCvarMethod,
  deadline: number | undefined,
): TradeOff {
  const tailSize = snapToInteger((1 - data.confidence) * data.periods);
  // The anchor LP ignores the deadline (it counts against it): a time limit must not change the objective.
  const { scaling } = termScaling(data, minimumCvarWeights(highs, data, tailSize, method), inPlay);
  const problem = normalisedProblem(data, scaling, termWeights, { ...rule, tailSize });
  const { problem: scaled, scale } = scaleObjective(problem);
  const { weights, solver: scaledReport } = solveMeanCvar(highs, scaled, method, deadline);
  // The objective in the units of J, −J at the weights (0: every term at its best); the gap back in
  // the same units (docs/maths.md#objective-scaling).
  const { terms, objective } = reportTerms(data, scaling, termWeights, weights, inPlay);
  return { weights, terms, report: { ...scaledReport, objective, gap: scaledReport.gap * scale } };
}
