import type { CheckedScenarios } from "./validateScenarios.ts";

/**
 * Sample correlation matrix (dense, row-major n×n) of the scenario columns `cols`
 * (docs/maths.md#risk-diversification-overlay): `C_ij = cov_ij / sqrt(cov_ii·cov_jj)` with the
 * sample covariance of the columns. A column with zero variance (a constant return) has no defined
 * correlation: its row and column are 0 except `C_ii = 1`. The diagonal is exactly 1 and every
 * entry is clamped into [-1, 1].
 *
 * Cost: O(T·n²) time, O(n²) memory.
 */
export function correlationMatrix(checked: CheckedScenarios, cols: ArrayLike<number>): Float64Array {
  const { periods: T, assets: N } = checked;
  const R = checked.scenarios.returns;
  const n = cols.length;
  const mean = new Float64Array(n);
  for (let t = 0; t < T; t++) for (let h = 0; h < n; h++) mean[h]! += R[t * N + cols[h]!]!;
  for (let h = 0; h < n; h++) mean[h]! /= T;
  const cov = new Float64Array(n * n);
  const x = new Float64Array(n);
  for (let t = 0; t < T; t++) {
    for (let h = 0; h < n; h++) x[h] = R[t * N + cols[h]!]! - mean[h]!;
    for (let i = 0; i < n; i++) {
      const xi = x[i]!;
      if (xi === 0) continue;
      const row = i * n;
      for (let j = i; j < n; j++) cov[row + j]! += xi * x[j]!;
    }
  }
  const sd = new Float64Array(n);
  for (let i = 0; i < n; i++) sd[i] = Math.sqrt(cov[i * n + i]!);
  const C = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    C[i * n + i] = 1;
    for (let j = i + 1; j < n; j++) {
      const d = sd[i]! * sd[j]!;
      let c = d > 0 ? cov[i * n + j]! / d : 0;
      if (c > 1) c = 1;
      else if (c < -1) c = -1;
      C[i * n + j] = c;
      C[j * n + i] = c;
    }
  }
  return C;
}
