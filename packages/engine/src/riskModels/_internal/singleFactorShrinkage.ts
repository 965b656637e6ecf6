import { EngineError } from "../../errors/EngineError.ts";

/**
 * Ledoit & Wolf (2003), "Improved estimation of the covariance matrix of stock returns with an
 * application to portfolio selection" (J. Empirical Finance 10): the single-index target
 * `F_ij = s_i0·s_j0 / s_00` (i ≠ j), `F_ii = S_ii`, the factor being the equally weighted market
 * `m_t = (1/N)·Σ_i x_ti`, `s_i0 = (1/T)·Σ_t x_ti·m_t`, `s_00 = (1/T)·Σ_t m_t²`; the intensity
 * `δ = clip((π − ρ)/(γ·T), 0, 1)` with `γ = ‖F − S‖²_F` (δ = 0 when F equals S to rounding,
 * `γ <= 1e-26·‖S‖²_F`), π given, and
 * `ρ = Σ_i π_ii + Σ_{i≠j} ρ_ij`, `ρ_ij = (1/T)·Σ_t (s_j0·s_00·x_ti + s_i0·s_00·x_tj − s_i0·s_j0·m_t)·m_t·x_ti·x_tj / s_00² − F_ij·S_ij`
 * (docs/maths.md#ledoit-wolf-single-factor). The sums over j ≠ i are taken inside the sums over t
 * (`u_t = Σ_j s_j0·x_tj`), so ρ costs O(T·N + N²) rather than O(T·N²). Two passes over the rows
 * of R: m_t and Σ_t x_ti·m_t; then u_t and the per-asset sums of ρ (m_t and u_t depend on row t
 * only). Each deviation `x_ti = R[t·N + i] − mean_i` is recomputed by the same subtraction, and
 * every sum runs in the order of a column-by-column loop over stored deviations.
 *
 * @param R the row-major T×N returns and `mean` their column means; `S` the 1/T cross products of
 *   the deviations; `pi` = π.
 * @returns δ and the estimate `δ·F + (1 − δ)·S` (row-major, exactly symmetric).
 * @throws EngineError INVALID_INPUT when the equally weighted market does not vary (its
 *   variance below 1e-12 of the average variance over N: the target is undefined).
 */
export function singleFactorShrinkage(
  R: Float64Array,
  mean: Float64Array,
  S: Float64Array,
  T: number,
  N: number,
  pi: number,
): { delta: number; values: Float64Array } {
  // Pass 1: m_t = (1/N)·Σ_i x_ti (over the assets in order), and c_i = Σ_t x_ti·m_t (in t order).
  const m = new Float64Array(T);
  const c = new Float64Array(N);
  for (let t = 0; t < T; t++) {
    const row = t * N;
    let sum = 0;
    for (let i = 0; i < N; i++) sum = sum + (R[row + i]! - mean[i]!);
    const mt = sum / N;
    m[t] = mt;
    for (let i = 0; i < N; i++) c[i] = c[i]! + (R[row + i]! - mean[i]!) * mt;
  }
  let s00 = 0;
  for (let t = 0; t < T; t++) s00 += m[t]! * m[t]!;
  s00 /= T;
  let trace = 0;
  for (let i = 0; i < N; i++) trace += S[i * N + i]!;
  if (!(s00 > (1e-12 * trace) / N / N)) {
    throw new EngineError(
      "INVALID_INPUT",
      "returns give the single-factor target no factor: the equally weighted market of the assets does not vary (their deviations cancel every period); use another target",
      { field: "target" },
    );
  }
  const s0 = new Float64Array(N);
  for (let i = 0; i < N; i++) s0[i] = c[i]! / T;
  // γ and Σ_{i≠j} s_i0·s_j0·S_ij (the F_ij·S_ij terms times s_00).
  let gamma = 0;
  let fs = 0;
  for (let i = 0; i < N; i++) {
    for (let j = 0; j < N; j++) {
      if (j === i) continue;
      const sij = S[i * N + j]!;
      gamma += ((s0[i]! * s0[j]!) / s00 - sij) ** 2;
      fs += s0[i]! * s0[j]! * sij;
    }
  }
  // Per asset: Σ_t x_ti⁴ (ρ_ii = π_ii), Σ_t x_ti²·m_t·(u_t − s_i0·x_ti) (the s_j0·x_ti²·x_tj·m_t terms over j ≠ i),
  // and Σ_t m_t²·s_i0²·x_ti² (the j = i part of (Σ_j s_j0 x_tj)², removed from the s_i0·s_j0·m_t²·x_ti·x_tj terms).
  // Pass 2: u_t = Σ_j s_j0·x_tj (over the assets in order), then per asset the sums over t.
  const u = new Float64Array(T);
  const x4 = new Float64Array(N);
  const aSum = new Float64Array(N);
  const bSum = new Float64Array(N);
  for (let t = 0; t < T; t++) {
    const row = t * N;
    let ut = 0;
    for (let i = 0; i < N; i++) ut = ut + s0[i]! * (R[row + i]! - mean[i]!);
    u[t] = ut;
    const mt = m[t]!;
    for (let i = 0; i < N; i++) {
      const x = R[row + i]! - mean[i]!;
      const x2 = x * x;
      x4[i] = x4[i]! + x2 * x2;
      aSum[i] = aSum[i]! + x2 * mt * (ut - s0[i]! * x);
      bSum[i] = bSum[i]! + mt * mt * x2;
    }
  }
  let rhoDiag = 0;
  let a = 0;
  let bDiag = 0;
  for (let i = 0; i < N; i++) {
    const si = s0[i]!;
    rhoDiag += x4[i]! / T - S[i * N + i]! ** 2;
    a += aSum[i]! / T;
    bDiag += (si * si * bSum[i]!) / T;
  }
  let bAll = 0;
  for (let t = 0; t < T; t++) bAll += m[t]! * m[t]! * u[t]! * u[t]!;
  const b = bAll / T - bDiag;
  const rho = rhoDiag + (2 * a) / s00 - b / (s00 * s00) - fs / s00;
  // γ at the level of rounding (‖F − S‖ below 1e-13 of ‖S‖): the target is the sample covariance
  // (two assets moving as one, say) and δ, a ratio of rounding errors, is set to 0: nothing to shrink.
  let frobenius = 0;
  for (let k = 0; k < N * N; k++) frobenius += S[k]! ** 2;
  const delta = gamma > 1e-26 * frobenius ? Math.min(1, Math.max(0, (pi - rho) / gamma / T)) : 0;
  const values = new Float64Array(N * N);
  for (let i = 0; i < N; i++) {
    values[i * N + i] = S[i * N + i]!;
    for (let j = i + 1; j < N; j++) {
      const v = (delta * (s0[i]! * s0[j]!)) / s00 + (1 - delta) * S[i * N + j]!;
      values[i * N + j] = v;
      values[j * N + i] = v;
    }
  }
  return { delta, values };
}
