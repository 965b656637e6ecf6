import type { PreparedProblem } from "./prepareProblem.ts";
import { assertCertified } from "./certify.ts";
import { solveGoal, type Goal, type GoalSolution } from "./solveGoal.ts";
import type { MeanVarianceCertificate } from "../types.ts";

/**
 * Applies the minHoldings rule the way meanCvarOptimize does, first solving without it: when the
 * optimum already has at least K weights >= w_min it is the answer (status "optimal"). Otherwise
 * (docs/maths.md#mean-variance-cardinality) the K largest weights of that optimum (ties by index)
 * get the lower bound w_min and the problem is solved again, exactly, with those bounds: feasible
 * and certified for the restricted problem, and `gap` = |objective − objective without the rule|
 * bounds its distance from the true (mixed-integer) optimum, the problem without the rule being a
 * relaxation. HiGHS solves no mixed-integer QP, and a branch and bound over K-subsets is
 * exponential; this is the documented heuristic.
 *
 * `objective` is in the caller's units (variance, Sharpe or return) and only feeds the gap.
 * @throws EngineError SOLVER_FAILURE when a KKT residual exceeds 1e-9; INFEASIBLE from {@link solveGoal}.
 */
export function solveWithRules(
  prepared: PreparedProblem,
  goal: Goal,
  objective: (w: Float64Array) => number,
  what: string,
): GoalSolution & { certificate: MeanVarianceCertificate } {
  const { scaled: P, rules } = prepared;
  const first = solveGoal(P, goal, prepared.muScale);
  assertCertified(first.kkt, what);
  let active = 0;
  for (let i = 0; i < P.n; i++) if (first.weights[i]! >= rules.minActiveWeight * (1 - 1e-12)) active++;
  if (active >= rules.minHoldings) {
    return { ...first, certificate: { status: "optimal", ...first.kkt, gap: 0, iterations: first.iterations } };
  }
  const order = Array.from({ length: P.n }, (_, i) => i).sort((a, b) => first.weights[b]! - first.weights[a]! || a - b);
  const lo = Float64Array.from(P.lo);
  for (let k = 0; k < rules.minHoldings; k++) lo[order[k]!] = rules.minActiveWeight;
  const second = solveGoal({ ...P, lo }, goal, prepared.muScale);
  assertCertified(second.kkt, what);
  const gap = Math.abs(objective(second.weights) - objective(first.weights));
  return {
    ...second,
    certificate: { status: "cardinality-heuristic", ...second.kkt, gap, iterations: first.iterations + second.iterations },
  };
}
