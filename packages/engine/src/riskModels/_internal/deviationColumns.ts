import type { CheckedReturnMatrix } from "./validateReturnMatrix.ts";

/** Rows per pass of the transposition: each column's run of 16 values is written at once (two cache lines). */
const BLOCK = 16;

/**
 * The deviations `x_ti = (r_ti − m_i)·s_t` of a row-major T×N return matrix, stored column-major
 * (`X[i*T + t]`, each asset's series contiguous for the cross products), with the means
 * `m_i = (Σ_t w_t r_ti) / d` summed in t order with Neumaier's compensation (as
 * `compensatedSum`, docs/maths.md#numbers), `w` the mean weights (a number: the same every
 * period) and `s` optional per-period scales. The means are taken row by row and the transposition goes
 * sixteen rows at a time, so memory is touched in cache lines rather than one value per line.
 *
 * Cost: O(T·N) time, O(T·N) memory.
 */
export function deviationColumns(
  m: CheckedReturnMatrix,
  meanWeight: Float64Array | number,
  divisor: number,
  scale?: Float64Array,
): Float64Array {
  const { returns: R, periods: T, assets: N } = m;
  const sum = new Float64Array(N);
  const correction = new Float64Array(N);
  for (let t = 0; t < T; t++) {
    const w = typeof meanWeight === "number" ? meanWeight : meanWeight[t]!;
    const row = t * N;
    for (let i = 0; i < N; i++) {
      const x = w === 1 ? R[row + i]! : R[row + i]! * w;
      const s = sum[i]!;
      const u = s + x;
      correction[i] = correction[i]! + (Math.abs(s) >= Math.abs(x) ? s - u + x : x - u + s);
      sum[i] = u;
    }
  }
  const mean = new Float64Array(N);
  for (let i = 0; i < N; i++) mean[i] = (sum[i]! + correction[i]!) / divisor;
  const X = new Float64Array(N * T);
  for (let t0 = 0; t0 < T; t0 += BLOCK) {
    const t1 = Math.min(T, t0 + BLOCK);
    for (let i = 0; i < N; i++) {
      const mi = mean[i]!;
      const base = i * T;
      if (scale === undefined) for (let t = t0; t < t1; t++) X[base + t] = R[t * N + i]! - mi;
      else for (let t = t0; t < t1; t++) X[base + t] = (R[t * N + i]! - mi) * scale[t]!;
    }
  }
  return X;
}
