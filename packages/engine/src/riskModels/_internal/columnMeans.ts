import type { CheckedReturnMatrix } from "./validateReturnMatrix.ts";
import { compensatedColumnMeans } from "../../linearAlgebra/compensatedColumnMeans.ts";

/**
 * The column means `m_i = (Σ_t w_t r_ti) / d` of a checked return matrix by
 * {@link compensatedColumnMeans} (Neumaier sums in t order, docs/maths.md#numbers), `w` the mean
 * weights (a number: the same every period) and `d` the divisor.
 *
 * Cost: O(T·N) time, O(N) memory.
 */
export function columnMeans(m: CheckedReturnMatrix, meanWeight: Float64Array | number, divisor: number): Float64Array {
  return compensatedColumnMeans(m.returns, m.periods, m.assets, meanWeight, divisor);
}
