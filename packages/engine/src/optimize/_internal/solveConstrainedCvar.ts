import type { Highs } from "highs";
import { EngineError } from "../../errors/EngineError.ts";
import { conditionalValueAtRisk } from "../../stats/index.ts";
import type { CompiledConstraints } from "../../portfolio/_internal/CompiledConstraints.ts";
import { constraintModel } from "../../portfolio/_internal/constraintModel.ts";
import { eligibleReturns } from "./meanCvarProblem.ts";
import { statusName, withSolverModel } from "./solver.ts";
import { DUST, GAP_TOL } from "./tolerance.ts";

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
}

/** What the constrained solve certified, in the problem's units. */
export interface ConstrainedSolve {
  weights: Float64Array;
  /** The true objective at `weights` (CVaR over all T scenarios, |w − w⁰| and Σw² recomputed). */
  objective: number;
  /** The solver's bound on the optimum minus `objective`, >= 0. */
  gap: number;
  /** LP/QP solves (one plus one per tracking-error cut round). */
  iterations: number;
  method: "lp" | "qp";
  /** The rules that bind at the weights (within 1e-9). */
  binding: string[];
}

/** The most cut rounds of the tracking-error outer linearisation before giving up. */
const MAX_CUT_ROUNDS = 500;
/** The relative tolerance on the tracking error: TE(w) <= τ·(1 + TE_TOL). */
export const TE_TOL = 1e-9;

/**
 * Solves {@link ConstrainedCvarProblem} with every scenario in one HiGHS model (the plain RU LP; a QP
 * when l2Weight > 0). A tracking-error rule is met by outer linearisation (Kelley's cutting planes):
 * at a solution w with TE(w) = √(dᵀΣd) > τ, d = w − b, the tangent cut (Σd)ᵀ(w' − b) <= τ·TE(w) holds
 * for every w' within the limit (Cauchy–Schwarz in the Σ inner product) and cuts w off; rounds
 * continue, warm from the last basis, until TE(w) <= τ·(1 + 1e-9). Each round's optimum bounds the
 * true optimum (a relaxation), so `gap` = bound − objective at the returned weights is proven.
 *
 * @throws EngineError INFEASIBLE when the solver proves the rules (with the CVaR limit or return floor) cannot hold;
 *   SOLVER_FAILURE when a solve is not certified or the cuts do not converge.
 */
export function solveConstrainedCvar(highs: Highs, p: ConstrainedCvarProblem): ConstrainedSolve {
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
  colLower[alpha] = -inf;
  for (let t = 0; t < T; t++) colCost[xi + t] = p.cvarWeight / p.tailSize;

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
  for (let t = 0; t < T; t++) {
    const entries: Array<readonly [number, number]> = [];
    for (let i = 0; i < n; i++) if (R[t * n + i] !== 0) entries.push([i, R[t * n + i]!]);
    entries.push([alpha, 1], [xi + t, 1]);
    push("scenario", entries, 0, inf);
  }
  if (p.cvarLimit !== undefined) {
    push("targetCvar", [[alpha, 1], ...Array.from({ length: T }, (_, t) => [xi + t, 1 / p.tailSize] as const)], -inf, p.cvarLimit);
  }
  if (p.returnFloor !== undefined) {
    push("targetReturn", Array.from({ length: n }, (_, i) => [i, p.returnFloor!.mean[i]!] as const), p.returnFloor.value, inf);
  }
  const numRows = rowLower.length;
  const quadratic = p.l2Weight > 0;
  const hessian = quadratic
    ? {
        format: "triangular" as const, dimension: numCols,
        starts: Int32Array.from({ length: numCols + 1 }, (_, j) => Math.min(j, n)),
        indices: Int32Array.from({ length: n }, (_, i) => i),
        values: new Float64Array(n).fill(2 * p.l2Weight),
      }
    : undefined;

  return withSolverModel(
    () => ({
      model: highs.createModel({
        numCols, numRows, colCost, colLower, colUpper, rowLower: Float64Array.from(rowLower), rowUpper: Float64Array.from(rowUpper),
        matrix: { format: "csr", numRows, numCols, starts: Int32Array.from(starts), indices: Int32Array.from(indices), values: Float64Array.from(values) },
        ...(hessian === undefined ? {} : { hessian }),
      }),
    }),
    ({ model }) => {
      // HiGHS's QP solver fails with both feasibility tolerances at 1e-10 (status −1); its dual tolerance stays at the default.
      if (quadratic) model.options.set({ dual_feasibility_tolerance: 1e-7, qp_iteration_limit: 1_000_000 });
      const tracking = c.benchmark !== null && c.maxTrackingErrorPerPeriod !== null && p.covariance !== undefined;
      for (let round = 1; ; round++) {
        const { modelStatus } = model.run();
        if (modelStatus === 8) {
          throw new EngineError("INFEASIBLE", "the constraint options cannot hold together with the target (the solver proved the problem infeasible)", {
            field: p.cvarLimit !== undefined ? "targetCvar" : p.returnFloor !== undefined ? "targetReturn" : "maxTrackingError",
          });
        }
        if (modelStatus !== 7) throw new EngineError("SOLVER_FAILURE", `the HiGHS solver did not certify the constrained mean-CVaR problem: ${statusName(modelStatus)}`);
        const x = model.getSolution().colValue;
        const weights = cleanWeights(x, c);
        const bound = -model.getObjectiveValue();
        if (tracking) {
          const { te, sd } = trackingError(weights, c.benchmark!, p.covariance!, n);
          const tau = c.maxTrackingErrorPerPeriod!;
          if (te > tau * (1 + TE_TOL)) {
            if (round >= MAX_CUT_ROUNDS) {
              throw new EngineError("SOLVER_FAILURE", `the tracking-error cuts did not converge in ${MAX_CUT_ROUNDS} rounds (tracking error ${te} > ${tau})`);
            }
            // (Σd)ᵀw' <= τ·TE(w) + (Σd)ᵀb, divided by ‖Σd‖∞ so that the solver's absolute row tolerance
            // (1e-10) is a relative one on the tracking error.
            let norm = 0;
            for (let i = 0; i < n; i++) norm = Math.max(norm, Math.abs(sd[i]!));
            let rhs = (tau * te) / norm;
            for (let i = 0; i < n; i++) rhs += (sd[i]! / norm) * c.benchmark![i]!;
            const cut = Array.from({ length: n }, (_, i) => i).filter((i) => sd[i] !== 0);
            model.addRows({
              lower: Float64Array.of(-inf), upper: Float64Array.of(rhs),
              matrix: { format: "csr", numRows: 1, numCols, starts: Int32Array.of(0, cut.length), indices: Int32Array.from(cut), values: Float64Array.from(cut, (i) => sd[i]! / norm) },
            });
            continue;
          }
        }
        const objective = objectiveAt(p, weights);
        const gap = Math.max(0, bound - objective);
        const scale = 1 + Math.abs(bound);
        if (gap > (quadratic ? 1e-7 : GAP_TOL) * scale) {
          throw new EngineError("SOLVER_FAILURE", `the HiGHS solver did not certify the constrained mean-CVaR problem: gap ${gap} > ${GAP_TOL}`);
        }
        return { weights, objective, gap, iterations: round, method: quadratic ? "qp" : "lp", binding: bindingRules(p, weights) };
      }
    },
  );
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
export function trackingError(w: ArrayLike<number>, b: ArrayLike<number>, sigma: Float64Array, n: number): { te: number; sd: Float64Array } {
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
  const at = (value: number, bound: number) => Number.isFinite(bound) && Math.abs(value - bound) <= 1e-9 * (1 + Math.abs(bound));
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
  if (c.maxGrossExposure !== null && c.lower.some((x) => x < 0) && at(gross, c.maxGrossExposure)) out.push("maxGrossExposure");
  if (c.benchmark !== null && c.maxTrackingErrorPerPeriod !== null && p.covariance !== undefined) {
    const { te } = trackingError(w, c.benchmark, p.covariance, c.n);
    if (te >= c.maxTrackingErrorPerPeriod * (1 - 1e-7)) out.push("maxTrackingError");
  }
  if (c.lower.some((x) => x < 0)) {
    for (let i = 0; i < c.n; i++) if (at(w[i]!, c.lower[i]!)) {
      out.push("minWeight");
      break;
    }
  }
  return out;
}
