import type { AssetReturns } from "../data/assetReturns.ts";
import type { Covariance } from "../data/covariance.ts";
import type { ReturnMatrix } from "./types.ts";
import { labelCovariance } from "./_internal/labelCovariance.ts";
import { readReturns } from "./_internal/readReturns.ts";
import { weightedCovariance } from "./_internal/weightedCovariance.ts";

/**
 * Unbiased sample covariance of N assets' returns over T periods:
 * `S_ij = Σ_t (r_ti − r̄_i)(r_tj − r̄_j) / (T − 1)` (numpy's `np.cov(R, rowvar=False)`).
 * Exactly symmetric, positive semidefinite up to rounding (singular when T <= N or when assets are
 * collinear: `definite` says which; use a shrinkage estimator such as {@link ledoitWolfCovariance}
 * for the mean–variance optimizers then). Per period², labelled with the returns' ids and
 * frequency (docs/maths.md#labelled-data).
 *
 * @see docs/maths.md#sample-covariance
 * Cost: O(T·N²/2) (the upper triangle of one cross product, in 3×3 register blocks), plus O(N³/3)
 * for the `definite` check.
 * @param matrix T×N returns: an {@link AssetReturns} (ids and frequency kept), or a bare
 *   {@link ReturnMatrix} (labelled "0", "1", … with one period a year), T >= 2. Never mutated.
 * @throws EngineError INVALID_INPUT when `periods` is not an integer >= 2, `returns` holds a
 *   non-finite value or a count that is not a multiple of `periods`, an entry overflows, or an
 *   asset's returns are constant (variance 0, named).
 * @example
 * const S = sampleCovariance(assetReturns([[0.01, 0.02], [-0.01, 0], [0.03, 0.01]], { assets: ["A", "B"], frequency: "daily" }));
 * [S.assets, S.values] // => [["A", "B"], Float64Array [0.00039999999999999996, 0.00009999999999999999, 0.00009999999999999999, 0.0001]]
 */
export function sampleCovariance(matrix: AssetReturns | ReturnMatrix): Covariance {
  const m = readReturns(matrix);
  return labelCovariance(m, weightedCovariance(m, 1 / (m.periods - 1), 1 / m.periods));
}
