/**
 * Overwrites the lower triangle of the symmetric n×n matrix `A` (row-major; only the lower
 * triangle is read, the strict upper triangle is left as it is) with its Cholesky factor L,
 * A = L·Lᵀ, row by row: `L_ab = (A_ab − Σ_{k<b} L_ak·L_bk) / L_bb`, `L_aa = √(A_aa − Σ_{k<a} L_ak²)`
 * (Golub & Van Loan 2013, "Matrix Computations", §4.2). Returns false, leaving `A` partly
 * overwritten, when a pivot is not > 0: A is not positive definite to rounding. With
 * `relativePivot` = ε > 0, a pivot must also exceed `ε·A_aa` (the covariance validator's rule for
 * "definite", docs/maths.md#covariance-rules), so a matrix singular on a subset is caught whatever
 * the sign its last pivot takes from rounding.
 *
 * The engine's one dense factorisation (docs/maths.md#dense-linear-algebra): the mean–variance
 * faces, the budget-and-bounds QP, risk budgeting and Black–Litterman all factor through it.
 * Cost: O(n³/3), no allocation.
 */
export function choleskyInPlace(A: Float64Array, n: number, relativePivot = 0): boolean {
  for (let a = 0; a < n; a++) {
    const ra = a * n;
    for (let b = 0; b <= a; b++) {
      const rb = b * n;
      const entry = A[ra + b]!;
      let s = entry;
      for (let k = 0; k < b; k++) s -= A[ra + k]! * A[rb + k]!;
      if (a === b) {
        if (!(s > 0) || !(s > relativePivot * entry)) return false;
        A[ra + a] = Math.sqrt(s);
      } else A[ra + b] = s / A[rb + b]!;
    }
  }
  return true;
}
