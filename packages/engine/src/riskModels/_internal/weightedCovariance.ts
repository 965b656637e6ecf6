import { EngineError } from "../../errors/EngineError.ts";
import { compensatedSum } from "../../_internal/compensatedSum.ts";
import type { CheckedReturnMatrix } from "./validateReturnMatrix.ts";

/**
 * `C_ij = Σ_t a_t (r_ti − m_i)(r_tj − m_j)` with `m_i = Σ_t b_t r_ti` (b the mean weights, summing
 * to 1; `a` the cross-product weights): the shared kernel of the sample (a_t = 1/(T−1), b_t = 1/T)
 * and exponentially weighted covariances. The means use Neumaier sums; the deviations are stored
 * column-major so each entry is one contiguous dot product (unrolled by four). Only i <= j is
 * computed and mirrored, so the result is exactly symmetric.
 *
 * Cost: O(T·N²/2) time, O(T·N + N²) memory.
 * @throws EngineError INVALID_INPUT when an entry overflows a float64 (returns around 1e154).
 */
/** Σ_t A[a + t]·B[b + t] over t < length, unrolled by four (four partial sums). */
export function columnDot(A: Float64Array, B: Float64Array, a: number, b: number, length: number): number {
  const tail = length - (length % 4);
  let s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  for (let t = 0; t < tail; t += 4) {
    s0 += A[a + t]! * B[b + t]!;
    s1 += A[a + t + 1]! * B[b + t + 1]!;
    s2 += A[a + t + 2]! * B[b + t + 2]!;
    s3 += A[a + t + 3]! * B[b + t + 3]!;
  }
  for (let t = tail; t < length; t++) s0 += A[a + t]! * B[b + t]!;
  return s0 + s1 + (s2 + s3);
}

export function weightedCovariance(m: CheckedReturnMatrix, crossWeight: Float64Array | number, meanWeight: Float64Array | number): Float64Array {
  const { returns: R, periods: T, assets: N } = m;
  const X = new Float64Array(N * T); // column-major deviations, scaled by sqrt(a_t)
  const column = new Float64Array(T);
  for (let i = 0; i < N; i++) {
    for (let t = 0; t < T; t++) column[t] = R[t * N + i]! * (typeof meanWeight === "number" ? meanWeight : meanWeight[t]!);
    const mean = compensatedSum(column);
    const base = i * T;
    for (let t = 0; t < T; t++) {
      const s = typeof crossWeight === "number" ? Math.sqrt(crossWeight) : Math.sqrt(crossWeight[t]!);
      X[base + t] = (R[t * N + i]! - mean) * s;
    }
  }
  const C = new Float64Array(N * N);
  for (let i = 0; i < N; i++) {
    for (let j = i; j < N; j++) {
      const v = columnDot(X, X, i * T, j * T, T);
      if (!Number.isFinite(v)) {
        throw new EngineError("INVALID_INPUT", "returns is out of range: the covariance overflows a float64 (exceeds 1.8e308)", { field: "returns" });
      }
      C[i * N + j] = v + 0;
      C[j * N + i] = v + 0;
    }
  }
  return C;
}
