/**
 * Forward substitution: overwrites `x` with the solution of `L·y = x`, L lower triangular
 * (row-major n×n, only the lower triangle read, non-zero diagonal), e.g. a factor from
 * {@link choleskyInPlace}: `y_a = (x_a − Σ_{k<a} L_ak·y_k) / L_aa`. Returns `x`.
 * Cost: O(n²/2), no allocation.
 */
export function solveLowerInPlace(L: Float64Array, n: number, x: Float64Array): Float64Array {
  for (let a = 0; a < n; a++) {
    let s = x[a]!;
    const ra = a * n;
    for (let k = 0; k < a; k++) s -= L[ra + k]! * x[k]!;
    x[a] = s / L[ra + a]!;
  }
  return x;
}
