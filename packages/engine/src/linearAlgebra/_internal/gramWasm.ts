import { instantiateKernel, kernelWithBytes, type KernelInstance } from "../../_internal/wasm/instantiateKernel.ts";
import { GRAM_TILE, gramKernelModule, type GramKernel, type GramTile } from "./gramKernelWasm.ts";

/** The upper-triangle sums of the WebAssembly kernel: `sums[i·stride + j] = Σ_t x_ti·x_tj` for i ≤ j < N. */
export interface GramSums {
  sums: Float64Array;
  stride: number;
}

/** Bytes of packed data summed per call: the periods t0 … t1 of every panel stay in the second-level cache (1 MB and more on current x64 and ARM cores) while each panel row is paired with all the others. */
const CHUNK_BYTES = 512 * 1024;

/** A compiled kernel for one tile and the memory it works in (grown as needed up to 64 MiB and reused; see kernelWithBytes). */
export interface Runtime {
  tile: GramTile;
  kernel: KernelInstance<GramKernel>;
}

let runtime: Runtime | null | undefined;
/** Whether gramMatrix uses the WebAssembly kernel when available (tests switch it off to check the JavaScript kernel). */
let preferWasm = true;

/** Sets whether {@link wasmGramSums} runs (else it returns undefined); returns the previous value. For tests and benches. */
export function preferWasmGram(prefer: boolean): boolean {
  const previous = preferWasm;
  preferWasm = prefer;
  return previous;
}

/**
 * The kernel for `tile` instantiated on a memory of its own, or null where WebAssembly or its SIMD
 * instructions are unavailable (the module does not validate). Compiled synchronously: the module
 * is a few hundred bytes, below the 4 KB that browsers compile on the main thread.
 */
export function instantiateGram(tile: GramTile): Runtime | null {
  const kernel = instantiateKernel<GramKernel>(gramKernelModule(tile), "gram");
  return kernel === null ? null : { tile, kernel };
}

/**
 * Fills the kernel's panels: `f64[(p·T + t)·W + k] = x_t,(p·W+k)` for the N columns, the padding
 * columns N … Np−1 zero. One pass over the input, period by period within each panel.
 */
export type Pack = (f64: Float64Array, W: number, T: number, N: number, Np: number) => void;

/** {@link Pack} of columns stored column-major, `x_ti = X[i·T + t]`. */
export function packColumns(X: Float64Array): Pack {
  return (f64, W, T, N, Np) => {
    for (let p = 0; p * W < Np; p++) {
      const base = p * T * W;
      const full = Math.min(W, N - p * W);
      if (full === 4 && W === 4) {
        // The shipped panel, unrolled: four columns read side by side, one panel row written at a time.
        const s0 = p * 4 * T;
        for (let t = 0, o = base; t < T; t++, o += 4) {
          f64[o] = X[s0 + t]!;
          f64[o + 1] = X[s0 + T + t]!;
          f64[o + 2] = X[s0 + 2 * T + t]!;
          f64[o + 3] = X[s0 + 3 * T + t]!;
        }
        continue;
      }
      for (let t = 0; t < T; t++) {
        const o = base + t * W;
        let src = p * W * T + t;
        for (let k = 0; k < full; k++, src += T) f64[o + k] = X[src]!;
        for (let k = full; k < W; k++) f64[o + k] = 0;
      }
    }
  };
}

/**
 * {@link Pack} of deviations from a row-major T×N matrix, `x_ti = R[t·N + i] − mean_i`, or
 * `(R[t·N + i] − mean_i)·scale_t` when `scale` is given: centred (and scaled) while copied.
 */
export function packDeviations(R: Float64Array, mean: Float64Array, scale?: Float64Array): Pack {
  return (f64, W, T, N, Np) => {
    for (let p = 0; p * W < Np; p++) {
      const base = p * T * W;
      const first = p * W;
      const full = Math.min(W, N - first);
      if (full === 4 && W === 4) {
        // The shipped panel, unrolled: four deviations of one row, written as one panel row.
        const m0 = mean[first]!;
        const m1 = mean[first + 1]!;
        const m2 = mean[first + 2]!;
        const m3 = mean[first + 3]!;
        for (let t = 0, o = base, r = first; t < T; t++, o += 4, r += N) {
          if (scale === undefined) {
            f64[o] = R[r]! - m0;
            f64[o + 1] = R[r + 1]! - m1;
            f64[o + 2] = R[r + 2]! - m2;
            f64[o + 3] = R[r + 3]! - m3;
          } else {
            const s = scale[t]!;
            f64[o] = (R[r]! - m0) * s;
            f64[o + 1] = (R[r + 1]! - m1) * s;
            f64[o + 2] = (R[r + 2]! - m2) * s;
            f64[o + 3] = (R[r + 3]! - m3) * s;
          }
        }
        continue;
      }
      for (let t = 0; t < T; t++) {
        const o = base + t * W;
        const row = t * N + first;
        if (scale === undefined) for (let k = 0; k < full; k++) f64[o + k] = R[row + k]! - mean[first + k]!;
        else {
          const s = scale[t]!;
          for (let k = 0; k < full; k++) f64[o + k] = (R[row + k]! - mean[first + k]!) * s;
        }
        for (let k = full; k < W; k++) f64[o + k] = 0;
      }
    }
  };
}

/**
 * `Σ_t x_ti·x_tj` for i ≤ j < N by the WebAssembly SIMD kernel (each sum in t order from 0, as the
 * JavaScript kernel), the N columns of T values copied once into its panels by `pack`; or
 * undefined where the kernel is unavailable, switched off, or the problem would not fit 2 GB of
 * wasm memory. The sums are a view of the kernel's memory, valid until the next call.
 */
export function wasmGramSums(T: number, N: number, pack: Pack): GramSums | undefined {
  if (!preferWasm || T === 0 || N === 0) return undefined;
  if (runtime === undefined) runtime = instantiateGram(GRAM_TILE);
  if (runtime === null) return undefined;
  return runGram(runtime, T, N, pack);
}

/** {@link wasmGramSums} on a given runtime, `chunkBytes` of panels summed per call (benches and tests vary both). */
export function runGram(rt: Runtime, T: number, N: number, pack: Pack, chunkBytes = CHUNK_BYTES): GramSums | undefined {
  const W = rt.tile.panel;
  const Np = Math.ceil(N / W) * W;
  const dataBytes = Np * T * 8;
  const kernel = kernelWithBytes(rt.kernel, dataBytes + Np * Np * 8);
  if (kernel === undefined) return undefined;
  pack(new Float64Array(kernel.memory.buffer, 0, Np * T), W, T, N, Np);
  const periods = Math.max(1, Math.floor(chunkBytes / (Np * 8)));
  for (let t0 = 0; t0 < T; t0 += periods) {
    kernel.run(0, dataBytes, Np, N, T, t0, Math.min(T, t0 + periods), t0 === 0 ? 1 : 0);
  }
  return { sums: new Float64Array(kernel.memory.buffer, dataBytes, Np * Np), stride: Np };
}
