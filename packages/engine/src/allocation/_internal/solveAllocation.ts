import { EngineError } from "../../errors/EngineError.ts";
import { compensatedSum } from "../../_internal/compensatedSum.ts";
import { HIGHS_SOLUTION_STATUS, HIGHS_STATUS, loadSolver, statusName, withSolverModel } from "../../highs/solver.ts";
import { leastCashModel } from "./leastCashModel.ts";
import { trackingModel } from "./trackingModel.ts";
import type { AllocationProblem, SolverConstants } from "./AllocationProblem.ts";

/** The solved allocation: share counts, whether the time limit stopped the search, the objective and its proven lower bound. */
export interface SolvedAllocation {
  x: Float64Array;
  timedOut: boolean;
  /** The tracking error, or the least-cash objective in currency, at `x`. */
  objective: number;
  /** HiGHS's proven lower bound on the optimum, in the units of `objective`. */
  bound: number;
}

/**
 * Solves the allocation MILP (docs/maths.md#discrete-allocation): {@link trackingModel} or
 * {@link leastCashModel}, started from rounding down, then rounds and repairs the solver's counts
 * to be affordable and keeps the better of them and rounding down. The least-cash knapsack is
 * certified within 1e-9·C of its optimum (an absolute gap in currency of 1e-9 of the cash); the
 * tracking error within a relative gap of 1e-9 (the solver's defaults).
 * @throws EngineError SOLVER_FAILURE when HiGHS neither certifies the model nor stops at the time limit.
 * @example
 * Array.from((await solveAllocation({ n: 2, w: Float64Array.of(0.5, 0.5), p: Float64Array.of(30, 70), C: 100, timeLimitSeconds: undefined, leastCash: true })).x) // => [1, 1]
 */
export async function solveAllocation(problem: AllocationProblem): Promise<SolvedAllocation> {
  const { w, p, C, n } = problem;
  const naive = new Float64Array(n);
  for (let i = 0; i < n; i++) naive[i] = Math.floor((w[i]! * C) / p[i]!);
  const score = (x: ArrayLike<number>) =>
    problem.leastCash ? C * leastCashObjective(x, w, p, C) : trackingError(x, w, p, C);
  if (n === 0) return { x: naive, timedOut: false, objective: score(naive), bound: score(naive) };
  const highs = await loadSolver();
  const constants: SolverConstants = {
    infinity: highs.infinity,
    minimize: highs.constants.objectiveSense.minimize,
    integer: highs.constants.variableType.integer,
  };
  const lc = problem.leastCash ? leastCashModel(w, p, C, constants) : undefined;
  const solved = withSolverModel(
    () => ({ model: highs.createModel(lc === undefined ? trackingModel(problem, constants) : lc.data) }),
    ({ model }) => {
      if (problem.timeLimitSeconds !== undefined) model.options.set({ time_limit: problem.timeLimitSeconds });
      const start = new Float64Array(2 * n);
      // Rounding down: x = naive with u_i its deviations, or b = d = 0.
      if (lc === undefined)
        for (let i = 0; i < n; i++) [start[i], start[n + i]] = [naive[i]!, Math.abs(w[i]! - (p[i]! * naive[i]!) / C)];
      else model.options.set({ mip_abs_gap: 1e-9 });
      model.setSolution({ colValue: start });
      const { modelStatus } = model.run();
      const timedOut = modelStatus === HIGHS_STATUS.timeLimitReached;
      if (modelStatus !== HIGHS_STATUS.optimal && !timedOut) {
        throw new EngineError(
          "SOLVER_FAILURE",
          `the HiGHS solver did not certify the discrete allocation: ${statusName(modelStatus)}`,
        );
      }
      const dual = Number(model.info.get("mip_dual_bound"));
      const bound = lc === undefined ? dual : C * (dual + lc.offset);
      if (Number(model.info.get("primal_solution_status")) !== HIGHS_SOLUTION_STATUS.feasible)
        return { x: undefined, timedOut, bound };
      const col = model.getSolution().colValue;
      const x =
        lc === undefined
          ? col.slice(0, n)
          : Float64Array.from(lc.floors, (f, i) => f + Math.round(col[i]!) - Math.round(col[n + i]!));
      return { x, timedOut, bound };
    },
  );
  let best: Float64Array = naive;
  if (solved.x !== undefined) {
    const x = repair(
      Float64Array.from(solved.x, (v) => Math.max(0, Math.round(v))),
      p,
      w,
      C,
    );
    if (score(x) <= score(naive)) best = x;
  }
  return { x: best, timedOut: solved.timedOut, objective: score(best), bound: solved.bound };
}

/**
 * `Σ_i |w_i − x_i·p_i / C|`, compensated.
 * @example
 * trackingError([1, 1], Float64Array.of(0.5, 0.5), Float64Array.of(30, 70), 100) // => 0.39999999999999997
 */
export function trackingError(x: ArrayLike<number>, w: Float64Array, p: Float64Array, C: number): number {
  const terms = new Float64Array(w.length);
  for (let i = 0; i < w.length; i++) terms[i] = Math.abs(w[i]! - (x[i]! * p[i]!) / C);
  return compensatedSum(terms);
}

/**
 * The least-cash objective over C: `Σ_i |w_i − x_i·p_i / C| + (1 − Σ_i x_i·p_i / C)`.
 * @example
 * leastCashObjective([1, 0], Float64Array.of(0.5, 0.5), Float64Array.of(30, 70), 100) // => 1.4
 */
export function leastCashObjective(x: ArrayLike<number>, w: Float64Array, p: Float64Array, C: number): number {
  const terms = new Float64Array(w.length);
  for (let i = 0; i < w.length; i++) terms[i] = x[i]! * p[i]!;
  return trackingError(x, w, p, C) + (C - compensatedSum(terms)) / C;
}

/**
 * Makes rounded share counts affordable: while `Σ x_i·p_i > C` (the solver's 1e-10 feasibility
 * tolerance can allow a hair over), sell one share of the most over-weight asset held.
 */
function repair(x: Float64Array, p: Float64Array, w: Float64Array, C: number): Float64Array {
  const spent = () => compensatedSum(Array.from(x, (v, i) => v * p[i]!));
  while (spent() > C) {
    let worst = -1;
    for (let i = 0; i < x.length; i++) {
      if (x[i]! > 0 && (worst < 0 || x[i]! * p[i]! - w[i]! * C > x[worst]! * p[worst]! - w[worst]! * C)) worst = i;
    }
    x[worst] = x[worst]! - 1;
  }
  return x;
}
