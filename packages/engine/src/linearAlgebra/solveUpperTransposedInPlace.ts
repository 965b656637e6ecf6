/**
 * Back substitution with the transpose of a lower-triangular L: overwrites `x` with the solution of
 * `Lᵀ·y = x` (L row-major n×n, only the lower triangle read, non-zero diagonal):
 * `y_a = (x_a − Σ_{k>a} L_ka·y_k) / L_aa`. Returns `x`.
 * Cost: O(n²/2), no allocation.
 */
export function solveUpperTransposedInPlace(L: Float64Array, n: number, x: Float64Array): Float64Array {
  for (let a = n - 1; a >= 0; a--) {
    let s = x[a]!;
    for (let k = a + 1; k < n; k++) s -= L[k * n + a]! * x[k]!;
    x[a] = s / L[a * n + a]!;
  }
  return x;
}
