import type { CheckedReturnMatrix } from "./validateReturnMatrix.ts";
import { deviationsColumnMajor } from "../../linearAlgebra/deviationsColumnMajor.ts";
import { columnMeans } from "./columnMeans.ts";

/**
 * The deviations `x_ti = (r_ti − m_i)·s_t` of a row-major T×N return matrix, stored column-major
 * (`X[i*T + t]`, each asset's series contiguous for the cross products), with the means
 * {@link columnMeans} (`m_i = (Σ_t w_t r_ti) / d`, Neumaier sums in t order), `w` the mean
 * weights (a number: the same every period) and `s` optional per-period scales; transposed by
 * {@link deviationsColumnMajor} (eight columns a strip, each row's cache line read once).
 *
 * Cost: O(T·N) time, O(T·N) memory.
 */
export function deviationColumns(
  m: CheckedReturnMatrix,
  meanWeight: Float64Array | number,
  divisor: number,
  scale?: Float64Array,
): Float64Array {
  const { returns: R, periods: T, assets: N } = m;
  return deviationsColumnMajor(R, T, N, columnMeans(m, meanWeight, divisor), scale);
}
