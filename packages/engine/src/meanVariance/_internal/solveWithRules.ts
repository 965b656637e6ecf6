import { isEngineError } from "../../errors/EngineError.ts";
import type { PreparedProblem } from "./prepareProblem.ts";
import { assertCertified, certifyPath, certifyTangency, type Kkt } from "./certify.ts";
import type { BoundState, QpProblem } from "./qpProblem.ts";
import { SingularFace } from "./solveFace.ts";
import { singularCause } from "./singularCause.ts";
import { solveGoal, type Goal, type OnInfeasible } from "./solveGoal.ts";

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
 * Runs `solve` and turns a singular face (collinear or duplicated assets the solver could not merge)
 * into the INVALID_INPUT that names the cause (singularCause).
 */
export function diagnosingSingular<T>(prepared: PreparedProblem, solve: () => T): T {
  try {
    return solve();
  } catch (error) {
    if (error instanceof SingularFace) {
      const members = error.free.map((g) => (prepared.groups === null ? g : prepared.groups[g]![0]!)).sort((x, y) => x - y);
      throw singularCause(prepared.Sigma, prepared.n, prepared.mu, members, prepared.assets);
    }
    // A face nearly singular (a tiny positive pivot) can spoil a solve that the certificate then
    // refuses: when the covariance is semi-definite, that is the input's doing, and named as such.
    if (isEngineError(error, "SOLVER_FAILURE") && !prepared.covariance.definite) {
      const all = Array.from({ length: prepared.n }, (_, i) => i);
      throw singularCause(prepared.Sigma, prepared.n, prepared.mu, all, prepared.assets, "for a certified optimum");
    }
    throw error;
  }
}

/**
 * The weights of every asset from the merged problem's (prepareProblem): each group's weight s is
 * shared as `lo_i + (s − Σlo)·(hi_i − lo_i)/Σ(hi − lo)` (evenly when the bounds are equal), so every
 * member stays within its bounds and sits at one exactly when the group does. Also the bound state
 * of each asset, for the certificate.
 */
export function expandWeights(prepared: PreparedProblem, w: Float64Array, state: BoundState, lo: Float64Array): { weights: Float64Array; state: BoundState } {
  const groups = prepared.groups!;
  const hi = prepared.full.hi;
  const weights = new Float64Array(prepared.n);
  const full: BoundState = new Int8Array(prepared.n);
  for (let g = 0; g < groups.length; g++) {
    const members = groups[g]!;
    if (members.length === 1) {
      weights[members[0]!] = w[g]!;
      full[members[0]!] = state[g]!;
      continue;
    }
    let low = 0;
    let room = 0;
    for (const i of members) {
      low += lo[i]!;
      room += hi[i]! - lo[i]!;
    }
    for (const i of members) {
      weights[i] = room > 0 ? lo[i]! + ((w[g]! - low) * (hi[i]! - lo[i]!)) / room : lo[i]!;
      full[i] = lo[i] === hi[i] ? -1 : state[g]!;
    }
  }
  return { weights, state: full };
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
  const kkt = goal.kind === "max-sharpe" ? certifyTangency(full, weights, state, s.t, goal.riskFree) : certifyPath(full, weights, state, s.t);
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
    for (let i = 0; i < n; i++) if (first.weights[i]! >= rules.minActiveWeight * (1 - 1e-12)) active++;
    if (active >= rules.minHoldings) return { weights: first.weights, status: "optimal", kkt: first.kkt, gap: 0, iterations: first.iterations };
    const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => first.weights[b]! - first.weights[a]! || a - b);
    const lo = Float64Array.from(prepared.full.lo);
    for (let k = 0; k < rules.minHoldings; k++) lo[order[k]!] = rules.minActiveWeight;
    const second = solveOnce(prepared, goal, lo, onInfeasible);
    assertCertified(second.kkt, what);
    const gap = Math.abs(objective(second.weights) - objective(first.weights));
    return { weights: second.weights, status: "cardinality-heuristic", kkt: second.kkt, gap, iterations: first.iterations + second.iterations };
  });
}
