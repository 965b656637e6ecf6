/**
 * In-place Cholesky factor L (lower, row-major m×m) of the symmetric matrix in `A`; returns false
 * when a pivot is not > 0 (A not positive definite to rounding). Cost O(m³/3).
 */
export function choleskyInPlace(A: Float64Array, m: number): boolean {
  for (let a = 0; a < m; a++) {
    const ra = a * m;
    for (let b = 0; b <= a; b++) {
      const rb = b * m;
      let s = A[ra + b]!;
      for (let k = 0; k < b; k++) s -= A[ra + k]! * A[rb + k]!;
      if (a === b) {
        if (!(s > 0)) return false;
        A[ra + a] = Math.sqrt(s);
      } else A[ra + b] = s / A[rb + b]!;
    }
  }
  return true;
}

/** Solves L Lᵀ x = rhs in place (L from {@link choleskyInPlace}). Cost O(m²). */
export function choleskySolveInPlace(L: Float64Array, m: number, x: Float64Array): Float64Array {
  for (let a = 0; a < m; a++) {
    let s = x[a]!;
    const ra = a * m;
    for (let k = 0; k < a; k++) s -= L[ra + k]! * x[k]!;
    x[a] = s / L[ra + a]!;
  }
  for (let a = m - 1; a >= 0; a--) {
    let s = x[a]!;
    for (let k = a + 1; k < m; k++) s -= L[k * m + a]! * x[k]!;
    x[a] = s / L[a * m + a]!;
  }
  return x;
}
