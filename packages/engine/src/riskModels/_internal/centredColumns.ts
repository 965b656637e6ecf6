import type { CheckedReturnMatrix } from "./validateReturnMatrix.ts";
import { gramMatrix } from "../../linearAlgebra/gramMatrix.ts";
import { deviationColumns } from "./deviationColumns.ts";

/**
 * The deviations `x_ti = r_ti − r̄_i` stored column-major (`X[i*T + t]`), r̄_i the Neumaier mean of
 * column i, and the biased (1/T) covariance `S_ij = Σ_t x_ti x_tj / T` that the shrinkage papers
 * (Ledoit & Wolf 2003/2004, Chen et al. 2010) start from. The cross products by {@link gramMatrix}
 * (upper triangle, mirrored).
 * Cost: O(T·N²/2).
 */
export function centredColumns(m: CheckedReturnMatrix): { X: Float64Array; S: Float64Array } {
  const { periods: T, assets: N } = m;
  const X = deviationColumns(m, 1, T);
  return { X, S: gramMatrix(X, T, N, 1 / T) };
}
