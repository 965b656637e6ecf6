import type { PreparedProblem } from "./prepareProblem.ts";
import { assertCertified, certifyPath, certifyTangency, type Kkt } from "./certify.ts";
import { diagnosingSingular } from "./diagnosingSingular.ts";
import { expandWeights } from "./expandWeights.ts";
import type { QpProblem } from "../../quadraticProgram/qpProblem.ts";
import { solveGoal, type Goal, type OnInfeasible } from "./solveGoal.ts";
import { ROUNDING } from "../../_internal/tolerance.ts";

/** A solution on every asset: weights in the covariance's order and its certificate. */
export interface RuledSolution {
  weights: Float64Array;
  status: "optimal" | "cardinality-heuristic";
  kkt: Kkt;
  /** |objective − objective without the minHoldings rule| (0 when optimal). */
  gap: number;
  iterations: number;
}

/**
 * Solves one goal on the prepared problem with a lower bound per asset (`lo`, in the covariance's
 * order): on the merged problem when duplicates were merged, expanded back and certified on every
 * asset (the KKT residuals of the problem the caller asked for).
 */
function solveOnce(prepared: PreparedProblem, goal: Goal, lo: Float64Array, onInfeasible: OnInfeasible) {
  const { groups } = prepared;
  if (groups === null) {
    const P: QpProblem = { ...prepared.scaled, lo };
    const s = solveGoal(P, goal, onInfeasible);
    return { weights: s.weights, kkt: s.kkt, iterations: s.iterations };
  }
  const loMerged = new Float64Array(groups.length);
  for (let g = 0; g < groups.length; g++) for (const i of groups[g]!) loMerged[g] = loMerged[g]! + lo[i]!;
  const s = solveGoal({ ...prepared.scaled, lo: loMerged }, goal, onInfeasible);
  const { weights, state } = expandWeights(prepared, s.weights, s.state, lo);
  const full: QpProblem = { ...prepared.full, lo };
  const kkt =
    goal.kind === "max-sharpe"
      ? certifyTangency(full, weights, state, s.t, goal.riskFree)
      : certifyPath(full, weights, state, s.t);
  return { weights, kkt, iterations: s.iterations };
}

/**
 * Applies the minHoldings rule the way meanCvarOptimize does, first solving without it: when the
 * rule is not asked for, or the optimum already has at least K weights >= w_min, it is the answer
 * (status "optimal"). Otherwise (docs/maths.md#mean-variance-cardinality) the K largest weights of
 * that optimum (ties by index) get the lower bound w_min and the problem is solved again, exactly,
 * with those bounds: feasible and certified for the restricted problem, and `gap` = |objective −
 * objective without the rule| bounds its distance from the true (mixed-integer) optimum, the
 * problem without the rule being a relaxation. HiGHS solves no mixed-integer QP, and a branch and
 * bound over K-subsets is exponential; this is the documented heuristic.
 *
 * `objective` is in the caller's units and only feeds the gap.
 * @throws EngineError SOLVER_FAILURE when a KKT residual exceeds 1e-9; INFEASIBLE through
 *   `onInfeasible`; INVALID_INPUT naming the cause when the covariance is singular where it matters.
 */
export function solveWithRules(
  prepared: PreparedProblem,
  goal: Goal,
  objective: (w: Float64Array) => number,
  what: string,
  onInfeasible: OnInfeasible,
): RuledSolution {
  return diagnosingSingular(prepared, () => {
    const { n, rules } = prepared;
    const first = solveOnce(prepared, goal, prepared.full.lo, onInfeasible);
    assertCertified(first.kkt, what);
    let active = 0;
    for (let i = 0; i < n; i++) if (first.weights[i]! >= rules.minActiveWeight * (1 - ROUNDING)) active++;
    if (active >= rules.minHoldings)
      return { weights: first.weights, status: "optimal", kkt: first.kkt, gap: 0, iterations: first.iterations };
    const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => first.weights[b]! - first.weights[a]! || a - b);
    const lo = Float64Array.from(prepared.full.lo);
    for (let k = 0; k < rules.minHoldings; k++) lo[order[k]!] = rules.minActiveWeight;
    const second = solveOnce(prepared, goal, lo, onInfeasible);
    assertCertified(second.kkt, what);
    const gap = Math.abs(objective(second.weights) - objective(first.weights));
    return {
      weights: second.weights,
      status: "cardinality-heuristic",
      kkt: second.kkt,
      gap,
      iterations: first.iterations + second.iterations,
    };
  });
}
