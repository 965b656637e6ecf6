/**
 * The parametric QP behind every mean–variance method (docs/maths.md#critical-line):
 *
 *   P(t):  minimise ½ wᵀΣw − t·μᵀw   s.t.   Σ w_i = 1,   lo_i <= w_i <= hi_i,
 *
 * Σ symmetric positive definite (dense, row-major n×n), t >= 0. Its KKT conditions, with ν the
 * multiplier of the budget: g_i = (Σw)_i − t·μ_i − ν is 0 on free weights, >= 0 at lo, <= 0 at hi.
 */
export interface QpProblem {
  n: number;
  Sigma: Float64Array;
  mu: Float64Array;
  lo: Float64Array;
  hi: Float64Array;
}

/** Which bound each weight sits at: -1 lo, +1 hi, 0 free. */
export type BoundState = Int8Array;

/**
 * y = Σx, skipping the zero entries of x (most weights sit at a zero lower bound, and a face's
 * direction q is zero off the free set). Cost O(n·nnz(x)).
 */
export function multiply(P: QpProblem, x: Float64Array, out = new Float64Array(P.n)): Float64Array {
  const { n, Sigma } = P;
  const nz = new Int32Array(n);
  let count = 0;
  for (let j = 0; j < n; j++) if (x[j] !== 0) nz[count++] = j;
  for (let i = 0; i < n; i++) {
    const row = i * n;
    let s = 0;
    for (let k = 0; k < count; k++) {
      const j = nz[k]!;
      s += Sigma[row + j]! * x[j]!;
    }
    out[i] = s;
  }
  return out;
}

export function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}
