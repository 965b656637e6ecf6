import { choleskyInPlace } from "./choleskyInPlace.ts";

/**
 * Cholesky factor L (lower, row-major, zeros above the diagonal; a fresh array) of the symmetric
 * positive-definite n×n matrix `a`, or `undefined` when a pivot is not > 0. Only the lower
 * triangle of `a` is read; `a` is not changed. The same arithmetic, in the same order, as
 * {@link choleskyInPlace} (docs/maths.md#dense-linear-algebra).
 * Cost: O(n³/3).
 */
export function cholesky(a: ArrayLike<number>, n: number): Float64Array | undefined {
  const L = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j <= i; j++) L[i * n + j] = a[i * n + j]!;
  return choleskyInPlace(L, n) ? L : undefined;
}
