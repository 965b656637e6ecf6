import type { CheckedReturnMatrix } from "./validateReturnMatrix.ts";
import { centredGramMatrix } from "../../linearAlgebra/centredGramMatrix.ts";
import { columnMeans } from "./columnMeans.ts";

/**
 * The means `r̄_i = (Σ_t r_ti) / T` (Neumaier sums, {@link columnMeans}) and the biased (1/T)
 * covariance `S_ij = Σ_t x_ti x_tj / T` of the deviations `x_ti = r_ti − r̄_i` that the shrinkage
 * papers (Ledoit & Wolf 2003/2004, Chen et al. 2010) start from, by {@link centredGramMatrix}
 * (the deviations formed while the returns are copied into the Gram kernel; upper triangle,
 * mirrored). A deviation the caller needs again is `R[t·N + i] − mean[i]`, the same subtraction:
 * the same value.
 * Cost: O(T·N²/2).
 */
export function centredColumns(m: CheckedReturnMatrix): { mean: Float64Array; S: Float64Array } {
  const { returns: R, periods: T, assets: N } = m;
  const mean = columnMeans(m, 1, T);
  return { mean, S: centredGramMatrix(R, T, N, mean, 1 / T) };
}
