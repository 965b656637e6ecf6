import type { Highs } from "highs";
import { EngineError } from "../../errors/EngineError.ts";
import { conditionalValueAtRisk } from "../../stats/index.ts";
import type { CompiledConstraints } from "../../constraints/CompiledConstraints.ts";
import { constraintModel } from "../../constraints/constraintModel.ts";
import { eligibleReturns } from "./meanCvarProblem.ts";
import { HIGHS_SOLUTION_STATUS, HIGHS_STATUS, statusName, withSolverModel } from "../../highs/solver.ts";
import { DUST, EPS, GAP_TOL } from "../../_internal/tolerance.ts";

/**
 * One mean-CVaR problem under the rules of `ConstraintOptions` (docs/maths.md#portfolio-constraints),
 * in the units the caller chose (returns already divided by the caller's scale):
 *
 *   maximise  gainᵀw − cvarWeight·CVaR_β(w) − costWeight·Σ_i c_i·|w_i − w⁰_i| − l2Weight·Σ_i w_i²
 *   s.t.      the rules of `constraints` (constraintModel), [CVaR_β(w) <= cvarLimit], [floorᵀw >= value],
 *             [(w − b)ᵀΣ(w − b) <= τ²]
 *
 * with CVaR_β in the Rockafellar–Uryasev form α + 1/k·Σ_t ξ_t, ξ_t >= −r_tᵀw − α, ξ >= 0 (k = (1−β)T).
 */
export interface ConstrainedCvarProblem {
  n: number;
  periods: number;
  /** T×n row-major, in the problem's units. */
  returns: Float64Array;
  confidence: number;
  /** k = (1 − β)·T, snapped. */
  tailSize: number;
  gain: Float64Array;
  cvarWeight: number;
  cvarLimit?: number;
  returnFloor?: { mean: Float64Array; value: number };
  /** Multiplies Σ c_i·|w_i − w⁰_i| (0 when no costs). */
  costWeight: number;
  /** Multiplies Σ w_i² (0 when no L2). */
  l2Weight: number;
  constraints: CompiledConstraints;
  /** Σ per period (n×n row-major), read with a tracking-error rule. */
  covariance?: Float64Array;
  /** Every scenario row from the start ("plain-lp"); default a seed set grown by violated scenarios ("cutting-plane"). */
  allScenarios?: boolean;
  /** At least `minHoldings` weights >= `minActiveWeight` (a MILP when the LP optimum breaks it); long-only weights. */
  holdings?: { minHoldings: number; minActiveWeight: number };
  /**
   * A `performance.now()` time in ms (from `timeLimitSeconds`), one for every solve of the call
   * (docs/maths.md#solver-time-limit): the holdings MILP and every LP/QP round after the first get
   * the time left as HiGHS's `time_limit`, and no round starts past it; stopped, the best feasible
   * point of the finished rounds is returned with status "time-limit" and the gap to the best proven bound.
   */
  deadline?: number;
  /**
   * Weights that meet every rule, the CVaR limit and the return floor (the least-CVaR portfolio of the
   * target-CVaR form, else the least-tracking-error portfolio): when rounds stop at the deadline with a
   * point over the CVaR or tracking-error limit, the point is moved towards these along the segment
   * until it meets them (both are convex, the rules convex).
   */
  feasible?: Float64Array;
}

/**
 * The seed scenarios of the cutting-plane method: the 2⌈k⌉ worst days of the equal-weight portfolio
 * and of the previous weights (their union; all T when T <= 2⌈k⌉).
 */
function seedScenarios(p: ConstrainedCvarProblem): number[] {
  const count = Math.min(p.periods, 2 * Math.ceil(p.tailSize));
  const worst = (w: ArrayLike<number>) => {
    const r = eligibleReturns(p, w);
    return Array.from({ length: p.periods }, (_, t) => t)
      .sort((a, b) => r[a]! - r[b]! || a - b)
      .slice(0, count);
  };
  const set = new Set(worst(new Float64Array(p.n).fill(1 / p.n)));
  if (p.constraints.previous.some((x) => x !== 0)) for (const t of worst(p.constraints.previous)) set.add(t);
  return [...set].sort((a, b) => a - b);
}

/** What the constrained solve certified, in the problem's units. */
export interface ConstrainedSolve {
  /** "optimal": gap within tolerance. "time-limit": a round or the holdings MILP stopped at the deadline; feasible, `gap` proven. */
  status: "optimal" | "time-limit";
  weights: Float64Array;
  /** The true objective at `weights` (CVaR over all T scenarios, |w − w⁰| and Σw² recomputed). */
  objective: number;
  /** The solver's bound on the optimum minus `objective`, >= 0. */
  gap: number;
  /** LP/QP solves (one plus one per tracking-error cut round). */
  iterations: number;
  method: "lp" | "qp" | "milp";
  /** The rules that bind at the weights (within 1e-9). */
  binding: string[];
}

/** The most cut rounds of the tracking-error outer linearisation before giving up. */
const MAX_CUT_ROUNDS = 1000;
/**
 * The proven gap a QP (L2) solve must reach, relative to 1 + |objective|: HiGHS's QP solver stops
 * with primal points about 1e-8 from the optimum (it fails with tighter tolerances), so the
 * tangent bound leaves gaps of a few 1e-9; the gap reached is reported in the certificate.
 */
const QP_GAP_TOL = 1e-8;
/** The relative tolerance on the tracking error: TE(w) <= τ·(1 + TE_TOL). */
export const TE_TOL = 1e-9;

/**
 * Solves {@link ConstrainedCvarProblem} in one HiGHS model (an LP; a QP when l2Weight > 0), with every
 * scenario row (`allScenarios`) or by scenario generation (docs/maths.md#cutting-plane): a seed set,
 * then each round adds the scenarios whose loss exceeds α + ξ_t at the solution (fewer rows make a
 * relaxation, so every bound below stays valid). A tracking-error rule is met by outer linearisation (Kelley's cutting planes):
 * at a solution w with TE(w) = √(dᵀΣd) > τ, d = w − b, the tangent cut (Σd)ᵀ(w' − b) <= τ·TE(w) holds
 * for every w' within the limit (Cauchy–Schwarz in the Σ inner product) and cuts w off; rounds
 * continue, warm from the last basis, until TE(w) <= τ·(1 + 1e-9). `gap` is proven: the objective at
 * the returned weights against a Lagrangian bound from the row duals (safe for any duals), for the
 * QP from the LP of its tangent at the weights; <= 1e-9 (LP) or 1e-8 (QP) relative to 1 + |objective|.
 *
 * With `deadline` the first round runs to its end, and every later round gets the time left as HiGHS's
 * `time_limit` (its clock restarted, as that limit is cumulative over a model's runs); none starts past
 * the deadline. Stopped, the answer is the best of the finished rounds' points (and of the stopped
 * round's, when primal feasible) that meets every rule and the CVaR and tracking-error limits (a point
 * over a limit is moved towards `feasible` until it meets them), with status "time-limit" and the gap to the smallest
 * finished round's value (each round's model is a relaxation of the full problem, so its value bounds it).
 *
 * @throws EngineError INFEASIBLE when the solver proves the rules (with the CVaR limit or return floor) cannot hold;
 *   SOLVER_FAILURE when a solve is not certified or the cuts do not converge.
 */
/**
 * Solves {@link ConstrainedCvarProblem}: the LP/QP below ({@link solveRelaxed}); with a holdings rule
 * #{i : w_i >= w_min} >= K (docs/maths.md#portfolio-constraints) that the LP optimum breaks, the MILP
 * with binaries z_i: w_i − w_min·z_i >= 0, Σz_i >= K over every scenario row, solved by HiGHS's
 * branch and bound (relative gap 1e-9); then a polish LP with w_i >= w_min on the MILP's support, so
 * the weights are a certified LP vertex. `gap` is the MILP's dual bound minus the polished objective.
 *
 * With `deadline` the MILP gets the time left as HiGHS's `time_limit`; stopped there, the support of its
 * best point is polished, or, when it found none (or no time was left), the support of the K largest
 * LP weights; the status is then "time-limit" and `gap` the distance to the best proven bound (the
 * MILP's dual bound, else the LP relaxation's), finite and >= 0.
 *
 * @throws EngineError INFEASIBLE when the rules with the holdings rule cannot hold; SOLVER_FAILURE when the MILP
 *   is not certified, or when it stopped at the deadline without a point and the K largest LP weights cannot
 *   carry the rules (naming timeLimitSeconds).
 */
export function solveConstrainedCvar(highs: Highs, p: ConstrainedCvarProblem): ConstrainedSolve {
  const lp = solveRelaxed(highs, p);
  const h = p.holdings;
  if (h === undefined || activeCount(lp.weights, h.minActiveWeight) >= h.minHoldings) return lp;
  const left = p.deadline === undefined ? undefined : (p.deadline - performance.now()) / 1000;
  const milp = left === undefined || left > 0 ? holdingsMilp(highs, p, h, left) : null;
  const timedOut = milp === null || milp.timedOut;
  const z = milp?.z ?? largestSupport(lp.weights, h.minHoldings);
  const c = p.constraints;
  const lower = Float64Array.from(c.lower, (x, i) => (z[i]! > 0.5 ? Math.max(x, h.minActiveWeight) : x));
  let polish: ConstrainedSolve;
  try {
    polish = solveRelaxed(highs, { ...p, constraints: { ...c, lower } });
  } catch (error) {
    if (!(timedOut && !milp?.z && error instanceof EngineError && error.code === "INFEASIBLE")) throw error;
    throw new EngineError(
      "SOLVER_FAILURE",
      `the solver stopped at the time limit (timeLimitSeconds) before finding weights that meet every constraint with minHoldings ${h.minHoldings}; raise timeLimitSeconds`,
      { field: "timeLimitSeconds" },
    );
  }
  // The LP relaxation's proven bound holds for the MILP; the MILP's dual bound, when finite, is tighter.
  const lpBound = lp.objective + lp.gap;
  const bound = milp !== null && Number.isFinite(milp.bound) ? Math.min(milp.bound, lpBound) : lpBound;
  const gap = Math.max(0, bound - polish.objective);
  const stopped = timedOut || lp.status === "time-limit" || polish.status === "time-limit";
  if (!stopped && !(gap <= GAP_TOL * (1 + Math.abs(polish.objective)))) {
    throw new EngineError(
      "SOLVER_FAILURE",
      `the HiGHS solver did not certify the constrained problem with minHoldings: proven gap ${gap} > ${GAP_TOL}`,
    );
  }
  return {
    status: stopped ? "time-limit" : "optimal",
    weights: polish.weights,
    objective: polish.objective,
    gap,
    iterations: lp.iterations + (milp === null ? 0 : 1) + polish.iterations,
    method: "milp",
    binding: bindingRules(p, polish.weights),
  };
}

/** The K largest weights of `w` (ties by index) as a support. */
function largestSupport(w: Float64Array, k: number): Float64Array {
  const order = Array.from({ length: w.length }, (_, i) => i).sort((a, b) => w[b]! - w[a]! || a - b);
  const z = new Float64Array(w.length);
  for (const i of order.slice(0, k)) z[i] = 1;
  return z;
}

/** Number of weights >= w_min (relative tolerance EPS). */
function activeCount(w: Float64Array, minActiveWeight: number): number {
  let count = 0;
  for (const x of w) if (x >= minActiveWeight * (1 - EPS)) count++;
  return count;
}

/**
 * The MILP of {@link solveConstrainedCvar}: its support z (null when stopped at `timeLimitSeconds`
 * without a point) and its dual bound (an upper bound on the maximised objective; may be infinite when stopped).
 */
function holdingsMilp(
  highs: Highs,
  p: ConstrainedCvarProblem,
  h: { minHoldings: number; minActiveWeight: number },
  timeLimitSeconds: number | undefined,
): { z: Float64Array | null; bound: number; timedOut: boolean } {
  const { n } = p;
  const m = buildModel(highs, p, true);
  const zc = m.numCols;
  for (let i = 0; i < n; i++)
    m.push(
      "minHoldings",
      [
        [i, 1],
        [zc + i, -h.minActiveWeight],
      ],
      0,
      highs.infinity,
    );
  m.push(
    "minHoldings",
    Array.from({ length: n }, (_, i) => [zc + i, 1] as const),
    h.minHoldings,
    highs.infinity,
  );
  const numCols = zc + n;
  const numRows = m.rowLower.length;
  const grow = (a: Float64Array, fill: number) => {
    const out = new Float64Array(numCols).fill(fill);
    out.set(a);
    return out;
  };
  return withSolverModel(
    () => ({
      model: highs.createModel({
        numCols,
        numRows,
        colCost: grow(m.colCost, 0),
        colLower: grow(m.colLower, 0),
        colUpper: grow(m.colUpper, 1),
        rowLower: Float64Array.from(m.rowLower),
        rowUpper: Float64Array.from(m.rowUpper),
        matrix: {
          format: "csr",
          numRows,
          numCols,
          starts: Int32Array.from(m.starts),
          indices: Int32Array.from(m.indices),
          values: Float64Array.from(m.values),
        },
        integrality: Int32Array.from({ length: numCols }, (_, j) => (j >= zc ? 1 : 0)),
      }),
    }),
    ({ model }) => {
      if (timeLimitSeconds !== undefined) model.options.set({ time_limit: timeLimitSeconds });
      const { modelStatus } = model.run();
      const bound = -Number(model.info.get("mip_dual_bound"));
      if (modelStatus === HIGHS_STATUS.timeLimitReached) {
        const found = Number(model.info.get("primal_solution_status")) === HIGHS_SOLUTION_STATUS.feasible;
        const x = found ? model.getSolution().colValue : null;
        return {
          z: x === null ? null : Float64Array.from({ length: n }, (_, i) => x[zc + i]!),
          bound,
          timedOut: true,
        };
      }
      if (modelStatus === 8) {
        throw new EngineError(
          "INFEASIBLE",
          `the rules cannot hold together with minHoldings ${h.minHoldings} at minActiveWeight ${h.minActiveWeight}; lower minHoldings or relax the rules`,
          { field: "minHoldings" },
        );
      }
      if (modelStatus !== 7)
        throw new EngineError(
          "SOLVER_FAILURE",
          `the HiGHS solver did not certify the constrained problem with minHoldings: ${statusName(modelStatus)}`,
        );
      const x = model.getSolution().colValue;
      return { z: Float64Array.from({ length: n }, (_, i) => x[zc + i]!), bound, timedOut: false };
    },
  );
}

/** The columns and rows of the RU model under the rules (every scenario row when `all`, else the seed set). */
function buildModel(highs: Highs, p: ConstrainedCvarProblem, all: boolean) {
  const { n, periods: T, returns: R, constraints: c } = p;
  const cm = constraintModel(c);
  const inf = highs.infinity;
  const alpha = cm.numCols;
  const xi = alpha + 1;
  const numCols = xi + T;
  const colCost = new Float64Array(numCols);
  const colLower = new Float64Array(numCols);
  const colUpper = new Float64Array(numCols).fill(inf);
  for (let j = 0; j < cm.numCols; j++) {
    colLower[j] = cm.colLower[j] === -Infinity ? -inf : cm.colLower[j]!;
    colUpper[j] = cm.colUpper[j] === Infinity ? inf : cm.colUpper[j]!;
  }
  // Minimise the negated objective (HiGHS's QP solver takes a convex minimisation).
  for (let i = 0; i < n; i++) colCost[i] = -p.gain[i]!;
  if (c.costs !== null && cm.tradeColumn >= 0) {
    for (let i = 0; i < n; i++) {
      colCost[cm.tradeColumn + i] = p.costWeight * c.costs[i]!;
      colCost[cm.tradeColumn + n + i] = p.costWeight * c.costs[i]!;
    }
  }
  colCost[alpha] = p.cvarWeight;
  for (let t = 0; t < T; t++) colCost[xi + t] = p.cvarWeight / p.tailSize;
  // Finite boxes that no optimum leaves, so that the Lagrangian bound below is finite: Σ|w| <= W,
  // |r_tᵀw| <= M·W, the optimal α is a loss quantile (|α| <= M·W), ξ_t <= 2·M·W, trades <= W + Σ|w⁰|,
  // long and short parts <= W.
  let W = 0;
  for (let i = 0; i < n; i++) W += Math.max(Math.abs(c.lower[i]!), Math.abs(c.upper[i]!));
  if (cm.longShortColumn >= 0) W = Math.min(W, c.maxGrossExposure!);
  let M = 0;
  for (let k = 0; k < R.length; k++) M = Math.max(M, Math.abs(R[k]!));
  let held = 0;
  for (let i = 0; i < n; i++) held += Math.abs(c.previous[i]!);
  colLower[alpha] = -M * W;
  colUpper[alpha] = M * W;
  for (let t = 0; t < T; t++) colUpper[xi + t] = 2 * M * W;
  if (cm.tradeColumn >= 0) for (let j = 0; j < 2 * n; j++) colUpper[cm.tradeColumn + j] = W + held;
  if (cm.longShortColumn >= 0) for (let j = 0; j < 2 * n; j++) colUpper[cm.longShortColumn + j] = W;

  const starts = [...cm.starts];
  const indices = [...cm.indices];
  const values = [...cm.values];
  const rowLower = cm.rowLower.map((x) => (x === -Infinity ? -inf : x));
  const rowUpper = cm.rowUpper.map((x) => (x === Infinity ? inf : x));
  const rowNames = [...cm.rowNames];
  const push = (name: string, entries: ReadonlyArray<readonly [number, number]>, lower: number, upper: number) => {
    for (const [j, a] of entries) {
      indices.push(j);
      values.push(a);
    }
    starts.push(indices.length);
    rowLower.push(lower);
    rowUpper.push(upper);
    rowNames.push(name);
  };
  // Scenario rows r_tᵀw + α + ξ_t >= 0: every one (plain-lp), or a seed set to which violated ones are
  // added (cutting-plane). Every ξ_t column is there from the start: without its row it stays 0 or
  // free at no cost, so the model with fewer rows is a relaxation.
  const inModel = new Uint8Array(T);
  const scenarioRow = (t: number): Array<readonly [number, number]> => {
    const entries: Array<readonly [number, number]> = [];
    for (let i = 0; i < n; i++) if (R[t * n + i] !== 0) entries.push([i, R[t * n + i]!]);
    entries.push([alpha, 1], [xi + t, 1]);
    inModel[t] = 1;
    return entries;
  };
  for (const t of all ? Array.from({ length: T }, (_, t) => t) : seedScenarios(p))
    push("scenario", scenarioRow(t), 0, inf);
  if (p.cvarLimit !== undefined) {
    push(
      "targetCvar",
      [[alpha, 1], ...Array.from({ length: T }, (_, t) => [xi + t, 1 / p.tailSize] as const)],
      -inf,
      p.cvarLimit,
    );
  }
  if (p.returnFloor !== undefined) {
    push(
      "targetReturn",
      Array.from({ length: n }, (_, i) => [i, p.returnFloor!.mean[i]!] as const),
      p.returnFloor.value,
      inf,
    );
  }
  return {
    alpha,
    xi,
    numCols,
    colCost,
    colLower,
    colUpper,
    starts,
    indices,
    values,
    rowLower,
    rowUpper,
    rowNames,
    push,
    scenarioRow,
    inModel,
  };
}

function solveRelaxed(highs: Highs, p: ConstrainedCvarProblem): ConstrainedSolve {
  const { n, periods: T, returns: R, constraints: c } = p;
  const inf = highs.infinity;
  const {
    alpha,
    xi,
    numCols,
    colCost,
    colLower,
    colUpper,
    starts,
    indices,
    values,
    rowLower,
    rowUpper,
    push,
    scenarioRow,
    inModel,
  } = buildModel(highs, p, p.allScenarios === true);
  const numRows = rowLower.length;
  const quadratic = p.l2Weight > 0;
  const hessian = quadratic
    ? {
        format: "triangular" as const,
        dimension: numCols,
        starts: Int32Array.from({ length: numCols + 1 }, (_, j) => Math.min(j, n)),
        indices: Int32Array.from({ length: n }, (_, i) => i),
        values: new Float64Array(n).fill(2 * p.l2Weight),
      }
    : undefined;

  return withSolverModel(
    () => ({
      model: highs.createModel({
        numCols,
        numRows,
        colCost,
        colLower,
        colUpper,
        rowLower: Float64Array.from(rowLower),
        rowUpper: Float64Array.from(rowUpper),
        matrix: {
          format: "csr",
          numRows,
          numCols,
          starts: Int32Array.from(starts),
          indices: Int32Array.from(indices),
          values: Float64Array.from(values),
        },
        ...(hessian === undefined ? {} : { hessian }),
      }),
    }),
    ({ model }) => {
      // HiGHS's QP solver fails with both feasibility tolerances at 1e-10 (status −1); its dual tolerance stays at the default.
      if (quadratic)
        model.options.set({
          primal_feasibility_tolerance: 1e-9,
          dual_feasibility_tolerance: 1e-10,
          qp_iteration_limit: 1_000_000,
        });
      const tracking = c.benchmark !== null && c.maxTrackingErrorPerPeriod !== null && p.covariance !== undefined;
      const run = () => {
        try {
          return model.run();
        } catch (error) {
          // HiGHS's QP solver fails (status −1) on some models with tight tolerances; once more with its defaults.
          if (!quadratic) throw error;
          model.options.set({ primal_feasibility_tolerance: 1e-7, dual_feasibility_tolerance: 1e-7 });
          return model.run();
        }
      };
      // The best point of the finished rounds that meets every rule (and the CVaR limit), and the best proven
      // bound: each finished round's value bounds the full problem from above (its model is a relaxation).
      let best: { weights: Float64Array; objective: number } | null = null;
      let relaxedBound = Infinity;
      const consider = (w: Float64Array): void => {
        const point = withinLimits(p, w);
        if (point === null) return;
        const objective = objectiveAt(p, point);
        if (best === null || objective > best.objective) best = { weights: point, objective };
      };
      const stop = (round: number): ConstrainedSolve => {
        if (best === null) {
          throw new EngineError(
            "SOLVER_FAILURE",
            "the solver stopped at the time limit (timeLimitSeconds) before finding weights that meet every constraint; raise timeLimitSeconds",
            { field: "timeLimitSeconds" },
          );
        }
        const found: { weights: Float64Array; objective: number } = best;
        return {
          status: "time-limit",
          weights: found.weights,
          objective: found.objective,
          gap: Number.isFinite(relaxedBound) ? Math.max(0, relaxedBound - found.objective) : 0,
          iterations: round,
          method: quadratic ? "qp" : "lp",
          binding: bindingRules(p, found.weights),
        };
      };
      for (let round = 1; ; round++) {
        // The first round always runs to its end; later ones get the time left, and none starts past the deadline.
        if (p.deadline !== undefined && round > 1) {
          const left = (p.deadline - performance.now()) / 1000;
          if (!(left > 0)) return stop(round - 1);
          // HiGHS's time_limit is cumulative over the model's runs: its clock restarts so that it is this round's.
          model.zeroAllClocks();
          model.options.set({ time_limit: left });
        }
        const { modelStatus } = run();
        if (modelStatus === HIGHS_STATUS.timeLimitReached && round > 1) {
          // A round stopped inside: its point, when primal feasible, meets every row of the model (every rule).
          if (Number(model.info.get("primal_solution_status")) === HIGHS_SOLUTION_STATUS.feasible)
            consider(cleanWeights(model.getSolution().colValue, c));
          return stop(round - 1);
        }
        if (modelStatus === 8) {
          throw new EngineError(
            "INFEASIBLE",
            "the constraint options cannot hold together with the target (the solver proved the problem infeasible)",
            {
              field:
                p.cvarLimit !== undefined
                  ? "targetCvar"
                  : p.returnFloor !== undefined
                    ? "targetReturn"
                    : "maxTrackingError",
            },
          );
        }
        if (modelStatus !== 7)
          throw new EngineError(
            "SOLVER_FAILURE",
            `the HiGHS solver did not certify the constrained mean-CVaR problem: ${statusName(modelStatus)}`,
          );
        const x = model.getSolution().colValue;
        const weights = cleanWeights(x, c);
        const bound = -model.getObjectiveValue();
        if (p.deadline !== undefined) {
          relaxedBound = Math.min(relaxedBound, bound);
          consider(weights);
        }
        const addScenarioRows = (list: readonly number[]): void => {
          const start = indices.length;
          const first = rowLower.length;
          for (const t of list) push("scenario", scenarioRow(t), 0, inf);
          model.addRows({
            lower: new Float64Array(list.length),
            upper: new Float64Array(list.length).fill(inf),
            matrix: {
              format: "csr",
              numRows: list.length,
              numCols,
              starts: Int32Array.from(starts.slice(first), (k) => k - start),
              indices: Int32Array.from(indices.slice(start)),
              values: Float64Array.from(values.slice(start)),
            },
          });
        };
        const violated: number[] = [];
        const remaining: number[] = [];
        for (let t = 0; t < T; t++) {
          if (inModel[t]) continue;
          remaining.push(t);
          let loss = 0;
          for (let i = 0; i < n; i++) loss -= R[t * n + i]! * x[i]!;
          if (loss > x[alpha]! + x[xi + t]!) violated.push(t);
        }
        if (violated.length > 0) {
          addScenarioRows(violated);
          continue;
        }
        if (tracking) {
          const { te, sd } = trackingError(weights, c.benchmark!, p.covariance!, n);
          const tau = c.maxTrackingErrorPerPeriod!;
          if (te > tau * (1 + TE_TOL)) {
            if (round >= MAX_CUT_ROUNDS) {
              throw new EngineError(
                "SOLVER_FAILURE",
                `the tracking-error cuts did not converge in ${MAX_CUT_ROUNDS} rounds (tracking error ${te} > ${tau})`,
              );
            }
            // (Σd)ᵀw' <= τ·TE(w) + (Σd)ᵀb, divided by ‖Σd‖∞ so that the solver's absolute row tolerance
            // (1e-10) is a relative one on the tracking error.
            let norm = 0;
            for (let i = 0; i < n; i++) norm = Math.max(norm, Math.abs(sd[i]!));
            let rhs = (tau * te) / norm;
            for (let i = 0; i < n; i++) rhs += (sd[i]! / norm) * c.benchmark![i]!;
            const cut = Array.from({ length: n }, (_, i) => i).filter((i) => sd[i] !== 0);
            model.addRows({
              lower: Float64Array.of(-inf),
              upper: Float64Array.of(rhs),
              matrix: {
                format: "csr",
                numRows: 1,
                numCols,
                starts: Int32Array.of(0, cut.length),
                indices: Int32Array.from(cut),
                values: Float64Array.from(cut, (i) => sd[i]! / norm),
              },
            });
            push(
              "maxTrackingError",
              cut.map((i) => [i, sd[i]! / norm] as const),
              -inf,
              rhs,
            );
            continue;
          }
        }
        const objective = objectiveAt(p, weights);
        // The proven gap: the objective at the weights against a Lagrangian bound from the solver's row
        // duals (valid for any duals, so the solver's tolerances cannot make it wrong), or the model's
        // value when that is lower (a relaxation's optimum, for the LP).
        const lagrangian = quadratic
          ? -linearisedBound(
              highs,
              weights,
              2 * p.l2Weight,
              colCost,
              colLower,
              colUpper,
              starts,
              indices,
              values,
              rowLower,
              rowUpper,
            )
          : -lagrangianBound(
              model.getSolution().rowDual,
              colCost,
              colLower,
              colUpper,
              0,
              n,
              starts,
              indices,
              values,
              rowLower,
              rowUpper,
              inf,
            );
        const proven = quadratic ? lagrangian : Math.min(bound, lagrangian);
        const gap = Math.max(0, proven - objective);
        const scale = 1 + Math.abs(objective);
        if (!(gap <= (quadratic ? QP_GAP_TOL : GAP_TOL) * scale) && remaining.length > 0) {
          // Numerical trouble with a partial model: every remaining scenario makes it the full problem.
          addScenarioRows(remaining);
          continue;
        }
        if (!(gap <= (quadratic ? QP_GAP_TOL : GAP_TOL) * scale)) {
          throw new EngineError(
            "SOLVER_FAILURE",
            `the HiGHS solver did not certify the constrained mean-CVaR problem: proven gap ${gap} > ${GAP_TOL}`,
          );
        }
        return {
          status: "optimal",
          weights,
          objective,
          gap,
          iterations: round,
          method: quadratic ? "qp" : "lp",
          binding: bindingRules(p, weights),
        };
      }
    },
  );
}

/**
 * A lower bound on min ½·d·Σ_{j<n} x_j² + cᵀx over {L <= Ax <= U, lb <= x <= ub} from any row
 * multipliers y (weak duality; Neumaier & Shcherbina 2004, "Safe bounds in linear and mixed-integer
 * programming", Math. Programming 99): min_box [½·d·Σx_j² + (c − Aᵀy)ᵀx] + Σ_r min_{s∈[L_r, U_r]} y_r·s.
 * A multiplier whose sign meets an open side is set to 0 (any y gives a bound).
 */
function lagrangianBound(
  dual: Float64Array,
  cost: Float64Array,
  lower: Float64Array,
  upper: Float64Array,
  d: number,
  n: number,
  starts: readonly number[],
  indices: readonly number[],
  values: readonly number[],
  rowLower: readonly number[],
  rowUpper: readonly number[],
  inf: number,
): number {
  const g = Float64Array.from(cost);
  let bound = 0;
  for (let r = 0; r < rowLower.length; r++) {
    let y = dual[r]!;
    if ((y > 0 && rowLower[r]! <= -inf) || (y < 0 && rowUpper[r]! >= inf)) y = 0;
    if (y === 0) continue;
    bound += y > 0 ? y * rowLower[r]! : y * rowUpper[r]!;
    for (let k = starts[r]!; k < starts[r + 1]!; k++) g[indices[k]!]! -= y * values[k]!;
  }
  for (let j = 0; j < g.length; j++) {
    const gj = g[j]!;
    if (j < n && d > 0) {
      const x = Math.min(upper[j]!, Math.max(lower[j]!, -gj / d));
      bound += 0.5 * d * x * x + gj * x;
    } else if (gj > 0) bound += lower[j]! <= -inf ? -Infinity : gj * lower[j]!;
    else if (gj < 0) bound += upper[j]! >= inf ? -Infinity : gj * upper[j]!;
  }
  return bound;
}

/**
 * A lower bound on the QP's minimum with an accurate dual (HiGHS's QP duals are not accurate enough
 * for a 1e-9 bound): the quadratic ½·d·‖w‖² is at least its tangent at w*, ½·d·‖w*‖² + d·w*ᵀ(w − w*),
 * so the LP with cost c + d·w* (on w), solved by the simplex method, minus ½·d·‖w*‖² bounds the QP from
 * below (its Lagrangian bound, safe for any duals). At the QP's optimum w* the two agree (the
 * Frank–Wolfe gap is 0 there), so the bound is tight.
 */
function linearisedBound(
  highs: Highs,
  w: Float64Array,
  d: number,
  cost: Float64Array,
  lower: Float64Array,
  upper: Float64Array,
  starts: readonly number[],
  indices: readonly number[],
  values: readonly number[],
  rowLower: readonly number[],
  rowUpper: readonly number[],
): number {
  const n = w.length;
  const linear = Float64Array.from(cost);
  let constant = 0;
  for (let i = 0; i < n; i++) {
    linear[i] = linear[i]! + d * w[i]!;
    constant += 0.5 * d * w[i]! * w[i]!;
  }
  const numRows = rowLower.length;
  const numCols = cost.length;
  return withSolverModel(
    () => ({
      model: highs.createModel({
        numCols,
        numRows,
        colCost: linear,
        colLower: lower,
        colUpper: upper,
        rowLower: Float64Array.from(rowLower),
        rowUpper: Float64Array.from(rowUpper),
        matrix: {
          format: "csr",
          numRows,
          numCols,
          starts: Int32Array.from(starts),
          indices: Int32Array.from(indices),
          values: Float64Array.from(values),
        },
      }),
    }),
    ({ model }) => {
      const { modelStatus } = model.run();
      if (modelStatus !== 7)
        throw new EngineError(
          "SOLVER_FAILURE",
          `the HiGHS solver did not certify the L2 bound: ${statusName(modelStatus)}`,
        );
      return (
        lagrangianBound(
          model.getSolution().rowDual,
          linear,
          lower,
          upper,
          0,
          n,
          starts,
          indices,
          values,
          rowLower,
          rowUpper,
          highs.infinity,
        ) - constant
      );
    },
  );
}

/**
 * w when it meets the CVaR limit and the tracking-error limit of `p` (the rows of the model it meets by
 * construction: the outer cuts of the tracking error excepted); otherwise the point of the segment from
 * `p.feasible` to w with the largest step that meets both (bisection: both are convex along the
 * segment and met at its start, so the steps that meet them form an interval from 0); null when w
 * breaks a limit and no such start is given.
 */
function withinLimits(p: ConstrainedCvarProblem, w: Float64Array): Float64Array | null {
  const c = p.constraints;
  const tracking = c.benchmark !== null && c.maxTrackingErrorPerPeriod !== null && p.covariance !== undefined;
  const meets = (x: Float64Array): boolean =>
    (!tracking ||
      trackingError(x, c.benchmark!, p.covariance!, p.n).te <= c.maxTrackingErrorPerPeriod! * (1 + TE_TOL)) &&
    (p.cvarLimit === undefined || conditionalValueAtRisk(eligibleReturns(p, x), p.confidence) <= p.cvarLimit);
  if (meets(w)) return w;
  const start = p.feasible;
  if (start === undefined || !meets(start)) return null;
  if (p.returnFloor !== undefined) {
    let floor = 0;
    for (let i = 0; i < p.n; i++) floor += p.returnFloor.mean[i]! * start[i]!;
    if (!(floor >= p.returnFloor.value)) return null;
  }
  const along = (t: number) => Float64Array.from(w, (x, i) => start[i]! + t * (x - start[i]!));
  let lo = 0;
  let hi = 1;
  for (let k = 0; k < 60; k++) {
    const mid = 0.5 * (lo + hi);
    if (meets(along(mid))) lo = mid;
    else hi = mid;
  }
  return along(lo);
}

/** w from the solution, clamped into its bounds, dust set to 0. */
function cleanWeights(x: Float64Array, c: CompiledConstraints): Float64Array {
  const w = new Float64Array(c.n);
  for (let i = 0; i < c.n; i++) {
    const v = Math.min(c.upper[i]!, Math.max(c.lower[i]!, x[i]!));
    w[i] = Math.abs(v) < DUST ? 0 : v;
  }
  return w;
}

/** TE(w) = √((w − b)ᵀΣ(w − b)) and Σ(w − b). */
export function trackingError(
  w: ArrayLike<number>,
  b: ArrayLike<number>,
  sigma: Float64Array,
  n: number,
): { te: number; sd: Float64Array } {
  const sd = new Float64Array(n);
  let q = 0;
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let j = 0; j < n; j++) s += sigma[i * n + j]! * (w[j]! - b[j]!);
    sd[i] = s;
    q += (w[i]! - b[i]!) * s;
  }
  return { te: Math.sqrt(Math.max(0, q)), sd };
}

/** The true objective at w: gainᵀw − cvarWeight·CVaR_β(w) − costWeight·Σc|w − w⁰| − l2Weight·Σw². */
export function objectiveAt(p: ConstrainedCvarProblem, w: ArrayLike<number>): number {
  const c = p.constraints;
  let value = 0;
  for (let i = 0; i < p.n; i++) {
    value += p.gain[i]! * w[i]! - p.l2Weight * w[i]! * w[i]!;
    if (c.costs !== null) value -= p.costWeight * c.costs[i]! * Math.abs(w[i]! - c.previous[i]!);
  }
  if (p.cvarWeight !== 0) value -= p.cvarWeight * conditionalValueAtRisk(eligibleReturns(p, w), p.confidence);
  return value;
}

/** The rules that bind at w (a bound reached within 1e-9, relative to 1 + |bound|). */
export function bindingRules(p: ConstrainedCvarProblem, w: ArrayLike<number>): string[] {
  const c = p.constraints;
  const at = (value: number, bound: number) =>
    Number.isFinite(bound) && Math.abs(value - bound) <= 1e-9 * (1 + Math.abs(bound));
  const out: string[] = [];
  for (const row of c.rows) {
    let v = 0;
    for (let i = 0; i < c.n; i++) v += row.coefficients[i]! * w[i]!;
    if (at(v, row.lower) || at(v, row.upper)) out.push(row.name);
  }
  let turnover = 0;
  let gross = 0;
  for (let i = 0; i < c.n; i++) {
    turnover += Math.abs(w[i]! - c.previous[i]!) / 2;
    gross += Math.abs(w[i]!);
  }
  if (c.maxTurnover !== null && at(turnover, c.maxTurnover)) out.push("maxTurnover");
  if (c.maxGrossExposure !== null && c.lower.some((x) => x < 0) && at(gross, c.maxGrossExposure))
    out.push("maxGrossExposure");
  if (c.benchmark !== null && c.maxTrackingErrorPerPeriod !== null && p.covariance !== undefined) {
    const { te } = trackingError(w, c.benchmark, p.covariance, c.n);
    if (te >= c.maxTrackingErrorPerPeriod * (1 - 1e-7)) out.push("maxTrackingError");
  }
  if (c.lower.some((x) => x < 0)) {
    for (let i = 0; i < c.n; i++)
      if (at(w[i]!, c.lower[i]!)) {
        out.push("minWeight");
        break;
      }
  }
  return out;
}
