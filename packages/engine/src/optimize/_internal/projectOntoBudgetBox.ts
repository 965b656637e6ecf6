import { projectOntoBounds } from "../../_internal/projectOntoBounds.ts";

/**
 * Euclidean projection onto {w : Σ w_i = 1, lo <= w_i <= hi}: `w_i = clip(v_i − ν, lo, hi)` with the
 * ν that makes the sum 1 (the KKT conditions of min ‖w − v‖²). `g(ν) = Σ clip(v_i − ν, lo, hi)` is
 * continuous, piecewise linear and non-increasing with breakpoints `v_i − hi` and `v_i − lo`; a
 * binary search over the sorted breakpoints finds the segment where g crosses 1, then ν is solved
 * in closed form on it. Preconditions: `n·lo <= 1 <= n·hi`, `lo < hi`.
 *
 * The same bounds for every weight: {@link projectOntoBounds} with constant `lo` and `hi`.
 *
 * Cost: O(n log n).
 */
export function projectOntoBudgetBox(
  v: Float64Array,
  lo: number,
  hi: number,
  out: Float64Array = new Float64Array(v.length),
): Float64Array {
  return projectOntoBounds(v, new Float64Array(v.length).fill(lo), new Float64Array(v.length).fill(hi), out);
}
