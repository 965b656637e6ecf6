import { solveLowerInPlace } from "./solveLowerInPlace.ts";
import { solveUpperTransposedInPlace } from "./solveUpperTransposedInPlace.ts";

/**
 * Solves `L·Lᵀ·x = b` in place: `x` holds b on entry and the solution on return (L from
 * {@link choleskyInPlace} or {@link cholesky}): a forward then a back substitution
 * (docs/maths.md#dense-linear-algebra). Returns `x`.
 * Cost: O(n²), no allocation.
 */
export function choleskySolveInPlace(L: Float64Array, n: number, x: Float64Array): Float64Array {
  return solveUpperTransposedInPlace(L, n, solveLowerInPlace(L, n, x));
}
