/**
 * The convex problem every constrained mean–variance method is written as (docs/maths.md#mean-variance-under-constraints):
 *
 *   minimise  f(x) = yᵀSy·s + Σ_j d_j·x_j² + cᵀx
 *   s.t.      L_r <= a_rᵀx <= U_r   (rows),   lo_j <= x_j <= hi_j   (columns),
 *             g_k(x) = √((y − κb_k)ᵀS(y − κb_k)) − τ_k·κ <= 0   (cones; κ = 1 when the problem has no κ column),
 *
 * y the first `nW` columns (the weights, or the Cornuéjols–Tütüncü scaled weights), S the scaled
 * covariance (nW × nW, positive semi-definite), κ the homogenising column when there is one.
 */
export interface GeneralQp {
  /** Number of columns. */
  m: number;
  /** The first nW columns are y. */
  nW: number;
  /** S, nW × nW row-major. */
  S: Float64Array;
  /** s, the factor of yᵀSy in f. */
  sFactor: number;
  /** d_j per column (the L2 term), >= 0. */
  diag: Float64Array;
  cost: Float64Array;
  lo: Float64Array;
  hi: Float64Array;
  rows: GeneralRow[];
  cones: GeneralCone[];
  /** Column of κ, or −1. */
  kappa: number;
  /** Column pairs (u, v) entering only as u − v and with costs >= 0 (trades, long and short parts), flattened: equal shifts of both change nothing but the cost. */
  pairs: Int32Array;
}

/** One row `lower <= Σ values[k]·x[index[k]] <= upper` (±Infinity for an open side), named after the rule it encodes. */
export interface GeneralRow {
  name: string;
  index: Int32Array;
  values: Float64Array;
  lower: number;
  upper: number;
}

/** One second-order cone `√((y − κb)ᵀS(y − κb)) <= τ·κ` (b null: zero). */
export interface GeneralCone {
  name: string;
  b: Float64Array | null;
  tau: number;
}

/** yᵀSy's gradient part: S·v (dense). */
export function multiplyS(qp: GeneralQp, v: Float64Array, offset = 0): Float64Array {
  const { nW, S } = qp;
  const out = new Float64Array(nW);
  for (let i = 0; i < nW; i++) {
    let s = 0;
    const row = i * nW;
    for (let j = 0; j < nW; j++) s += S[row + j]! * v[offset + j]!;
    out[i] = s;
  }
  return out;
}

/** f(x). */
export function objectiveOf(qp: GeneralQp, x: Float64Array): number {
  const Sy = multiplyS(qp, x);
  let f = 0;
  for (let i = 0; i < qp.nW; i++) f += qp.sFactor * x[i]! * Sy[i]!;
  for (let j = 0; j < qp.m; j++) f += qp.diag[j]! * x[j]! * x[j]! + qp.cost[j]! * x[j]!;
  return f;
}

/** ∇f(x). */
export function gradientOf(qp: GeneralQp, x: Float64Array): Float64Array {
  const g = new Float64Array(qp.m);
  const Sy = multiplyS(qp, x);
  for (let i = 0; i < qp.nW; i++) g[i] = 2 * qp.sFactor * Sy[i]!;
  for (let j = 0; j < qp.m; j++) g[j] = g[j]! + 2 * qp.diag[j]! * x[j]! + qp.cost[j]!;
  return g;
}

/** r = y − κb, S·r and √(rᵀSr) of one cone at x. */
export function coneParts(
  qp: GeneralQp,
  cone: GeneralCone,
  x: Float64Array,
): { r: Float64Array; Sr: Float64Array; norm: number; kappa: number } {
  const kappa = qp.kappa >= 0 ? x[qp.kappa]! : 1;
  const r = new Float64Array(qp.nW);
  for (let i = 0; i < qp.nW; i++) r[i] = x[i]! - (cone.b === null ? 0 : kappa * cone.b[i]!);
  const Sr = multiplyS(qp, r);
  let q = 0;
  for (let i = 0; i < qp.nW; i++) q += r[i]! * Sr[i]!;
  return { r, Sr, norm: Math.sqrt(Math.max(0, q)), kappa };
}

/** g(x) of one cone and its gradient (zero gradient in y when y = κb). */
export function coneValue(
  qp: GeneralQp,
  cone: GeneralCone,
  x: Float64Array,
): { value: number; gradient: Float64Array } {
  const { Sr, norm, kappa } = coneParts(qp, cone, x);
  const gradient = new Float64Array(qp.m);
  if (norm > 0) {
    let bSr = 0;
    for (let i = 0; i < qp.nW; i++) {
      gradient[i] = Sr[i]! / norm;
      if (cone.b !== null) bSr += cone.b[i]! * Sr[i]!;
    }
    if (qp.kappa >= 0) gradient[qp.kappa] = -bSr / norm - cone.tau;
  } else if (qp.kappa >= 0) gradient[qp.kappa] = -cone.tau;
  return { value: norm - cone.tau * kappa, gradient };
}

/** a_rᵀx. */
export function rowValue(row: GeneralRow, x: Float64Array): number {
  let s = 0;
  for (let k = 0; k < row.index.length; k++) s += row.values[k]! * x[row.index[k]!]!;
  return s;
}
