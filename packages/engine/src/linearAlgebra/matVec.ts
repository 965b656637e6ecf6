/**
 * `A·x` for a row-major n×n `A`, into a fresh array: `(Ax)_i = Σ_j A_ij·x_j`, summed in j order.
 * Cost: O(n²).
 */
export function matVec(a: Float64Array, n: number, x: ArrayLike<number>): Float64Array {
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = 0;
    const row = i * n;
    for (let j = 0; j < n; j++) s += a[row + j]! * x[j]!;
    out[i] = s;
  }
  return out;
}
