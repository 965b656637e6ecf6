/**
 * The weekly-NAV block kernel as a tiny WebAssembly module using 128-bit SIMD (two float64 lanes),
 * written out opcode by opcode below (no toolchain, no download; about 200 bytes). It computes,
 * for every block b in [from, to) of 8 weekly slots, the 8 row sums
 *   out[b][i] = Σ_h term_h(8b + i), summed from 0 in holding order,
 * with term_h = weight_h before the holding's purchase slot, cash_h after its last trading slot,
 * and coef_h · data[b][col_h][i] in between; lanes are rows, so each row is the same sequence of
 * IEEE-754 multiplications and additions as the scalar loop (wasm has no fused multiply-add):
 * bit for bit the JavaScript kernel's. Blocks given to it never hold a purchase or a delisting
 * inside them (the caller sends those to the scalar path).
 *
 * Memory (imported): holding records of 40 bytes at `hold` (coef f64 @0, weight f64 @8, cash f64
 * @16, column i32 @24, purchase slot i32 @28, last trading slot i32 @32); the table at `data`,
 * block-major then column then the 8 rows (64 bytes per block and column); 64 bytes of results per
 * block at `out`.
 */

import { oneFunctionModule } from "../../_internal/wasm/oneFunctionModule.ts";
import {
  BLOCK,
  ELSE,
  END,
  F64X2_ADD,
  F64X2_MUL,
  F64X2_SPLAT,
  I32,
  I32_ADD,
  I32_GE_S,
  I32_GT_S,
  I32_LT_S,
  I32_MUL,
  I32_SHL,
  IF,
  LOOP,
  V128,
  V128_ZERO,
  br,
  brIf,
  f64load,
  get,
  i32c,
  i32load,
  set,
  v128load,
  v128store,
} from "../../_internal/wasm/opcodes.ts";

// Params: 0 from, 1 to, 2 H, 3 S, 4 hold, 5 data, 6 out. Locals: 7 h, 8 rec, 9 lo, 10 o (i32);
// 11..14 the four accumulators (rows 0-1, 2-3, 4-5, 6-7), 15 c (v128); 16 address (i32).
const [B, TO, H, S, HOLD, DATA, OUT, h, rec, lo, o, c, addr] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 15, 16];
const ACC = [11, 12, 13, 14];

/** a_i += c for the four accumulators (a constant term: cash before purchase or after delisting). */
const addConstant = ACC.flatMap((a) => [...get(a), ...get(c), ...F64X2_ADD, ...set(a)]);

/** The function's instructions: the two nested loops (blocks, holdings). */
const code: number[] = [
  ...get(OUT),
  ...set(o),
  ...BLOCK,
  ...LOOP,
  ...get(B),
  ...get(TO),
  I32_GE_S,
  ...brIf(1),
  ...get(B),
  ...i32c(3),
  I32_SHL,
  ...set(lo),
  ...ACC.flatMap((a) => [...V128_ZERO, ...set(a)]),
  ...i32c(0),
  ...set(h),
  ...get(HOLD),
  ...set(rec),
  ...BLOCK,
  ...LOOP,
  ...get(h),
  ...get(H),
  I32_GE_S,
  ...brIf(1),
  // lo + 7 < purchase slot: the whole block is before the purchase (cash = weight)
  ...get(lo),
  ...i32c(7),
  I32_ADD,
  ...get(rec),
  ...i32load(28),
  I32_LT_S,
  ...IF,
  ...get(rec),
  ...f64load(8),
  ...F64X2_SPLAT,
  ...set(c),
  ...addConstant,
  ELSE,
  // lo > last trading slot: the whole block is after the delisting (cash at the last close)
  ...get(lo),
  ...get(rec),
  ...i32load(32),
  I32_GT_S,
  ...IF,
  ...get(rec),
  ...f64load(16),
  ...F64X2_SPLAT,
  ...set(c),
  ...addConstant,
  ELSE,
  ...get(rec),
  ...f64load(0),
  ...F64X2_SPLAT,
  ...set(c),
  ...get(DATA),
  ...get(B),
  ...get(S),
  I32_MUL,
  ...get(rec),
  ...i32load(24),
  I32_ADD,
  ...i32c(6),
  I32_SHL,
  I32_ADD,
  ...set(addr),
  ...ACC.flatMap((a, i) => [
    ...get(a),
    ...get(c),
    ...get(addr),
    ...v128load(16 * i),
    ...F64X2_MUL,
    ...F64X2_ADD,
    ...set(a),
  ]),
  END,
  END,
  ...get(rec),
  ...i32c(40),
  I32_ADD,
  ...set(rec),
  ...get(h),
  ...i32c(1),
  I32_ADD,
  ...set(h),
  ...br(0),
  END,
  END,
  ...ACC.flatMap((a, i) => [...get(o), ...get(a), ...v128store(16 * i)]),
  ...get(o),
  ...i32c(64),
  I32_ADD,
  ...set(o),
  ...get(B),
  ...i32c(1),
  I32_ADD,
  ...set(B),
  ...br(0),
  END,
  END,
];

/** The module's bytes. */
export const KERNEL_WASM: Uint8Array = oneFunctionModule({
  name: "rows",
  params: 7,
  locals: [
    [4, I32],
    [5, V128],
    [1, I32],
  ],
  code,
});

/** `rows(from, to, H, S, hold, data, out)` of the compiled module on `memory`. */
export type RowsKernel = (
  from: number,
  to: number,
  H: number,
  S: number,
  hold: number,
  data: number,
  out: number,
) => void;

let compiled: WebAssembly.Module | null | undefined;

/**
 * The kernel instantiated on `memory`, or undefined where WebAssembly SIMD is unavailable (the
 * caller then runs the same loop in JavaScript). Compiled once, synchronously (the module is tiny).
 */
export function wasmRows(memory: WebAssembly.Memory): RowsKernel | undefined {
  if (compiled === undefined) {
    try {
      compiled =
        typeof WebAssembly === "object" ? new WebAssembly.Module(KERNEL_WASM as Uint8Array<ArrayBuffer>) : null;
    } catch {
      compiled = null;
    }
  }
  if (compiled === null) return undefined;
  const instance = new WebAssembly.Instance(compiled, { e: { m: memory } });
  return instance.exports.rows as RowsKernel;
}
