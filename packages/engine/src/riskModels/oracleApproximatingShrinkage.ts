import type { AssetReturns } from "../data/assetReturns.ts";
import type { ReturnMatrix } from "./types.ts";
import type { ShrunkCovariance } from "./ledoitWolfCovariance.ts";
import { centredColumns } from "./_internal/centredColumns.ts";
import { finiteMatrix } from "./_internal/finiteMatrix.ts";
import { labelCovariance } from "./_internal/labelCovariance.ts";
import { readReturns } from "./_internal/readReturns.ts";

/**
 * Oracle Approximating Shrinkage (Chen, Wiesel, Eldar & Hero 2010, "Shrinkage algorithms for MMSE
 * covariance estimation", IEEE Trans. Signal Processing 58, eq. 23): `Σ̂ = (1 − ρ)·S + ρ·(tr S / N)·I`
 * with S the biased (1/T) sample covariance and
 * `ρ = min(1, ((1 − 2/N)·tr(S²) + tr(S)²) / ((T + 1 − 2/N)·(tr(S²) − tr(S)²/N)))`
 * (ρ = 1 when S is already a multiple of I, the denominator then being 0). Per period², labelled
 * like the returns.
 *
 * @see docs/maths.md#oracle-approximating-shrinkage
 * Cost: O(T·N²/2), plus O(N³/3) for the `definite` check.
 * @param matrix T×N returns: an {@link AssetReturns}, or a bare {@link ReturnMatrix} (labelled by
 *   position, one period a year), T >= 2. Never mutated.
 * @throws EngineError INVALID_INPUT when the matrix breaks its rule, an entry overflows, or an
 *   asset's estimated variance is 0 (named).
 * @example
 * oracleApproximatingShrinkage({ returns: [0.01, 0.02, -0.01, 0, 0.03, 0.01, 0.02, -0.02], periods: 4 }).shrinkage
 * // => 1 (four periods: fully shrunk)
 */
export function oracleApproximatingShrinkage(matrix: AssetReturns | ReturnMatrix): ShrunkCovariance {
  const m = readReturns(matrix);
  const { periods: T, assets: N } = m;
  const { S } = centredColumns(m);
  let trace = 0;
  let trace2 = 0; // tr(S²) = ‖S‖²_F for symmetric S
  for (let i = 0; i < N; i++) trace += S[i * N + i]!;
  for (let k = 0; k < N * N; k++) trace2 += S[k]! ** 2;
  const mu = trace / N;
  const numerator = (1 - 2 / N) * trace2 + trace * trace;
  const denominator = (T + 1 - 2 / N) * (trace2 - (trace * trace) / N);
  const rho = denominator > 0 ? Math.max(0, Math.min(1, numerator / denominator)) : 1;
  const out = new Float64Array(N * N);
  for (let i = 0; i < N; i++)
    for (let j = 0; j < N; j++) out[i * N + j] = (1 - rho) * S[i * N + j]! + (i === j ? rho * mu : 0);
  return labelCovariance(m, finiteMatrix(out, "the OAS covariance"), { shrinkage: rho + 0 });
}
