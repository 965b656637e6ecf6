import { wasmRows, type RowsKernel } from "./kernelWasm.ts";

/** Bytes of one holding record (see kernelWasm.ts): coef, weight, cash (f64), column, purchase slot, last slot (i32). */
export const RECORD_BYTES = 40;

/**
 * The memory a weekly price table's kernel works in: holding records, the block results and the
 * table itself (block-major: block b of 8 slots, then column, then the 8 slots), one region after
 * the other, 64-byte aligned. A WebAssembly memory with the SIMD kernel where available, else an
 * ArrayBuffer with the same loop in JavaScript; both give the same bits.
 */
export interface KernelMemory {
  f64: Float64Array;
  i32: Int32Array;
  /** Byte offsets of the regions. */
  hold: number;
  out: number;
  data: number;
  /** Columns (series) and 8-slot blocks of the table. */
  width: number;
  blocks: number;
  rows: RowsKernel;
  /** True when `rows` is the WebAssembly SIMD kernel. */
  simd: boolean;
}

const align = (n: number): number => Math.ceil(n / 64) * 64;

/** Whether new tables use the WebAssembly kernel when available (tests switch it off to check the JavaScript loop). */
let preferWasm = true;

/** Sets {@link preferWasm}; returns the previous value. For tests. */
export function preferWasmKernel(prefer: boolean): boolean {
  const previous = preferWasm;
  preferWasm = prefer;
  return previous;
}
const PAGE = 65536;

/** Allocates the memory of a table of `width` columns and `slots` weekly slots (zeroed). */
export function kernelMemory(width: number, slots: number, useWasm = preferWasm): KernelMemory {
  const blocks = Math.ceil(slots / 8);
  const hold = 0;
  const out = align(Math.max(1, width) * RECORD_BYTES);
  const data = align(out + blocks * 64);
  const bytes = data + blocks * Math.max(1, width) * 64;
  let buffer: ArrayBuffer;
  let rows: RowsKernel | undefined;
  if (useWasm && typeof WebAssembly === "object") {
    try {
      const memory = new WebAssembly.Memory({ initial: Math.ceil(bytes / PAGE) });
      rows = wasmRows(memory);
      buffer = memory.buffer;
    } catch {
      rows = undefined;
      buffer = new ArrayBuffer(bytes);
    }
  } else buffer = new ArrayBuffer(bytes);
  const f64 = new Float64Array(buffer);
  const i32 = new Int32Array(buffer);
  const simd = rows !== undefined;
  return { f64, i32, hold, out, data, width, blocks, rows: rows ?? jsRows(f64, i32), simd };
}

/** The kernel's loop in JavaScript, over the same memory layout (for engines without WebAssembly SIMD). */
function jsRows(f64: Float64Array, i32: Int32Array): RowsKernel {
  return (from, to, H, S, hold, data, out) => {
    let o = out / 8;
    for (let b = from; b < to; b++) {
      const lo = b * 8;
      let a0 = 0,
        a1 = 0,
        a2 = 0,
        a3 = 0,
        a4 = 0,
        a5 = 0,
        a6 = 0,
        a7 = 0;
      for (let h = 0; h < H; h++) {
        const r = hold / 8 + h * 5; // f64 index of the record
        const ri = r * 2; // i32 index of the record
        let c: number;
        if (lo + 7 < i32[ri + 7]!) c = f64[r + 1]!;
        else if (lo > i32[ri + 8]!) c = f64[r + 2]!;
        else {
          const k = f64[r]!;
          const j = data / 8 + (b * S + i32[ri + 6]!) * 8;
          a0 += k * f64[j]!;
          a1 += k * f64[j + 1]!;
          a2 += k * f64[j + 2]!;
          a3 += k * f64[j + 3]!;
          a4 += k * f64[j + 4]!;
          a5 += k * f64[j + 5]!;
          a6 += k * f64[j + 6]!;
          a7 += k * f64[j + 7]!;
          continue;
        }
        a0 += c;
        a1 += c;
        a2 += c;
        a3 += c;
        a4 += c;
        a5 += c;
        a6 += c;
        a7 += c;
      }
      f64[o] = a0;
      f64[o + 1] = a1;
      f64[o + 2] = a2;
      f64[o + 3] = a3;
      f64[o + 4] = a4;
      f64[o + 5] = a5;
      f64[o + 6] = a6;
      f64[o + 7] = a7;
      o += 8;
    }
  };
}
