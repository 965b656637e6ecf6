import { EngineError } from "../../errors/EngineError.ts";

/**
 * The single-factor shrinkage of `_internal/singleFactorShrinkage.ts` summed column by column over
 * stored column-major deviations `X[i*T + t]`: every sum in the order the estimator's two passes
 * over the rows must reproduce exactly (a test oracle, bit for bit).
 */
export function singleFactorColumnByColumn(
  X: Float64Array,
  S: Float64Array,
  T: number,
  N: number,
  pi: number,
): { delta: number; values: Float64Array } {
  const m = new Float64Array(T);
  for (let i = 0; i < N; i++) {
    const base = i * T;
    for (let t = 0; t < T; t++) m[t] = m[t]! + X[base + t]!;
  }
  for (let t = 0; t < T; t++) m[t] = m[t]! / N;
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
  const u = new Float64Array(T); // u_t = Σ_j s_j0·x_tj
  for (let i = 0; i < N; i++) {
    const base = i * T;
    let c = 0;
    for (let t = 0; t < T; t++) c += X[base + t]! * m[t]!;
    s0[i] = c / T;
    for (let t = 0; t < T; t++) u[t] = u[t]! + s0[i]! * X[base + t]!;
  }
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
  let rhoDiag = 0;
  let a = 0;
  let bDiag = 0;
  for (let i = 0; i < N; i++) {
    const base = i * T;
    const si = s0[i]!;
    let x4 = 0;
    let ai = 0;
    let bi = 0;
    for (let t = 0; t < T; t++) {
      const x = X[base + t]!;
      const x2 = x * x;
      const mt = m[t]!;
      x4 += x2 * x2;
      ai += x2 * mt * (u[t]! - si * x);
      bi += mt * mt * x2;
    }
    rhoDiag += x4 / T - S[i * N + i]! ** 2;
    a += ai / T;
    bDiag += (si * si * bi) / T;
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
