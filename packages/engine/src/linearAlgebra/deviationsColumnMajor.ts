/** Columns per strip of the transposition: one 64-byte cache line of each row read at a time. */
const STRIP = 8;

/**
 * The deviations `x_ti = R[t·N + i] − mean_i` of a row-major T×N matrix, or
 * `(R[t·N + i] − mean_i)·scale_t` when `scale` is given, stored column-major (`X[i·T + t]`: each
 * column's series contiguous, as {@link gramMatrix} reads them). Transposed in strips of eight
 * columns, period by period: each row's cache line is read once and eight columns are written in
 * order, rather than one value per cache line.
 *
 * Cost: O(T·N) time and memory.
 */
export function deviationsColumnMajor(
  R: Float64Array,
  T: number,
  N: number,
  mean: Float64Array,
  scale?: Float64Array,
): Float64Array {
  const X = new Float64Array(N * T);
  for (let first = 0; first < N; first += STRIP) {
    if (N - first >= STRIP) {
      strip(R, T, N, mean, scale, X, first);
      continue;
    }
    for (let i = first; i < N; i++) {
      const mi = mean[i]!;
      const base = i * T;
      if (scale === undefined) for (let t = 0; t < T; t++) X[base + t] = R[t * N + i]! - mi;
      else for (let t = 0; t < T; t++) X[base + t] = (R[t * N + i]! - mi) * scale[t]!;
    }
  }
  return X;
}

/** Columns first … first+7 of {@link deviationsColumnMajor}. */
function strip(
  R: Float64Array,
  T: number,
  N: number,
  mean: Float64Array,
  scale: Float64Array | undefined,
  X: Float64Array,
  first: number,
): void {
  const m0 = mean[first]!;
  const m1 = mean[first + 1]!;
  const m2 = mean[first + 2]!;
  const m3 = mean[first + 3]!;
  const m4 = mean[first + 4]!;
  const m5 = mean[first + 5]!;
  const m6 = mean[first + 6]!;
  const m7 = mean[first + 7]!;
  const b = first * T;
  for (let t = 0; t < T; t++) {
    const r = t * N + first;
    if (scale === undefined) {
      X[b + t] = R[r]! - m0;
      X[b + T + t] = R[r + 1]! - m1;
      X[b + 2 * T + t] = R[r + 2]! - m2;
      X[b + 3 * T + t] = R[r + 3]! - m3;
      X[b + 4 * T + t] = R[r + 4]! - m4;
      X[b + 5 * T + t] = R[r + 5]! - m5;
      X[b + 6 * T + t] = R[r + 6]! - m6;
      X[b + 7 * T + t] = R[r + 7]! - m7;
    } else {
      const s = scale[t]!;
      X[b + t] = (R[r]! - m0) * s;
      X[b + T + t] = (R[r + 1]! - m1) * s;
      X[b + 2 * T + t] = (R[r + 2]! - m2) * s;
      X[b + 3 * T + t] = (R[r + 3]! - m3) * s;
      X[b + 4 * T + t] = (R[r + 4]! - m4) * s;
      X[b + 5 * T + t] = (R[r + 5]! - m5) * s;
      X[b + 6 * T + t] = (R[r + 6]! - m6) * s;
      X[b + 7 * T + t] = (R[r + 7]! - m7) * s;
    }
  }
}
