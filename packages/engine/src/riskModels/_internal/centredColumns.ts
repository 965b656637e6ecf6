import { compensatedSum } from "../../_internal/compensatedSum.ts";
import type { CheckedReturnMatrix } from "./validateReturnMatrix.ts";
import { columnDot } from "./weightedCovariance.ts";

/**
 * The deviations `x_ti = r_ti − r̄_i` stored column-major (`X[i*T + t]`), r̄_i the Neumaier mean of
 * column i, and the biased (1/T) covariance `S_ij = Σ_t x_ti x_tj / T` that the shrinkage papers
 * (Ledoit & Wolf 2003/2004, Chen et al. 2010) start from. Only i <= j is computed, then mirrored.
 * Cost: O(T·N²/2).
 */
export function centredColumns(m: CheckedReturnMatrix): { X: Float64Array; S: Float64Array } {
  const { returns: R, periods: T, assets: N } = m;
  const X = new Float64Array(N * T);
  const column = new Float64Array(T);
  for (let i = 0; i < N; i++) {
    for (let t = 0; t < T; t++) column[t] = R[t * N + i]!;
    const mean = compensatedSum(column) / T;
    for (let t = 0; t < T; t++) X[i * T + t] = column[t]! - mean;
  }
  const S = new Float64Array(N * N);
  for (let i = 0; i < N; i++) {
    for (let j = i; j < N; j++) {
      S[i * N + j] = S[j * N + i] = columnDot(X, X, i * T, j * T, T) / T;
    }
  }
  return { X, S };
}
