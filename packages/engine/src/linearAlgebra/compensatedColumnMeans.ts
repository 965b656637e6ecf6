import { instantiateKernel, kernelWithBytes, type KernelInstance } from "../_internal/wasm/instantiateKernel.ts";
import { COLUMN_SUMS_WASM, type ColumnSums } from "./_internal/columnSumsWasm.ts";

let kernel: KernelInstance<ColumnSums> | null | undefined;
/** Whether the WebAssembly kernel is used when available (tests switch it off to check the JavaScript loop). */
let preferWasm = true;

/** Sets whether {@link compensatedColumnMeans} may use its WebAssembly kernel; returns the previous value. For tests. */
export function preferWasmColumnMeans(prefer: boolean): boolean {
  const previous = preferWasm;
  preferWasm = prefer;
  return previous;
}

/**
 * The column means `m_i = (Σ_t w_t·R[t·N + i]) / d` of a row-major T×N matrix, each sum taken in
 * t order with Neumaier's compensation (as `compensatedSum`, docs/maths.md#numbers), `w` the
 * weights (a number: the same every period) and `d` the divisor. Where WebAssembly SIMD is
 * available the sums run in a kernel with lanes across columns (both branches of the compensation
 * computed, one selected per lane): each column's sum and correction are the JavaScript loop's to
 * the last bit; the loop below is the fallback. `R·1` is R exactly, so a weight of 1 multiplies.
 *
 * Cost: O(T·N) time, O(N) memory (and a copy of R in the kernel's memory).
 */
export function compensatedColumnMeans(
  R: Float64Array,
  T: number,
  N: number,
  weight: Float64Array | number,
  divisor: number,
): Float64Array {
  const mean = new Float64Array(N);
  const wasm = preferWasm && T > 0 && N > 0 ? wasmSums(R, T, N, weight) : undefined;
  if (wasm !== undefined) {
    const { f64, sums, corrections } = wasm;
    for (let i = 0; i < N; i++) mean[i] = (f64[sums + i]! + f64[corrections + i]!) / divisor;
    return mean;
  }
  const sum = new Float64Array(N);
  const correction = new Float64Array(N);
  for (let t = 0; t < T; t++) {
    const w = typeof weight === "number" ? weight : weight[t]!;
    const row = t * N;
    for (let i = 0; i < N; i++) {
      const x = w === 1 ? R[row + i]! : R[row + i]! * w;
      const s = sum[i]!;
      const u = s + x;
      correction[i] = correction[i]! + (Math.abs(s) >= Math.abs(x) ? s - u + x : x - u + s);
      sum[i] = u;
    }
  }
  for (let i = 0; i < N; i++) mean[i] = (sum[i]! + correction[i]!) / divisor;
  return mean;
}

/** The kernel's sums and corrections (f64 indices into `f64`), or undefined where it is unavailable. */
function wasmSums(
  R: Float64Array,
  T: number,
  N: number,
  weight: Float64Array | number,
): { f64: Float64Array; sums: number; corrections: number } | undefined {
  if (kernel === undefined) kernel = instantiateKernel<ColumnSums>(COLUMN_SUMS_WASM, "sums");
  if (kernel === null) return undefined;
  const Np = N + (N & 1);
  const w = Np * T; // f64 index of the weights, after the rows
  const out = w + T;
  const sized = kernelWithBytes(kernel, (out + 2 * Np) * 8);
  if (sized === undefined) return undefined;
  const f64 = new Float64Array(sized.memory.buffer);
  if (Np === N) f64.set(R.subarray(0, T * N), 0);
  else {
    for (let t = 0; t < T; t++) {
      f64.set(R.subarray(t * N, t * N + N), t * Np);
      f64[t * Np + N] = 0;
    }
  }
  if (typeof weight === "number") f64.fill(weight, w, w + T);
  else f64.set(weight.subarray(0, T), w);
  sized.run(0, w * 8, out * 8, T, Np);
  return { f64, sums: out, corrections: out + Np };
}
