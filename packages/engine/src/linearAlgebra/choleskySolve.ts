import { choleskySolveInPlace } from "./choleskySolveInPlace.ts";

/**
 * Solves `L·Lᵀ·x = b` into a fresh array (`b` is not changed), L from {@link cholesky}
 * (docs/maths.md#dense-linear-algebra). Cost: O(n²).
 */
export function choleskySolve(L: Float64Array, n: number, b: ArrayLike<number>): Float64Array {
  return choleskySolveInPlace(L, n, Float64Array.from(b));
}
