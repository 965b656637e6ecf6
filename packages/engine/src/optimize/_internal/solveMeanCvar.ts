import type { Highs } from "highs";
import { EngineError } from "../../errors/EngineError.ts";
import { eligibleReturns, type MeanCvarProblem } from "./meanCvarProblem.ts";
import { type GenerationResult, solveByScenarioGeneration } from "./scenarioGeneration.ts";
import { EPS, GAP_TOL } from "../../_internal/tolerance.ts";

/** How the RU problem is handed to HiGHS. */
export type MeanCvarMethod = "cutting-plane" | "plain-lp";

/** What the solve certified, in the units of the problem it was given (the callers convert). */
export interface SolverReport {
  /** "optimal": gap <= 1e-9. "time-limit": stopped at the deadline; feasible, and `gap` bounds the distance to the optimum. */
  status: "optimal" | "time-limit";
  method: "lp" | "qp" | "milp" | "cutting-plane-lp" | "cutting-plane-milp";
  /** The objective at the returned weights, recomputed from them. */
  objective: number;
  /** Proven upper bound on the optimum minus `objective` (>= 0). */
  gap: number;
  /** LP / MILP solves (cutting-plane rounds, MILP rounds, the polish). */
  iterations: number;
}

/** The `count` scenarios with the largest losses of portfolio w (ties by index). */
function worstScenarios(p: MeanCvarProblem, w: ArrayLike<number>, count: number): number[] {
  const r = eligibleReturns(p, w);
  const order = Array.from({ length: p.periods }, (_, t) => t);
  order.sort((a, b) => r[a]! - r[b]! || a - b);
  return order.slice(0, count);
}

/**
 * The first scenario set of the cutting-plane method: the 2⌈k⌉ worst days of the equal-weight
 * portfolio and of the buzz target b (their union; all T days when T <= 2⌈k⌉). It holds at least k
 * scenarios, so the first restricted LP is bounded (α cannot run to −∞).
 */
function seedScenarios(p: MeanCvarProblem): number[] {
  const count = Math.min(p.periods, 2 * Math.ceil(p.tailSize));
  const equal = new Float64Array(p.n).fill(1 / p.n);
  const set = new Set([...worstScenarios(p, equal, count), ...worstScenarios(p, p.target, count)]);
  return [...set].sort((a, b) => a - b);
}

/** Number of weights >= minActiveWeight (relative tolerance EPS). */
function activeCount(p: MeanCvarProblem, w: Float64Array): number {
  let count = 0;
  for (let i = 0; i < p.n; i++) if (w[i]! >= p.minActiveWeight * (1 - EPS)) count++;
  return count;
}

/**
 * Solves the mean-CVaR problem (docs/maths.md#mean-cvar-optimizer): the LP without the cardinality
 * constraint first; only when its optimum has fewer than K holdings >= w_min, the MILP with binaries
 * (iterated with the scenario cuts gathered so far), then a polish LP with the MILP's support fixed
 * (w_i >= w_min on it) so that the returned weights are an exact LP vertex. `plain-lp` starts from all
 * T scenarios (the textbook RU LP in one solve); `cutting-plane` from a small seed set.
 *
 * With `deadline` (a `performance.now()` time in ms) every phase gets the time left
 * (docs/maths.md#solver-time-limit): the LP and the polish start no new round past it, the MILP
 * gets the rest as HiGHS's time limit. If the LP stops with enough holdings >= w_min, its best
 * point is the answer; otherwise the support of the MILP's best point is polished, or, when it
 * found none (or no time was left), the K largest weights of the LP's best point; the report's
 * status is then "time-limit" and its gap the distance to the best proven bound (the MILP's, else
 * the LP relaxation's), finite and >= 0.
 */
export function solveMeanCvar(
  highs: Highs,
  p: MeanCvarProblem,
  method: MeanCvarMethod,
  deadline?: number,
): { weights: Float64Array; solver: SolverReport } {
  const initial = method === "plain-lp" ? Array.from({ length: p.periods }, (_, t) => t) : seedScenarios(p);
  const lp = solveByScenarioGeneration(highs, p, { binary: false }, initial, undefined, deadline)!;
  if (activeCount(p, lp.weights) >= p.minHoldings) {
    return answer(
      lp.weights,
      lp.timedOut ? "time-limit" : "optimal",
      method === "plain-lp" ? "lp" : "cutting-plane-lp",
      lp.objective,
      lp.upper,
      lp.rounds,
    );
  }
  if (lp.timedOut) return timeLimited(highs, p, method, lp, null, deadline);
  const left = deadline === undefined ? undefined : (deadline - performance.now()) / 1000;
  const milp =
    left === undefined || left > 0 ? solveByScenarioGeneration(highs, p, { binary: true }, lp.scenarios, left) : null;
  if (milp === null || milp.timedOut) return timeLimited(highs, p, method, lp, milp, deadline);
  const lower = supportBounds(p, milp.z!);
  const polish = solveByScenarioGeneration(highs, p, { binary: false, lower }, milp.scenarios, undefined, deadline)!;
  if (polish.timedOut) {
    return answer(
      polish.weights,
      "time-limit",
      milpMethod(method),
      polish.objective,
      Math.min(milp.upper, lp.upper),
      lp.rounds + milp.rounds + polish.rounds,
    );
  }
  const gap = milp.upper - polish.objective;
  if (gap > GAP_TOL) {
    throw new EngineError(
      "SOLVER_FAILURE",
      `the HiGHS solver did not certify the cardinality-constrained optimum: gap ${gap} > ${GAP_TOL}`,
    );
  }
  return answer(
    polish.weights,
    "optimal",
    milpMethod(method),
    polish.objective,
    milp.upper,
    lp.rounds + milp.rounds + polish.rounds,
  );
}

/** The weights and the solver report; the gap is `bound − objective`, at least 0. */
function answer(
  weights: Float64Array,
  status: SolverReport["status"],
  method: SolverReport["method"],
  objective: number,
  bound: number,
  iterations: number,
): { weights: Float64Array; solver: SolverReport } {
  return { weights, solver: { status, method, objective, gap: Math.max(0, bound - objective), iterations } };
}

function milpMethod(method: MeanCvarMethod): SolverReport["method"] {
  return method === "plain-lp" ? "milp" : "cutting-plane-milp";
}

/**
 * Lower bounds fixing a support: w_min on each asset whose binary is set.
 * @throws EngineError SOLVER_FAILURE when fewer than K binaries are set
 */
function supportBounds(p: MeanCvarProblem, z: Float64Array): Float64Array {
  const lower = new Float64Array(p.n);
  let support = 0;
  for (let i = 0; i < p.n; i++) {
    if (z[i]! > 0.5) {
      lower[i] = p.minActiveWeight;
      support++;
    }
  }
  if (support < p.minHoldings) {
    throw new EngineError(
      "SOLVER_FAILURE",
      `the HiGHS MILP returned ${support} active holdings, fewer than minHoldings ${p.minHoldings}`,
    );
  }
  return lower;
}

/** The K largest weights of `w` (ties by index) as a support. */
function largestSupport(p: MeanCvarProblem, w: Float64Array): Float64Array {
  const order = Array.from({ length: p.n }, (_, i) => i).sort((a, b) => w[b]! - w[a]! || a - b);
  const z = new Float64Array(p.n);
  for (const i of order.slice(0, p.minHoldings)) z[i] = 1;
  return z;
}

/** The weights of `w` at or above w_min (relative tolerance EPS) as a support. */
function activeSupport(p: MeanCvarProblem, w: Float64Array): Float64Array {
  return Float64Array.from(w, (x) => (x >= p.minActiveWeight * (1 - EPS) ? 1 : 0));
}

/**
 * The answer when time ran out before the MILP finished: its best point's support (or the LP's
 * K largest weights, or the problem's fallback point's support when it has one) polished by an LP (its rounds also stop at the deadline), reported as
 * "time-limit" with the gap to the best bound.
 */
function timeLimited(
  highs: Highs,
  p: MeanCvarProblem,
  method: MeanCvarMethod,
  lp: GenerationResult,
  milp: GenerationResult | null,
  deadline: number | undefined,
): { weights: Float64Array; solver: SolverReport } {
  const z = milp?.z ?? (p.fallback === undefined ? largestSupport(p, lp.weights) : activeSupport(p, p.fallback));
  const polish = solveByScenarioGeneration(
    highs,
    p,
    { binary: false, lower: supportBounds(p, z) },
    milp?.scenarios ?? lp.scenarios,
    undefined,
    deadline,
  )!;
  // Both bounds hold for the full problem; the LP relaxation's is always finite.
  const bound = milp !== null && Number.isFinite(milp.upper) ? Math.min(milp.upper, lp.upper) : lp.upper;
  return answer(
    polish.weights,
    "time-limit",
    milpMethod(method),
    polish.objective,
    bound,
    lp.rounds + (milp?.rounds ?? 0) + polish.rounds,
  );
}
