import { EPS } from "../_internal/tolerance.ts";
import { wasmCholeskyCheck } from "./_internal/choleskyCheckWasm.ts";

/**
 * The positive semi-definiteness test of the one covariance validator (docs/maths.md#covariance-rules):
 * a Cholesky factorisation of the symmetric n×n matrix `a` divided by `scale` (its largest
 * variance). Returns the first row whose pivot is below `−EPS·a_kk` (not PSD), or −1; and whether
 * every pivot is above `EPS·a_kk` (definite). A zero pivot is accepted when the rest of its column
 * is (numerically) zero too. Each column is computed four rows at a time (one load of row k's
 * entries feeds four running sums); every sum still subtracts in p order, so the factor is the
 * same to the last bit as one row at a time. Where WebAssembly SIMD is available the column sums
 * come from a wasm kernel with the same roundings in the same order (the same answer, bit for bit
 * the same factor); this loop is its fallback.
 *
 * Cost: O(n³/3).
 */
export function choleskyCheck(a: Float64Array, n: number, scale: number): { failedAt: number; definite: boolean } {
  const fast = wasmCholeskyCheck(a, n, scale);
  if (fast !== undefined) return fast;
  const L = new Float64Array(n * n);
  let definite = true;
  for (let k = 0; k < n; k++) {
    const akk = a[k * n + k]! / scale;
    let d = akk;
    const rowK = k * n;
    for (let p = 0; p < k; p++) d -= L[rowK + p]! * L[rowK + p]!;
    const tol = EPS * akk;
    if (d < -tol) return { failedAt: k, definite: false };
    if (d <= tol) {
      definite = false;
      // A zero pivot: the rest of column k must be (numerically) zero too.
      for (let i = k + 1; i < n; i++) {
        let s = a[i * n + k]! / scale;
        const rowI = i * n;
        for (let p = 0; p < k; p++) s -= L[rowI + p]! * L[rowK + p]!;
        if (Math.abs(s) > Math.sqrt(EPS) * Math.sqrt((a[i * n + i]! / scale) * akk))
          return { failedAt: i, definite: false };
      }
      continue;
    }
    const root = Math.sqrt(d);
    L[rowK + k] = root;
    let i = k + 1;
    for (; i + 3 < n; i += 4) {
      const r0 = i * n;
      const r1 = r0 + n;
      const r2 = r1 + n;
      const r3 = r2 + n;
      let s0 = a[r0 + k]! / scale;
      let s1 = a[r1 + k]! / scale;
      let s2 = a[r2 + k]! / scale;
      let s3 = a[r3 + k]! / scale;
      for (let p = 0; p < k; p++) {
        const l = L[rowK + p]!;
        s0 -= L[r0 + p]! * l;
        s1 -= L[r1 + p]! * l;
        s2 -= L[r2 + p]! * l;
        s3 -= L[r3 + p]! * l;
      }
      L[r0 + k] = s0 / root;
      L[r1 + k] = s1 / root;
      L[r2 + k] = s2 / root;
      L[r3 + k] = s3 / root;
    }
    for (; i < n; i++) {
      let s = a[i * n + k]! / scale;
      const rowI = i * n;
      for (let p = 0; p < k; p++) s -= L[rowI + p]! * L[rowK + p]!;
      L[rowI + k] = s / root;
    }
  }
  return { failedAt: -1, definite };
}
