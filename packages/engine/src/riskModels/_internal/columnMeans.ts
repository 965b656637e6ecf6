import type { CheckedReturnMatrix } from "./validateReturnMatrix.ts";

/**
 * The column means `m_i = (Σ_t w_t r_ti) / d` of a row-major T×N return matrix, summed in t order
 * with Neumaier's compensation (as `compensatedSum`, docs/maths.md#numbers), `w` the mean weights
 * (a number: the same every period) and `d` the divisor. Taken row by row, so the matrix is read
 * in memory order.
 *
 * Cost: O(T·N) time, O(N) memory.
 */
export function columnMeans(m: CheckedReturnMatrix, meanWeight: Float64Array | number, divisor: number): Float64Array {
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
  return mean;
}
