/**
 * Solves the dense N × N system M·z = rhs (row-major M, overwritten) by Gaussian elimination with
 * partial pivoting, the face systems of the constrained solver. Null when a pivot falls below
 * 1e-14 of the largest entry (the face's constraints are dependent). Cost: N³/3 multiply–adds.
 */
export function solveDense(M: Float64Array, rhs: Float64Array, N: number): Float64Array | null {
  let big = 0;
  for (let k = 0; k < M.length; k++) big = Math.max(big, Math.abs(M[k]!));
  const tiny = 1e-14 * Math.max(big, 1e-300);
  const z = Float64Array.from(rhs);
  for (let col = 0; col < N; col++) {
    let pivot = col;
    for (let r = col + 1; r < N; r++) if (Math.abs(M[r * N + col]!) > Math.abs(M[pivot * N + col]!)) pivot = r;
    if (!(Math.abs(M[pivot * N + col]!) > tiny)) return null;
    if (pivot !== col) {
      for (let c = 0; c < N; c++) {
        const t = M[col * N + c]!;
        M[col * N + c] = M[pivot * N + c]!;
        M[pivot * N + c] = t;
      }
      const t = z[col]!;
      z[col] = z[pivot]!;
      z[pivot] = t;
    }
    const p = M[col * N + col]!;
    for (let r = col + 1; r < N; r++) {
      const f = M[r * N + col]! / p;
      if (f === 0) continue;
      for (let c = col; c < N; c++) M[r * N + c] = M[r * N + c]! - f * M[col * N + c]!;
      z[r] = z[r]! - f * z[col]!;
    }
  }
  for (let r = N - 1; r >= 0; r--) {
    let s = z[r]!;
    for (let c = r + 1; c < N; c++) s -= M[r * N + c]! * z[c]!;
    z[r] = s / M[r * N + r]!;
  }
  return z;
}
