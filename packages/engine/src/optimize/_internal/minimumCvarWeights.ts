import type { Highs } from "highs";
import type { TermData } from "./objectiveTerms.ts";
import { closestToTarget } from "./objectiveTerms.ts";
import { minimumCvarProblem } from "./minimumCvarProblem.ts";
import { solveMeanCvar, type MeanCvarMethod } from "./solveMeanCvar.ts";

/**
 * The tail-risk anchor of the payoff table (docs/maths.md#scale-aware-objective): the weights of
 * least CVaR_β over P = {Σw = 1, 0 <= w <= w_max} (no holdings count), by the same Rockafellar–Uryasev
 * LP as the optimizer with no other term ({@link minimumCvarProblem}: returns divided by their
 * largest magnitude, so that the certificate holds relative to the data's size). With every return
 * 0 (CVaR constant) the point of P closest to b is returned.
 *
 * Always solved to certified optimality (no deadline: the scaling, hence the objective, must not depend
 * on the machine's speed). Cost: one cutting-plane LP (tens of ms for 100 assets × 1260 days).
 */
export function minimumCvarWeights(highs: Highs, d: TermData, tailSize: number, method: MeanCvarMethod): Float64Array {
  let largest = 0;
  for (let k = 0; k < d.returns.length; k++) largest = Math.max(largest, Math.abs(d.returns[k]!));
  if (largest === 0) return closestToTarget(d.target, d.maxWeight);
  const { problem } = minimumCvarProblem(d, tailSize, d.maxWeight, d.confidence, {
    minHoldings: 0,
    minActiveWeight: d.maxWeight,
  });
  return solveMeanCvar(highs, problem, method).weights;
}
