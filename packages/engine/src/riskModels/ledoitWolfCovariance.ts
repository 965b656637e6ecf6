import { readOptions } from "../_internal/readOptions.ts";
import { EngineError } from "../errors/EngineError.ts";
import type { AssetReturns } from "../data/assetReturns.ts";
import type { Covariance } from "../data/covariance.ts";
import type { ReturnMatrix } from "./types.ts";
import { centredColumns } from "./_internal/centredColumns.ts";
import { finiteMatrix } from "./_internal/finiteMatrix.ts";
import { labelCovariance } from "./_internal/labelCovariance.ts";
import { readReturns } from "./_internal/readReturns.ts";
import { singleFactorShrinkage } from "./_internal/singleFactorShrinkage.ts";

/** The shrinkage target of {@link ledoitWolfCovariance}. */
export type LedoitWolfTarget = "constant-correlation" | "identity" | "single-factor";

/** Options of {@link ledoitWolfCovariance}. */
export interface LedoitWolfOptions {
  /**
   * "constant-correlation" (default; Ledoit & Wolf 2004, "Honey, I shrunk the sample covariance
   * matrix"): every pair gets the average sample correlation, variances kept. "identity" (Ledoit &
   * Wolf 2004, "A well-conditioned estimator for large-dimensional covariance matrices"): the
   * average variance times the identity (PyPortfolioOpt's "constant_variance", scikit-learn's
   * LedoitWolf). "single-factor" (Ledoit & Wolf 2003, "Improved estimation of the covariance matrix
   * of stock returns with an application to portfolio selection"): the covariance a one-factor
   * model with the equally weighted market as factor implies, variances kept.
   */
  target?: LedoitWolfTarget;
}

/** A shrunk covariance (labelled, see {@link Covariance}) and its intensity. */
export interface ShrunkCovariance extends Covariance {
  /** δ in [0, 1]: the estimate is δ·F + (1 − δ)·S, F the target, S the 1/T sample covariance. */
  shrinkage: number;
}

/**
 * Ledoit–Wolf shrinkage `Σ̂ = δ·F + (1 − δ)·S` toward a structured target F with the intensity δ
 * that minimises the estimated expected Frobenius loss, S the biased (1/T) sample covariance as
 * in both papers (and sklearn). Constant correlation: `F_ii = S_ii`, `F_ij = r̄·√(S_ii S_jj)`,
 * δ = clip(κ/T, 0, 1) with κ = (π − ρ)/γ; identity: `F = (tr S / N)·I`, δ = min(b̄², d²)/d²;
 * single factor: `F_ii = S_ii`, `F_ij = s_i0·s_j0/s_00` (s_i0 the covariance of asset i with the
 * equally weighted market, s_00 the market's variance), δ = clip(κ/T, 0, 1) with the 2003 paper's ρ.
 * Positive definite whenever δ > 0 and the target is (every variance > 0). Per period², labelled
 * like the returns.
 *
 * @see docs/maths.md#ledoit-wolf-shrinkage and docs/maths.md#ledoit-wolf-single-factor
 * Cost: O(T·N²/2) (one N×N cross product over T periods) and O(T·N), plus O(N³/3) for the `definite` check.
 * @param matrix T×N returns: an {@link AssetReturns}, or a bare {@link ReturnMatrix} (labelled by
 *   position, one period a year), T >= 2. Never mutated.
 * @param options see {@link LedoitWolfOptions}.
 * @throws EngineError INVALID_INPUT when the matrix or `target` breaks its rule, an entry overflows,
 *   or an asset's estimated variance is 0 (named); for "single-factor", when the equally weighted
 *   market does not vary (the assets' deviations cancel every period).
 * @example
 * ledoitWolfCovariance({ returns: [0.01, 0.02, -0.01, 0, 0.03, 0.01, 0.02, -0.02], periods: 4 }).shrinkage
 * // => 1 (four periods are too few to trust any correlation: fully shrunk)
 */
export function ledoitWolfCovariance(
  matrix: AssetReturns | ReturnMatrix,
  options: LedoitWolfOptions = {},
): ShrunkCovariance {
  const m = readReturns(matrix);
  const { target = "constant-correlation" } = readOptions<LedoitWolfOptions>(options, "{ target? }", ["target"]);
  if (target !== "constant-correlation" && target !== "identity" && target !== "single-factor") {
    throw new EngineError(
      "INVALID_INPUT",
      `target must be "constant-correlation", "identity" or "single-factor", got ${String(target)}`,
      { field: "target" },
    );
  }
  const { returns: R, periods: T, assets: N } = m;
  const { mean, S } = centredColumns(m);
  // Σ_t ‖x_t‖⁴ / T − ‖S‖²_F = Σ_ij (1/T) Σ_t (x_ti x_tj − S_ij)²: π of the 2004 paper, T·b̄² of the identity paper.
  // ‖x_t‖² summed over the assets in order, row by row (x_ti = r_ti − r̄_i, recomputed: the same value).
  const squares = new Float64Array(T);
  // The constant-correlation target's ρ needs, per asset, Σ_t x_ti⁴ and Σ_t x_ti³ z_t with
  // z_t = Σ_j σ_j x_tj: z_t depends on row t only, so one pass over the rows gives all three.
  const cc = target === "constant-correlation";
  const sd = new Float64Array(N);
  if (cc) for (let i = 0; i < N; i++) sd[i] = Math.sqrt(S[i * N + i]!);
  const x4 = new Float64Array(cc ? N : 0);
  const x3z = new Float64Array(cc ? N : 0);
  for (let t = 0; t < T; t++) {
    const row = t * N;
    let sq = 0;
    let z = 0;
    for (let i = 0; i < N; i++) {
      const x = R[row + i]! - mean[i]!;
      sq = sq + x ** 2;
      if (cc && sd[i] !== 0) z = z + sd[i]! * x;
    }
    squares[t] = sq;
    if (!cc) continue;
    for (let i = 0; i < N; i++) {
      const x = R[row + i]! - mean[i]!;
      const cube = x * x * x;
      x4[i] = x4[i]! + cube * x;
      x3z[i] = x3z[i]! + cube * z;
    }
  }
  let fourth = 0;
  for (let t = 0; t < T; t++) fourth += squares[t]! * squares[t]!;
  let frobenius = 0;
  for (let k = 0; k < N * N; k++) frobenius += S[k]! ** 2;
  const pi = Math.max(0, fourth / T - frobenius);
  let out: Float64Array;
  let delta: number;
  if (target === "single-factor") {
    ({ delta, values: out } = singleFactorShrinkage(R, mean, S, T, N, pi));
  } else if (target === "identity") {
    out = new Float64Array(N * N);
    let trace = 0;
    for (let i = 0; i < N; i++) trace += S[i * N + i]!;
    const mu = trace / N;
    let d2 = 0;
    for (let i = 0; i < N; i++) for (let j = 0; j < N; j++) d2 += (S[i * N + j]! - (i === j ? mu : 0)) ** 2;
    const bBar2 = pi / T;
    delta = d2 > 0 ? Math.min(bBar2, d2) / d2 : 0;
    for (let i = 0; i < N; i++)
      for (let j = 0; j < N; j++) out[i * N + j] = (1 - delta) * S[i * N + j]! + (i === j ? delta * mu : 0);
  } else {
    out = new Float64Array(N * N);
    // r̄: the average correlation over pairs of assets that both vary.
    let rSum = 0;
    let pairs = 0;
    for (let i = 0; i < N; i++) {
      for (let j = i + 1; j < N; j++) {
        if (sd[i]! > 0 && sd[j]! > 0) {
          rSum += S[i * N + j]! / (sd[i]! * sd[j]!);
          pairs++;
        }
      }
    }
    const rBar = pairs > 0 ? rSum / pairs : 0;
    // γ = ‖F − S‖²_F; ρ = Σ_i π_ii + r̄·Σ_{i≠j} √(S_jj/S_ii)·θ_ii,ij, θ_ii,ij = (1/T)Σ_t x_ti³x_tj − S_ii S_ij.
    // Summed over j first: Σ_{j≠i} σ_j Σ_t x_ti³ x_tj = Σ_t x_ti³ (z_t − σ_i x_ti) with z_t = Σ_j σ_j x_tj,
    // so ρ costs O(T·N + N²) rather than O(T·N²); Σ_t x_ti⁴ and Σ_t x_ti³ z_t were summed in the pass above.
    let gamma = 0;
    for (let i = 0; i < N; i++) {
      for (let j = 0; j < N; j++) {
        if (j !== i) gamma += (rBar * sd[i]! * sd[j]! - S[i * N + j]!) ** 2;
      }
    }
    let rho = 0;
    for (let i = 0; i < N; i++) {
      const sii = S[i * N + i]!;
      rho += x4[i]! / T - sii ** 2;
      const si = sd[i]!;
      if (si === 0) continue; // x_ti = 0 for every t: θ_ii,ij = 0
      let sSd = 0;
      for (let j = 0; j < N; j++) if (j !== i) sSd += S[i * N + j]! * sd[j]!;
      rho += (rBar / si) * ((x3z[i]! - si * x4[i]!) / T - sii * sSd);
    }
    delta = gamma > 0 ? Math.min(1, Math.max(0, (pi - rho) / gamma / T)) : 0;
    for (let i = 0; i < N; i++) {
      for (let j = 0; j < N; j++) {
        const f = i === j ? S[i * N + i]! : rBar * sd[i]! * sd[j]!;
        out[i * N + j] = delta * f + (1 - delta) * S[i * N + j]!;
      }
    }
  }
  for (let i = 0; i < N; i++) for (let j = 0; j < i; j++) out[i * N + j] = out[j * N + i]!;
  return labelCovariance(m, finiteMatrix(out, "the Ledoit–Wolf covariance"), { shrinkage: delta + 0 });
}
