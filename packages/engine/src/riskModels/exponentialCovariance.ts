import { readOptions } from "../_internal/readOptions.ts";
import type { AssetReturns } from "../data/assetReturns.ts";
import type { Covariance } from "../data/covariance.ts";
import type { ReturnMatrix } from "./types.ts";
import { exponentialWeights } from "./_internal/exponentialWeights.ts";
import { labelCovariance } from "./_internal/labelCovariance.ts";
import { readReturns } from "./_internal/readReturns.ts";
import { weightedCovariance } from "./_internal/weightedCovariance.ts";

/** Options of {@link exponentialCovariance}. */
export interface ExponentialCovarianceOptions {
  /** Span s of the exponential weights, α = 2/(s + 1): finite, > 1; default 180 (periods). */
  span?: number;
}

/**
 * Exponentially weighted covariance: weights `w_t ∝ (1 − α)^(T−1−t)` summing to 1 (α = 2/(span+1),
 * the latest period heaviest), weighted means `m_i = Σ_t w_t r_ti`, and
 * `C_ij = Σ_t w_t (r_ti − m_i)(r_tj − m_j) / (1 − Σ_t w_t²)`, the unbiased form for reliability
 * weights (it is {@link sampleCovariance} when α → 0, and pandas' `ewm(span, adjust=True).cov()`
 * at the last period). Symmetric PSD, per period², labelled like the returns.
 *
 * @see docs/maths.md#exponentially-weighted-covariance
 * Cost: O(T·N²/2), plus O(N³/3) for the `definite` check.
 * @param matrix T×N returns: an {@link AssetReturns}, or a bare {@link ReturnMatrix} (labelled by
 *   position, one period a year), T >= 2. Never mutated.
 * @param options see {@link ExponentialCovarianceOptions}.
 * @throws EngineError INVALID_INPUT when the matrix or `span` breaks its rule, an entry overflows,
 *   or an asset's estimated variance is 0 (named).
 * @example
 * exponentialCovariance({ returns: [0.01, 0.02, -0.01, 0, 0.03, 0.01], periods: 3 }, { span: 3 }).values[0]
 * // => 0.0005428571428571429
 */
export function exponentialCovariance(
  matrix: AssetReturns | ReturnMatrix,
  options: ExponentialCovarianceOptions = {},
): Covariance {
  const m = readReturns(matrix);
  const { span = 180 } = readOptions<ExponentialCovarianceOptions>(options, "{ span? }", ["span"]);
  const w = exponentialWeights(span, m.periods);
  let sq = 0;
  for (let t = 0; t < w.length; t++) sq += w[t]! ** 2;
  const cross = new Float64Array(w.length);
  for (let t = 0; t < w.length; t++) cross[t] = w[t]! / (1 - sq);
  return labelCovariance(m, weightedCovariance(m, cross, w));
}
