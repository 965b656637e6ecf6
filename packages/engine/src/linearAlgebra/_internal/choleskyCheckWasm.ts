import { EPS } from "../../_internal/tolerance.ts";
import { instantiateKernel, kernelWithBytes, type KernelInstance } from "../../_internal/wasm/instantiateKernel.ts";
import { CHOLESKY_COLUMN_WASM, type CholeskyColumn } from "./choleskyColumnWasm.ts";

let kernel: KernelInstance<CholeskyColumn> | null | undefined;
/** Whether choleskyCheck uses the WebAssembly kernel when available (tests switch it off to check the JavaScript loop). */
let preferWasm = true;

/** Sets whether {@link wasmCholeskyCheck} runs (else it returns undefined); returns the previous value. For tests. */
export function preferWasmCholesky(prefer: boolean): boolean {
  const previous = preferWasm;
  preferWasm = prefer;
  return previous;
}

/**
 * `choleskyCheck(a, n, scale)` with each column's sums taken by the WebAssembly SIMD kernel
 * (`CHOLESKY_COLUMN_WASM`, the rows two lanes at a time): the same factor to the last bit, so the
 * same answer; undefined where the kernel is unavailable, switched off, or n too large for its
 * memory. The factor is kept transposed (column p of L contiguous), so the lanes load adjacent rows.
 */
export function wasmCholeskyCheck(
  a: Float64Array,
  n: number,
  scale: number,
): { failedAt: number; definite: boolean } | undefined {
  if (!preferWasm || n === 0) return undefined;
  if (kernel === undefined) kernel = instantiateKernel<CholeskyColumn>(CHOLESKY_COLUMN_WASM, "column");
  if (kernel === null) return undefined;
  const np = n + (n & 1);
  const sOffset = n * np; // f64 index of s, after Lᵀ (n rows of np)
  const sized = kernelWithBytes(kernel, (sOffset + np) * 8);
  if (sized === undefined) return undefined;
  const f64 = new Float64Array(sized.memory.buffer, 0, sOffset + np);
  f64.fill(0);
  const column = sized.run;
  let definite = true;
  for (let k = 0; k < n; k++) {
    const akk = a[k * n + k]! / scale;
    const i0 = k - (k & 1);
    for (let i = i0; i < k; i++) f64[sOffset + i] = 0; // the lane below k: summed, never read
    for (let i = k; i < n; i++) f64[sOffset + i] = a[i * n + k]! / scale;
    column(0, sOffset * 8, np, k, i0);
    const d = f64[sOffset + k]!;
    const tol = EPS * akk;
    if (d < -tol) return { failedAt: k, definite: false };
    if (d <= tol) {
      definite = false;
      // A zero pivot: the rest of column k must be (numerically) zero too; column k of L stays 0.
      for (let i = k + 1; i < n; i++) {
        if (Math.abs(f64[sOffset + i]!) > Math.sqrt(EPS) * Math.sqrt((a[i * n + i]! / scale) * akk))
          return { failedAt: i, definite: false };
      }
      continue;
    }
    const root = Math.sqrt(d);
    const row = k * np;
    f64[row + k] = root;
    for (let i = k + 1; i < n; i++) f64[row + i] = f64[sOffset + i]! / root;
  }
  return { failedAt: -1, definite };
}
