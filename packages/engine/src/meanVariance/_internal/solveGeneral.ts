import type { Highs, ModelData } from "highs";
import { EngineError } from "../../errors/EngineError.ts";
import { statusName, withSolverModel } from "../../optimize/_internal/solver.ts";
import type { Kkt } from "./certify.ts";
import { generalKkt, reducedCosts, worstOf, type GeneralMultipliers } from "./generalKkt.ts";
import { coneValue, type GeneralQp } from "./generalQp.ts";
import { multipliersLp } from "./multipliersLp.ts";
import { faceOf, polish } from "./polishFace.ts";

/** The certified optimum of a {@link GeneralQp}. */
export interface GeneralSolution {
  x: Float64Array;
  mult: GeneralMultipliers;
  kkt: Kkt;
  /** HiGHS QP (or LP) solves. */
  solves: number;
}

/** What stopped a solve short of an optimum: "infeasible" or "unbounded" as HiGHS proved it. */
export class GeneralQpStop extends Error {
  constructor(readonly kind: "infeasible" | "unbounded") {
    super(kind);
  }
}

/** The residual bound a result must meet to be called optimal. */
export const CONSTRAINED_KKT_TOLERANCE = 1e-9;
/** The most cutting-plane rounds. */
const MAX_ROUNDS = 60;

interface Cut {
  cone: number;
  row: number;
}

/** Builds the HiGHS model data of the QP's rows and objective (cones left out: cuts are added as rows). */
function modelData(highs: Highs, qp: GeneralQp): ModelData {
  const inf = highs.infinity;
  const starts = new Int32Array(qp.rows.length + 1);
  let nnz = 0;
  for (const row of qp.rows) nnz += row.index.length;
  const indices = new Int32Array(nnz);
  const values = new Float64Array(nnz);
  let q = 0;
  qp.rows.forEach((row, r) => {
    indices.set(row.index, q);
    values.set(row.values, q);
    q += row.index.length;
    starts[r + 1] = q;
  });
  const clip = (v: number) => (v === Infinity ? inf : v === -Infinity ? -inf : v);
  // Hessian of f: 2s·S on the y block plus 2·diag, lower triangle by column.
  const hStarts = new Int32Array(qp.m + 1);
  const hIndex: number[] = [];
  const hValues: number[] = [];
  for (let j = 0; j < qp.m; j++) {
    for (let i = j; i < qp.m; i++) {
      let v = i < qp.nW && j < qp.nW ? 2 * qp.sFactor * qp.S[i * qp.nW + j]! : 0;
      if (i === j) v += 2 * qp.diag[j]!;
      if (v !== 0) {
        hIndex.push(i);
        hValues.push(v);
      }
    }
    hStarts[j + 1] = hIndex.length;
  }
  return {
    numCols: qp.m,
    numRows: qp.rows.length,
    sense: highs.constants.objectiveSense.minimize,
    colCost: pricedPairs(qp),
    colLower: Float64Array.from(qp.lo, clip),
    colUpper: Float64Array.from(qp.hi, clip),
    rowLower: Float64Array.from(qp.rows, (r) => clip(r.lower)),
    rowUpper: Float64Array.from(qp.rows, (r) => clip(r.upper)),
    matrix: { format: "csr", numRows: qp.rows.length, numCols: qp.m, starts, indices, values },
    ...(hIndex.length > 0
      ? { hessian: { format: "triangular" as const, dimension: qp.m, starts: hStarts, indices: Int32Array.from(hIndex), values: Float64Array.from(hValues) } }
      : {}),
  };
}

/**
 * The objective's linear part as HiGHS gets it: a pair column (trades, long/short parts) priced at
 * nothing gets 1e-9, so that HiGHS's QP solver sees no flat direction u = v → ∞ (on such models
 * it fails with "run failed"). The polish and the certificate use the true costs: the price only
 * steers HiGHS to the canonical split, which the polish then solves exactly.
 */
function pricedPairs(qp: GeneralQp): Float64Array {
  const cost = Float64Array.from(qp.cost);
  for (let k = 0; k < qp.pairs.length; k++) if (cost[qp.pairs[k]!] === 0) cost[qp.pairs[k]!] = 1e-9;
  return cost;
}

/** Equal shifts of each (u, v) pair removed: min(u, v) = 0. */
function canonical(qp: GeneralQp, x: Float64Array): Float64Array {
  const y = Float64Array.from(x);
  for (let k = 0; k < qp.pairs.length; k += 2) {
    const u = qp.pairs[k]!;
    const v = qp.pairs[k + 1]!;
    const shift = Math.min(y[u]! - qp.lo[u]!, y[v]! - qp.lo[v]!);
    if (shift > 0) {
      y[u] = y[u]! - shift;
      y[v] = y[v]! - shift;
    }
  }
  return y;
}

/**
 * Solves a {@link GeneralQp} with HiGHS's QP solver (its LP solver when f is linear) and certifies
 * the answer (docs/maths.md#mean-variance-under-constraints):
 *
 * 1. HiGHS solves the QP over the rows and bounds, each cone replaced by its cuts so far (an outer
 *    approximation, Kelley 1960: the cut at z is g(z) + ∇g(z)ᵀ(x − z) <= 0, valid as g is convex).
 * 2. The point is polished on its face: Newton's method on the face's KKT equations (exact in one
 *    step without cones), the face corrected while a multiplier has the wrong sign or a rule is broken.
 * 3. The KKT residuals are recomputed from the polished point and its multipliers; at or below
 *    1e-9 it is the answer. Otherwise every cone the point breaks gets a cut at it, and again.
 *
 * The best point found is returned with its residuals whatever they are; the caller decides.
 * @throws GeneralQpStop when HiGHS proves the (relaxed) problem infeasible or unbounded
 * @throws EngineError SOLVER_FAILURE when HiGHS fails otherwise
 */
export function solveGeneral(highs: Highs, qp: GeneralQp): GeneralSolution {
  return withSolverModel(
    () => ({ model: highs.createModel(modelData(highs, qp)) }),
    ({ model }) => {
      const cuts: Cut[] = [];
      let best: GeneralSolution | null = null;
      for (let round = 1; round <= MAX_ROUNDS; round++) {
        const { modelStatus } = model.run();
        if (modelStatus === 8) throw new GeneralQpStop("infeasible");
        if (modelStatus === 9 || modelStatus === 10) throw new GeneralQpStop(modelStatus === 10 ? "unbounded" : "infeasible");
        if (modelStatus !== 7) throw new EngineError("SOLVER_FAILURE", `the HiGHS QP solver did not reach an optimum: ${statusName(modelStatus)}`);
        const solution = model.getSolution();
        const x = canonical(qp, Float64Array.from(solution.colValue.subarray(0, qp.m)));
        // HiGHS's row duals (its sign) as π of generalKkt: the one of the two signs whose reduced costs agree with HiGHS's.
        const raw = solution.rowDual;
        const mult = multipliersFrom(qp, x, raw, cuts, solution.colDual);
        const own = { x, mult, kkt: generalKkt(qp, x, mult), solves: round };
        if (best === null || worstOf(own.kkt) < worstOf(best.kkt)) best = own;
        const polished = polish(qp, x, mult.cones, 1e-7);
        if (polished !== null && worstOf(polished.kkt) < worstOf(best.kkt)) best = { ...polished, solves: round };
        if (worstOf(best.kkt) > CONSTRAINED_KKT_TOLERANCE) {
          // A degenerate face: the point is right but the face system leaves multipliers undetermined.
          const point = best.x;
          const lp = multipliersLp(highs, qp, point, faceOf(qp, point, 1e-9));
          if (lp !== null && worstOf(lp.kkt) < worstOf(best.kkt)) best = { ...lp, solves: round };
        }
        if (worstOf(best.kkt) <= CONSTRAINED_KKT_TOLERANCE) return best;
        let added = 0;
        qp.cones.forEach((cone, k) => {
          for (const point of polished === null ? [x] : [x, polished.x]) {
            const { value, gradient } = coneValue(qp, cone, point);
            const kappa = qp.kappa >= 0 ? point[qp.kappa]! : 1;
            if (!(value > 1e-13 * Math.max(cone.tau * Math.abs(kappa), 1e-300))) continue;
            let rhs = -value;
            const index: number[] = [];
            const values: number[] = [];
            for (let j = 0; j < qp.m; j++) {
              if (gradient[j] === 0) continue;
              index.push(j);
              values.push(gradient[j]!);
              rhs += gradient[j]! * point[j]!;
            }
            model.addRows({
              lower: Float64Array.of(-highs.infinity),
              upper: Float64Array.of(rhs),
              matrix: { format: "csr", numRows: 1, numCols: qp.m, starts: Int32Array.of(0, index.length), indices: Int32Array.from(index), values: Float64Array.from(values) },
            });
            cuts.push({ cone: k, row: qp.rows.length + cuts.length });
            added++;
          }
        });
        if (added === 0) break;
      }
      return best!;
    },
  );
}

/**
 * π and λ from HiGHS's duals: π_r = ±rowDual_r (the sign whose reduced costs match HiGHS's column
 * duals), λ_k the sum of −π over the cuts of cone k (each cut is an upper-side row).
 */
function multipliersFrom(qp: GeneralQp, x: Float64Array, rowDual: Float64Array, cuts: Cut[], colDual: Float64Array): GeneralMultipliers {
  const attempt = (sign: number): GeneralMultipliers => {
    const rows = Float64Array.from(qp.rows, (_, r) => sign * rowDual[r]!);
    const cones = new Float64Array(qp.cones.length);
    for (const cut of cuts) cones[cut.cone] = cones[cut.cone]! - sign * rowDual[cut.row]!;
    return { rows, cones };
  };
  const plus = attempt(1);
  const minus = attempt(-1);
  const mismatch = (m: GeneralMultipliers) => {
    const { d } = reducedCosts(qp, x, m);
    let s = 0;
    for (let j = 0; j < qp.m; j++) s = Math.max(s, Math.abs(d[j]! - colDual[j]!));
    return s;
  };
  return mismatch(plus) <= mismatch(minus) ? plus : minus;
}
