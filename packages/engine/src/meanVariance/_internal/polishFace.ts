import { generalKkt, reducedCosts, worstOf, type GeneralMultipliers } from "./generalKkt.ts";
import { coneParts, coneValue, gradientOf, rowValue, type GeneralQp } from "./generalQp.ts";
import type { Kkt } from "./certify.ts";
import { solveDense } from "./solveDense.ts";

/** Which side of each bound, row and cone is held as an equality on a face. */
export interface Face {
  /** Per column: −1 at lo, +1 at hi, 0 free. */
  cols: Int8Array;
  /** Per row: −1 at lower, +1 at upper, 2 equality (lower = upper), 0 inactive. */
  rows: Int8Array;
  /** Per cone: 1 active (g = 0), 0 inactive. */
  cones: Uint8Array;
}

/** A point with its multipliers and certificate. */
export interface Polished {
  x: Float64Array;
  mult: GeneralMultipliers;
  kkt: Kkt;
}

/** |v − bound| <= tol·max(1, |bound|), false for an infinite bound. */
function near(v: number, bound: number, tol: number): boolean {
  return Number.isFinite(bound) && Math.abs(v - bound) <= tol * Math.max(1, Math.abs(bound));
}

/** The face a point lies on: every bound, row and cone within `tol` (relative) of equality. */
export function faceOf(qp: GeneralQp, x: Float64Array, tol: number): Face {
  const cols = new Int8Array(qp.m);
  for (let j = 0; j < qp.m; j++) {
    if (qp.lo[j] === qp.hi[j] || near(x[j]!, qp.lo[j]!, tol)) cols[j] = -1;
    else if (near(x[j]!, qp.hi[j]!, tol)) cols[j] = 1;
  }
  const rows = new Int8Array(qp.rows.length);
  qp.rows.forEach((row, r) => {
    if (row.lower === row.upper) rows[r] = 2;
    else {
      const v = rowValue(row, x);
      if (near(v, row.lower, tol)) rows[r] = -1;
      else if (near(v, row.upper, tol)) rows[r] = 1;
    }
  });
  const cones = new Uint8Array(qp.cones.length);
  qp.cones.forEach((cone, k) => {
    const kappa = qp.kappa >= 0 ? x[qp.kappa]! : 1;
    if (coneValue(qp, cone, x).value >= -tol * Math.max(cone.tau * Math.abs(kappa), 1e-300)) cones[k] = 1;
  });
  return { cols, rows, cones };
}

/** ∇²g of a cone at x (m × m, only the y block and κ row/column are non-zero), added times `weight` into H. */
function addConeHessian(qp: GeneralQp, k: number, x: Float64Array, weight: number, H: Float64Array, index: Int32Array): void {
  const cone = qp.cones[k]!;
  const { Sr, norm } = coneParts(qp, cone, x);
  if (!(norm > 0)) return;
  const { nW, S, m } = qp;
  // ∇²_r ‖r‖_S = S/n − (Sr)(Sr)ᵀ/n³, r = y − κb: the κ column enters with −b.
  const entry = (i: number, j: number) => S[i * nW + j]! / norm - (Sr[i]! * Sr[j]!) / (norm * norm * norm);
  const N = index.length;
  for (let a = 0; a < N; a++) {
    const i = index[a]!;
    for (let c = 0; c < N; c++) {
      const j = index[c]!;
      let v = 0;
      if (i < nW && j < nW) v = entry(i, j);
      else if (qp.kappa >= 0 && cone.b !== null && (i === qp.kappa || j === qp.kappa)) {
        const other = i === qp.kappa ? j : i;
        if (other < nW) for (let l = 0; l < nW; l++) v -= entry(other, l) * cone.b[l]!;
        else if (other === qp.kappa) for (let l = 0; l < nW; l++) for (let q = 0; q < nW; q++) v += cone.b[l]! * entry(l, q) * cone.b[q]!;
      }
      if (v !== 0 && i < m && j < m) H[a * N + c] = H[a * N + c]! + weight * v;
    }
  }
}

/**
 * Newton's method on the KKT equations of one face (a sequential QP step with the face's bounds,
 * rows and cones held as equalities): the point and multipliers that solve them exactly when the
 * face is the optimum's (one step without cones, where the equations are linear; a few with).
 * Null when the face's system is singular.
 */
export function solveFace(qp: GeneralQp, start: Float64Array, face: Face, startCones?: Float64Array): Polished | null {
  const x = Float64Array.from(start);
  for (let j = 0; j < qp.m; j++) if (face.cols[j] !== 0) x[j] = face.cols[j] === -1 ? qp.lo[j]! : qp.hi[j]!;
  const free: number[] = [];
  const position = new Int32Array(qp.m).fill(-1);
  for (let j = 0; j < qp.m; j++) if (face.cols[j] === 0) {
    position[j] = free.length;
    free.push(j);
  }
  // Active rows restricted to the free columns, kept only when independent of those kept before
  // (Gram–Schmidt): a row implied by others (a weight held at its previous value by its trade row
  // and by the budget) would make the face system singular; its multiplier is left to multipliersLp.
  const activeRows: number[] = [];
  const basis: Float64Array[] = [];
  qp.rows.forEach((row, r) => {
    if (face.rows[r] === 0) return;
    const v = new Float64Array(free.length);
    let norm = 0;
    for (let k = 0; k < row.index.length; k++) {
      const p = position[row.index[k]!]!;
      if (p >= 0) v[p] = v[p]! + row.values[k]!;
    }
    for (let a = 0; a < v.length; a++) norm = Math.max(norm, Math.abs(v[a]!));
    if (norm === 0) return;
    for (const e of basis) {
      let d = 0;
      for (let a = 0; a < v.length; a++) d += e[a]! * v[a]!;
      for (let a = 0; a < v.length; a++) v[a] = v[a]! - d * e[a]!;
    }
    let rest = 0;
    for (let a = 0; a < v.length; a++) rest += v[a]! * v[a]!;
    rest = Math.sqrt(rest);
    if (!(rest > 1e-10 * norm)) return;
    for (let a = 0; a < v.length; a++) v[a] = v[a]! / rest;
    basis.push(v);
    activeRows.push(r);
  });
  const activeCones: number[] = [];
  for (let k = 0; k < qp.cones.length; k++) if (face.cones[k] === 1) activeCones.push(k);
  const nf = free.length;
  const N = nf + activeRows.length + activeCones.length;
  const pi = new Float64Array(qp.rows.length);
  const lambda = new Float64Array(qp.cones.length);
  if (startCones !== undefined) for (const k of activeCones) lambda[k] = Math.max(0, startCones[k]!);
  const freeIndex = Int32Array.from(free);
  const rounds = activeCones.length === 0 ? 1 : 40;
  for (let round = 0; round < rounds; round++) {
    const M = new Float64Array(N * N);
    const rhs = new Float64Array(N);
    const g = gradientOf(qp, x);
    // Hessian of f on the free columns.
    for (let a = 0; a < nf; a++) {
      const i = free[a]!;
      for (let c = 0; c < nf; c++) {
        const j = free[c]!;
        let v = 0;
        if (i < qp.nW && j < qp.nW) v = 2 * qp.sFactor * qp.S[i * qp.nW + j]!;
        if (i === j) v += 2 * qp.diag[i]!;
        M[a * N + c] = v;
      }
      rhs[a] = -g[i]!;
    }
    if (activeCones.length > 0) {
      const H = new Float64Array(nf * nf);
      for (const k of activeCones) addConeHessian(qp, k, x, lambda[k]!, H, freeIndex);
      for (let a = 0; a < nf; a++) for (let c = 0; c < nf; c++) M[a * N + c] = M[a * N + c]! + H[a * nf + c]!;
    }
    activeRows.forEach((r, q) => {
      const row = qp.rows[r]!;
      const at = nf + q;
      for (let k = 0; k < row.index.length; k++) {
        const p = position[row.index[k]!]!;
        if (p < 0) continue;
        M[p * N + at] = M[p * N + at]! - row.values[k]!;
        M[at * N + p] = M[at * N + p]! + row.values[k]!;
      }
      const target = face.rows[r] === 1 ? row.upper : row.lower;
      rhs[at] = target - rowValue(row, x);
    });
    activeCones.forEach((k, q) => {
      const at = nf + activeRows.length + q;
      const { value, gradient } = coneValue(qp, qp.cones[k]!, x);
      for (let a = 0; a < nf; a++) {
        M[a * N + at] = M[a * N + at]! + gradient[free[a]!]!;
        M[at * N + a] = gradient[free[a]!]!;
      }
      rhs[at] = -value;
    });
    const z = solveDense(M, rhs, N);
    if (z === null) return null;
    let step = 0;
    let size = 1;
    for (let a = 0; a < nf; a++) {
      const j = free[a]!;
      x[j] = x[j]! + z[a]!;
      step = Math.max(step, Math.abs(z[a]!));
      size = Math.max(size, Math.abs(x[j]!));
    }
    activeRows.forEach((r, q) => {
      pi[r] = z[nf + q]!;
    });
    activeCones.forEach((k, q) => {
      lambda[k] = z[nf + activeRows.length + q]!;
    });
    if (round > 0 && step <= 1e-15 * size) break;
  }
  const mult = { rows: pi, cones: lambda };
  for (let j = 0; j < qp.m; j++) if (!Number.isFinite(x[j]!)) return null;
  return { x, mult, kkt: generalKkt(qp, x, mult) };
}

/**
 * Polishes an approximate optimum (the solver's point) onto its face and corrects the face a few
 * times, as a primal–dual active-set method does: a bound, row or cone whose multiplier has the
 * wrong sign is released, a bound or row the point breaks is held. Returns the best certified point
 * found (the smallest largest residual), or null when no face system could be solved.
 */
export function polish(qp: GeneralQp, start: Float64Array, startCones: Float64Array | undefined, tol: number): Polished | null {
  const face = faceOf(qp, start, tol);
  let best: Polished | null = null;
  let x = start;
  for (let round = 0; round < 12; round++) {
    const p = solveFace(qp, x, face, startCones);
    if (p === null) return best;
    if (best === null || worstOf(p.kkt) < worstOf(best.kkt)) best = p;
    if (worstOf(p.kkt) <= 1e-12) return p;
    const changed = correctFace(qp, p, face);
    if (!changed) return best;
    x = p.x;
  }
  return best;
}

/** Moves the worst offender into or out of the face; false when nothing is wrong enough to move. */
function correctFace(qp: GeneralQp, p: Polished, face: Face): boolean {
  const { d, scale } = reducedCosts(qp, p.x, p.mult);
  let top = 0;
  for (let j = 0; j < qp.m; j++) top = Math.max(top, scale[j]!);
  let worst = 1e-12;
  let act: (() => void) | null = null;
  for (let j = 0; j < qp.m; j++) {
    const v = p.x[j]!;
    const over = Math.max(qp.lo[j]! - v, v - qp.hi[j]!);
    if (face.cols[j] === 0 && over > worst) {
      worst = over;
      act = () => (face.cols[j] = qp.lo[j]! - v > 0 ? -1 : 1);
    }
    if (qp.lo[j] === qp.hi[j]) continue;
    const wrong = face.cols[j] === -1 ? -d[j]! : face.cols[j] === 1 ? d[j]! : 0;
    if (wrong / top > worst) {
      worst = wrong / top;
      act = () => (face.cols[j] = 0);
    }
  }
  qp.rows.forEach((row, r) => {
    const v = rowValue(row, p.x);
    const over = Math.max(row.lower - v, v - row.upper) / Math.max(1, Math.abs(v));
    if (face.rows[r] === 0 && over > worst) {
      worst = over;
      act = () => (face.rows[r] = row.lower - v > 0 ? -1 : 1);
    }
    const pi = p.mult.rows[r]!;
    const wrong = face.rows[r] === -1 ? -pi : face.rows[r] === 1 ? pi : 0;
    if (wrong / top > worst) {
      worst = wrong / top;
      act = () => (face.rows[r] = 0);
    }
  });
  qp.cones.forEach((cone, k) => {
    const { value } = coneValue(qp, cone, p.x);
    if (face.cones[k] === 0 && value > worst * cone.tau) {
      worst = value / cone.tau;
      act = () => (face.cones[k] = 1);
    }
    if (face.cones[k] === 1 && -p.mult.cones[k]! / top > worst) {
      worst = -p.mult.cones[k]! / top;
      act = () => (face.cones[k] = 0);
    }
  });
  if (act === null) return false;
  (act as () => void)();
  return true;
}
