import { sleb, uleb } from "./leb128.ts";

/**
 * The WebAssembly instructions the engine's hand-written SIMD kernels use, as byte arrays to
 * spread into a function body (the WebAssembly core specification, section 5.4, and the fixed-width
 * SIMD proposal's opcode table, prefix 0xfd). Memory instructions take the alignment as log₂ bytes
 * and a constant byte offset added to the address on the stack.
 */

/** Value types. */
export const I32 = 0x7f;
export const V128 = 0x7b;

/** Locals. */
export const get = (i: number): number[] => [0x20, ...uleb(i)];
export const set = (i: number): number[] => [0x21, ...uleb(i)];
export const tee = (i: number): number[] => [0x22, ...uleb(i)];

/** 32-bit integers. */
export const i32c = (v: number): number[] => [0x41, ...sleb(v)];
export const I32_ADD = 0x6a;
export const I32_SUB = 0x6b;
export const I32_MUL = 0x6c;
export const I32_DIV_U = 0x6e;
export const I32_REM_U = 0x70;
export const I32_SHL = 0x74;
export const I32_LT_S = 0x48;
export const I32_GT_S = 0x4a;
export const I32_GE_S = 0x4e;
export const i32load = (offset: number): number[] => [0x28, 2, ...uleb(offset)];

/** 64-bit floats and 128-bit vectors (two float64 lanes). */
export const f64load = (offset: number): number[] => [0x2b, 3, ...uleb(offset)];
export const v128load = (offset: number): number[] => [0xfd, 0x00, 4, ...uleb(offset)];
/** One float64 loaded into both lanes (`v128.load64_splat`). */
export const v128load64Splat = (offset: number): number[] => [0xfd, 0x0a, 3, ...uleb(offset)];
export const v128store = (offset: number): number[] => [0xfd, 0x0b, 4, ...uleb(offset)];
export const V128_ZERO: number[] = [0xfd, 0x0c, ...new Array<number>(16).fill(0)];
export const F64X2_SPLAT: number[] = [0xfd, 0x14];
export const F64X2_ABS: number[] = [0xfd, ...uleb(236)];
/** Lane-wise a ≥ b: all ones where true, all zeros where false. */
export const F64X2_GE: number[] = [0xfd, ...uleb(76)];
/** `bitselect(a, b, mask)`: the bits of a where mask is 1, of b where it is 0. */
export const V128_BITSELECT: number[] = [0xfd, ...uleb(82)];
export const F64X2_ADD: number[] = [0xfd, ...uleb(240)];
export const F64X2_SUB: number[] = [0xfd, ...uleb(241)];
export const F64X2_MUL: number[] = [0xfd, ...uleb(242)];

/** Control: blocks and loops without results, branches by depth. */
export const BLOCK: number[] = [0x02, 0x40];
export const LOOP: number[] = [0x03, 0x40];
export const IF: number[] = [0x04, 0x40];
export const ELSE = 0x05;
export const END = 0x0b;
export const br = (d: number): number[] => [0x0c, ...uleb(d)];
export const brIf = (d: number): number[] => [0x0d, ...uleb(d)];

/**
 * `while (!exit) body`: a block around a loop that leaves when the i32 condition `exit` is true
 * and branches back after `body` (inside `body`, depth 0 is the loop and depth 1 its block).
 */
export const loopUntil = (exit: number[], body: number[]): number[] => [
  ...BLOCK,
  ...LOOP,
  ...exit,
  ...brIf(1),
  ...body,
  ...br(0),
  END,
  END,
];

/** `local += step` on an i32 local: a constant, or the instructions that push the step. */
export const addTo = (local: number, step: number | number[]): number[] => [
  ...get(local),
  ...(typeof step === "number" ? i32c(step) : step),
  I32_ADD,
  ...set(local),
];
