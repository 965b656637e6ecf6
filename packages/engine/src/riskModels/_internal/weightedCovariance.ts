import type { CheckedReturnMatrix } from "./validateReturnMatrix.ts";
import { centredGramMatrix } from "../../linearAlgebra/centredGramMatrix.ts";
import { columnMeans } from "./columnMeans.ts";

/**
 * `C_ij = Σ_t a_t (r_ti − m_i)(r_tj − m_j)` with `m_i = Σ_t b_t r_ti` (b the mean weights, summing
 * to 1; `a` the cross-product weights): the shared kernel of the sample (a_t = 1/(T−1), b_t = 1/T)
 * and exponentially weighted covariances. The means use Neumaier sums ({@link columnMeans}); the
 * cross products of the deviations are taken by {@link centredGramMatrix} (the deviations formed
 * while the returns are copied into the Gram kernel; the upper triangle, mirrored: exactly symmetric).
 *
 * Cost: O(T·N²/2) time, O(T·N + N²) memory.
 * @throws EngineError INVALID_INPUT when an entry overflows a float64 (returns around 1e154).
 */
export function weightedCovariance(
  m: CheckedReturnMatrix,
  crossWeight: Float64Array | number,
  meanWeight: Float64Array | number,
): Float64Array {
  const { returns: R, periods: T, assets: N } = m;
  // Deviations scaled by sqrt(a_t) when the cross-product weights vary over time, else the one
  // weight multiplies the cross products at the end.
  const rootWeight = typeof crossWeight === "number" ? undefined : crossWeight.map(Math.sqrt);
  const mean = columnMeans(m, meanWeight, 1);
  return centredGramMatrix(R, T, N, mean, typeof crossWeight === "number" ? crossWeight : 1, rootWeight);
}
