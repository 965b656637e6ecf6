import { EPS } from "../_internal/tolerance.ts";
import { choleskyInPlace } from "../linearAlgebra/choleskyInPlace.ts";
import { choleskySolveInPlace } from "../linearAlgebra/choleskySolveInPlace.ts";
import { multiply, type BoundState, type QpProblem } from "./qpProblem.ts";

/**
 * The optimum of P(t) on one face (the weights in `state` ±1 fixed at their bound, the others
 * free), for every t at once: it is affine in t, `w(t) = p + t·q`, `ν(t) = ν0 + t·ν1`, and so is
 * every multiplier, `g(t) = G0 + t·G1` (0 on free weights). With F the free set and B the rest,
 * `a = Σ_FF⁻¹ 1`, `b = Σ_FF⁻¹ μ_F`, `d = Σ_FF⁻¹ Σ_FB w_B`:
 *   ν0 = (1 − 1ᵀw_B + 1ᵀd) / 1ᵀa,  ν1 = −1ᵀb / 1ᵀa,  p_F = ν0·a − d,  q_F = ν1·a + b.
 * μ is centred on the free set first (ν0, ν1 are then the multipliers of the centred problem;
 * the weights and the G's do not change).
 * An empty free set (a vertex) has no ν of its own: `free` is 0 and ν0, ν1 are 0 (the callers
 * pick ν in the interval the multipliers allow).
 * Cost: O(n·|F| + |F|³/3).
 */
export interface Face {
  free: number;
  p: Float64Array;
  q: Float64Array;
  nu0: number;
  nu1: number;
  G0: Float64Array;
  G1: Float64Array;
}

/**
 * Thrown when Σ_FF is singular on a face (collinear or duplicated assets among the free weights):
 * the caller names the cause (singularCause) in an INVALID_INPUT. `free` holds the face's indices.
 */
export class SingularFace extends Error {
  readonly free: readonly number[];
  constructor(free: readonly number[]) {
    super("the covariance is singular on the free weights of a face");
    this.name = "SingularFace";
    this.free = free;
  }
}

export function solveFace(P: QpProblem, state: BoundState): Face {
  const { n, Sigma, mu, lo, hi } = P;
  const F: number[] = [];
  const p = new Float64Array(n);
  const q = new Float64Array(n);
  let fixedSum = 0;
  for (let i = 0; i < n; i++) {
    if (state[i] === 0) F.push(i);
    else {
      p[i] = state[i] === -1 ? lo[i]! : hi[i]!;
      fixedSum += p[i]!;
    }
  }
  const m = F.length;
  let nu0 = 0;
  let nu1 = 0;
  if (m > 0) {
    const L = new Float64Array(m * m);
    for (let a = 0; a < m; a++) {
      const row = F[a]! * n;
      for (let b = 0; b <= a; b++) L[a * m + b] = Sigma[row + F[b]!]!;
    }
    // Σ definite (every pivot > EPS·Σ_kk, the validator's rule) makes every Σ_FF so, with pivots at
    // least as large (conditioning on fewer assets leaves more variance): a pivot at or below EPS·Σ_kk
    // proves Σ singular on F to rounding, whichever sign rounding gave it.
    if (!choleskyInPlace(L, m, EPS)) throw new SingularFace(F);
    const one = new Float64Array(m).fill(1);
    const b = new Float64Array(m);
    const d = new Float64Array(m);
    // The path is unchanged by μ → μ − c·1 (only ν moves): centring μ on the free set makes
    // b = Σ_FF⁻¹(μ_F − c) carry the differences of μ exactly (Sterbenz), so q = ν1·a + b does not
    // lose them to cancellation when the returns are nearly equal and t is huge.
    let shift = 0;
    for (const i of F) shift += mu[i]! / m;
    const fixedNonzero: number[] = [];
    for (let j = 0; j < n; j++) if (state[j] !== 0 && p[j] !== 0) fixedNonzero.push(j);
    for (let k = 0; k < m; k++) {
      const i = F[k]!;
      b[k] = mu[i]! - shift;
      let s = 0;
      const row = i * n;
      for (const j of fixedNonzero) s += Sigma[row + j]! * p[j]!;
      d[k] = s;
    }
    choleskySolveInPlace(L, m, one);
    choleskySolveInPlace(L, m, b);
    choleskySolveInPlace(L, m, d);
    let sa = 0;
    let sb = 0;
    let sd = 0;
    for (let k = 0; k < m; k++) {
      sa += one[k]!;
      sb += b[k]!;
      sd += d[k]!;
    }
    nu0 = (1 - fixedSum + sd) / sa;
    nu1 = -sb / sa;
    // The budget holds exactly on the face (1ᵀp_F = 1 − 1ᵀw_B, 1ᵀq_F = 0); rounding is spread evenly,
    // so that a lone free weight (m = 1) is constant, not drifting toward a bound.
    let pSum = 0;
    let qSum = 0;
    for (let k = 0; k < m; k++) {
      const i = F[k]!;
      p[i] = nu0 * one[k]! - d[k]!;
      q[i] = nu1 * one[k]! + b[k]!;
      pSum += p[i]!;
      qSum += q[i]!;
    }
    const pFix = (1 - fixedSum - pSum) / m;
    const qFix = -qSum / m;
    for (let k = 0; k < m; k++) {
      const i = F[k]!;
      p[i] = m === 1 ? 1 - fixedSum : p[i]! + pFix;
      q[i] = m === 1 ? 0 : q[i]! + qFix;
    }
  }
  const shift = m > 0 ? shiftOf(mu, state) : 0;
  const G0 = multiply(P, p);
  const G1 = multiply(P, q);
  for (let i = 0; i < n; i++) {
    if (state[i] === 0) {
      G0[i] = 0;
      G1[i] = 0;
    } else {
      G0[i] = G0[i]! - nu0;
      G1[i] = G1[i]! - (mu[i]! - shift) - nu1;
    }
  }
  return { free: m, p, q, nu0, nu1, G0, G1 };
}

/** The mean of μ over the free weights (the same sum, in the same order, as in {@link solveFace}). */
function shiftOf(mu: Float64Array, state: BoundState): number {
  let m = 0;
  for (let i = 0; i < state.length; i++) if (state[i] === 0) m++;
  let shift = 0;
  for (let i = 0; i < state.length; i++) if (state[i] === 0) shift += mu[i]! / m;
  return shift;
}
