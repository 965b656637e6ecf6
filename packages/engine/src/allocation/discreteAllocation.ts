import { assertKnownKeys } from "../_internal/assertKnownKeys.ts";
import type { ModelData } from "highs";
import { EngineError } from "../errors/EngineError.ts";
import { compensatedSum } from "../_internal/compensatedSum.ts";
import { assertInRange, toFiniteFloat64, type NumericArray } from "../_internal/validate.ts";
import { loadSolver, statusName, withSolverModel } from "../optimize/_internal/solver.ts";

/** Options of {@link discreteAllocation}. */
export interface DiscreteAllocationOptions {
  /** Stop the MILP after this many seconds (> 0) and keep the best allocation found; default none. */
  timeLimitSeconds?: number;
}

/** Whole-share holdings for a cash amount. */
export interface DiscreteAllocationResult {
  /** n share counts (integers >= 0), in the input order. */
  shares: number[];
  /** `Σ shares_i·price_i` (<= cash). */
  spent: number;
  /** Cash left over: `cash − spent` (>= 0). */
  leftover: number;
  /** The weights held, `shares_i·price_i / cash` (their sum is `spent / cash`). */
  weights: number[];
  /** `Σ_i |w_i − shares_i·price_i / cash|`: the L1 distance to the target weights (cash counts as off-target). */
  trackingError: number;
  /** The same distance for naive rounding down, `floor(w_i·cash / price_i)` shares; never below `trackingError`. */
  roundDownTrackingError: number;
  /**
   * "optimal": HiGHS certified the MILP (relative gap <= 1e-9). "time-limit": stopped at
   * `timeLimitSeconds` with the best allocation found (never worse than rounding down).
   */
  status: "optimal" | "time-limit";
}

/** Above this many shares of one asset the integer program would need more than doubles' integer precision in HiGHS's tolerances. */
const MAX_SHARES = 1e9;

/**
 * Discrete allocation: whole numbers of shares for a cash amount C that track target weights w
 * as closely as possible, without spending more than C. The mixed-integer program
 *
 *   minimise  Σ_i u_i
 *   s.t.      u_i >= w_i − p_i·x_i / C,   u_i >= p_i·x_i / C − w_i,   Σ_i p_i·x_i <= C,
 *             x_i ∈ {0, 1, …, ⌊C / p_i⌋},  u_i >= 0
 *
 * minimises the L1 tracking error `Σ|w_i − p_i·x_i / C|`; it is solved by HiGHS (branch and
 * bound). Rounding every target down, `x_i = ⌊w_i·C / p_i⌋`, is feasible, so the optimum is never
 * worse than it; the function also compares the two at the end and keeps the better one (this
 * matters only when a time limit stops the search). Leftover cash counts as tracking error, so
 * the program spends what it usefully can.
 *
 * @see docs/maths.md#discrete-allocation
 * Cost: one MILP with 2n columns and 2n + 1 rows (NP-hard in general; milliseconds for tens of
 * assets in practice). Loads the HiGHS solver on first use (see configureOptimizerSolver).
 * @param weights n target weights >= 0 summing to 1 (within 1e-6; normalised). Never mutated.
 * @param prices n share prices > 0, in the currency of `cash`. Never mutated.
 * @param cash the amount to invest, > 0; at most 1e9 shares of any asset may be needed.
 * @param options see {@link DiscreteAllocationOptions}.
 * @returns see {@link DiscreteAllocationResult}.
 * @throws EngineError INVALID_INPUT when an input breaks its rule (rejects: the function is async);
 *   SOLVER_FAILURE when HiGHS fails or finds no allocation.
 * @example
 * (await discreteAllocation([0.5, 0.5], [30, 70], 100)).shares // => [1, 1]
 */
export async function discreteAllocation(
  weights: NumericArray,
  prices: NumericArray,
  cash: number,
  options: DiscreteAllocationOptions = {},
): Promise<DiscreteAllocationResult> {
  const problem = readProblem(weights, prices, cash, options);
  const highs = await loadSolver();
  const { w, p, C, n } = problem;
  const naive = new Float64Array(n);
  for (let i = 0; i < n; i++) naive[i] = Math.floor((w[i]! * C) / p[i]!);
  const solved = withSolverModel(
    () => ({ model: highs.createModel(milpData(highs, problem)) }),
    ({ model }) => {
      if (problem.timeLimitSeconds !== undefined) model.options.set({ time_limit: problem.timeLimitSeconds });
      const start = new Float64Array(2 * n);
      for (let i = 0; i < n; i++) {
        start[i] = naive[i]!;
        start[n + i] = Math.abs(w[i]! - (p[i]! * naive[i]!) / C);
      }
      model.setSolution({ colValue: start });
      const { modelStatus } = model.run();
      const timedOut = modelStatus === 13;
      if (modelStatus !== 7 && !timedOut) {
        throw new EngineError("SOLVER_FAILURE", `the HiGHS solver did not certify the discrete allocation: ${statusName(modelStatus)}`);
      }
      const feasible = Number(model.info.get("primal_solution_status")) === 2;
      if (!feasible) return { x: undefined, timedOut };
      return { x: model.getSolution().colValue.slice(0, n), timedOut };
    },
  );
  const best = (() => {
    if (solved.x === undefined) return naive;
    const x = repair(Float64Array.from(solved.x, (v) => Math.max(0, Math.round(v))), p, w, C);
    return trackingError(x, w, p, C) <= trackingError(naive, w, p, C) ? x : naive;
  })();
  const shares = Array.from(best, (v) => v + 0);
  const spent = compensatedSum(shares.map((x, i) => x * p[i]!));
  return {
    shares,
    spent,
    leftover: Math.max(0, C - spent),
    weights: shares.map((x, i) => (x * p[i]!) / C),
    trackingError: trackingError(best, w, p, C),
    roundDownTrackingError: trackingError(naive, w, p, C),
    status: solved.timedOut ? "time-limit" : "optimal",
  };
}

interface Problem {
  n: number;
  w: Float64Array;
  p: Float64Array;
  C: number;
  timeLimitSeconds: number | undefined;
}

function readProblem(weights: NumericArray, prices: NumericArray, cash: number, options: DiscreteAllocationOptions): Problem {
  const w = Float64Array.from(toFiniteFloat64("weights", weights, 1));
  const p = toFiniteFloat64("prices", prices, 1);
  if (p.length !== w.length) {
    throw new EngineError("INVALID_INPUT", `weights and prices must have the same length, got ${w.length} and ${p.length}`, { field: "prices" });
  }
  for (let i = 0; i < w.length; i++) {
    if (!(w[i]! >= 0)) throw new EngineError("INVALID_INPUT", `weights[${i}] must be >= 0, got ${w[i]}`, { field: `weights[${i}]` });
    if (!(p[i]! > 0)) throw new EngineError("INVALID_INPUT", `prices[${i}] must be > 0, got ${p[i]}`, { field: `prices[${i}]` });
  }
  const total = compensatedSum(w);
  if (!(Math.abs(total - 1) <= 1e-6)) {
    throw new EngineError("INVALID_INPUT", `weights must sum to 1 (within 1e-6), got ${total}`, { field: "weights" });
  }
  for (let i = 0; i < w.length; i++) w[i] = w[i]! / total;
  assertInRange("cash", cash, { min: 0, minExclusive: true });
  if (options === null || typeof options !== "object") {
    throw new EngineError("INVALID_INPUT", "options must be an object { timeLimitSeconds? }", { field: "options" });
  }
  assertKnownKeys("options", options, ["timeLimitSeconds"] satisfies ReadonlyArray<keyof DiscreteAllocationOptions>);
  const timeLimitSeconds = options.timeLimitSeconds;
  if (timeLimitSeconds !== undefined) assertInRange("timeLimitSeconds", timeLimitSeconds, { min: 0, minExclusive: true });
  for (let i = 0; i < p.length; i++) {
    if (!(cash / p[i]! <= MAX_SHARES)) {
      throw new EngineError("INVALID_INPUT", `prices[${i}] must be at least cash / 1e9 (at most 1e9 shares of one asset), got ${p[i]}`, { field: `prices[${i}]` });
    }
  }
  return { n: w.length, w, p, C: cash, timeLimitSeconds };
}

/** Columns x_0..x_{n−1} (integer shares), u_0..u_{n−1}; rows: the two deviation bounds per asset, then the budget. */
function milpData(highs: Awaited<ReturnType<typeof loadSolver>>, { n, w, p, C }: Problem): ModelData {
  const inf = highs.infinity;
  const numCols = 2 * n;
  const numRows = 2 * n + 1;
  const colCost = new Float64Array(numCols);
  const colLower = new Float64Array(numCols);
  const colUpper = new Float64Array(numCols);
  for (let i = 0; i < n; i++) {
    colUpper[i] = Math.floor(C / p[i]!);
    colCost[n + i] = 1;
    colUpper[n + i] = inf;
  }
  const starts = new Int32Array(numRows + 1);
  const indices = new Int32Array(4 * n + n);
  const values = new Float64Array(4 * n + n);
  const rowLower = new Float64Array(numRows);
  const rowUpper = new Float64Array(numRows);
  let q = 0;
  for (let i = 0; i < n; i++) {
    const a = p[i]! / C;
    // u_i + a·x_i >= w_i
    indices[q] = i;
    values[q++] = a;
    indices[q] = n + i;
    values[q++] = 1;
    rowLower[2 * i] = w[i]!;
    rowUpper[2 * i] = inf;
    starts[2 * i + 1] = q;
    // u_i − a·x_i >= −w_i
    indices[q] = i;
    values[q++] = -a;
    indices[q] = n + i;
    values[q++] = 1;
    rowLower[2 * i + 1] = -w[i]!;
    rowUpper[2 * i + 1] = inf;
    starts[2 * i + 2] = q;
  }
  for (let i = 0; i < n; i++) {
    indices[q] = i;
    values[q++] = p[i]! / C;
  }
  rowLower[2 * n] = -inf;
  rowUpper[2 * n] = 1;
  starts[2 * n + 1] = q;
  return {
    numCols,
    numRows,
    sense: highs.constants.objectiveSense.minimize,
    colCost,
    colLower,
    colUpper,
    rowLower,
    rowUpper,
    matrix: { format: "csr", numRows, numCols, starts, indices, values },
    integrality: Int32Array.from({ length: numCols }, (_, c) => (c < n ? highs.constants.variableType.integer : 0)),
  };
}

/** `Σ_i |w_i − x_i·p_i / C|`. */
function trackingError(x: ArrayLike<number>, w: Float64Array, p: Float64Array, C: number): number {
  const terms = new Float64Array(w.length);
  for (let i = 0; i < w.length; i++) terms[i] = Math.abs(w[i]! - (x[i]! * p[i]!) / C);
  return compensatedSum(terms);
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
