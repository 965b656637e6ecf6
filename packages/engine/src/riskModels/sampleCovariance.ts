import type { CovarianceMatrix, ReturnMatrix } from "./types.ts";
import { validateReturnMatrix } from "./_internal/validateReturnMatrix.ts";
import { weightedCovariance } from "./_internal/weightedCovariance.ts";

/**
 * Unbiased sample covariance of N assets' returns over T periods:
 * `S_ij = Σ_t (r_ti − r̄_i)(r_tj − r̄_j) / (T − 1)` (numpy's `np.cov(R, rowvar=False)`).
 * Exactly symmetric, positive semidefinite up to rounding (singular when T <= N: use a shrinkage
 * estimator such as {@link ledoitWolfCovariance} for the optimizers then). Per-period units.
 *
 * @see docs/maths.md#sample-covariance
 * Cost: O(T·N²/2).
 * @param matrix T×N row-major returns (see {@link ReturnMatrix}), T >= 2. Never mutated.
 * @throws EngineError INVALID_INPUT when `periods` is not an integer >= 2, `returns` holds a
 *   non-finite value or a count that is not a multiple of `periods`, or an entry overflows.
 * @example
 * sampleCovariance({ returns: [0.01, 0.02, -0.01, 0, 0.03, 0.01], periods: 3 }).values
 * // => Float64Array [0.0004, 0.0001, 0.0001, 0.00010000000000000002]
 */
export function sampleCovariance(matrix: ReturnMatrix): CovarianceMatrix {
  const m = validateReturnMatrix(matrix);
  return { size: m.assets, values: weightedCovariance(m, 1 / (m.periods - 1), 1 / m.periods) };
}
