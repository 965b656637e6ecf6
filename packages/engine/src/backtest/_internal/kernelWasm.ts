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

const I32 = 0x7f;
const V128 = 0x7b;

function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n !== 0) byte |= 0x80;
    out.push(byte);
  } while (n !== 0);
  return out;
}

function sleb(n: number): number[] {
  const out: number[] = [];
  for (;;) {
    const byte = n & 0x7f;
    n >>= 7;
    if ((n === 0 && (byte & 0x40) === 0) || (n === -1 && (byte & 0x40) !== 0)) {
      out.push(byte);
      return out;
    }
    out.push(byte | 0x80);
  }
}

const section = (id: number, body: number[]): number[] => [id, ...uleb(body.length), ...body];
const name = (s: string): number[] => [...uleb(s.length), ...Array.from(s, (c) => c.charCodeAt(0))];

// Opcodes.
const get = (i: number) => [0x20, ...uleb(i)];
const set = (i: number) => [0x21, ...uleb(i)];
const i32c = (v: number) => [0x41, ...sleb(v)];
const I32_ADD = 0x6a;
const I32_MUL = 0x6c;
const I32_SHL = 0x74;
const I32_LT_S = 0x48;
const I32_GT_S = 0x4a;
const I32_GE_S = 0x4e;
const i32load = (offset: number) => [0x28, 2, ...uleb(offset)];
const f64load = (offset: number) => [0x2b, 3, ...uleb(offset)];
const v128load = (offset: number) => [0xfd, 0x00, 4, ...uleb(offset)];
const v128store = (offset: number) => [0xfd, 0x0b, 4, ...uleb(offset)];
const V128_ZERO = [0xfd, 0x0c, ...new Array<number>(16).fill(0)];
const F64X2_SPLAT = [0xfd, 0x14];
const F64X2_ADD = [0xfd, ...uleb(240)];
const F64X2_MUL = [0xfd, ...uleb(242)];
const BLOCK = [0x02, 0x40];
const LOOP = [0x03, 0x40];
const IF = [0x04, 0x40];
const ELSE = 0x05;
const END = 0x0b;
const br = (d: number) => [0x0c, ...uleb(d)];
const brIf = (d: number) => [0x0d, ...uleb(d)];

// Params: 0 from, 1 to, 2 H, 3 S, 4 hold, 5 data, 6 out. Locals: 7 h, 8 rec, 9 lo, 10 o (i32);
// 11..14 the four accumulators (rows 0-1, 2-3, 4-5, 6-7), 15 c (v128); 16 address (i32).
const [B, TO, H, S, HOLD, DATA, OUT, h, rec, lo, o, c, addr] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 15, 16];
const ACC = [11, 12, 13, 14];

/** a_i += c for the four accumulators (a constant term: cash before purchase or after delisting). */
const addConstant = ACC.flatMap((a) => [...get(a), ...get(c), ...F64X2_ADD, ...set(a)]);

/** The function body: local declarations, then the two nested loops (blocks, holdings). */
const body: number[] = [
  ...uleb(3),
  ...uleb(4),
  I32,
  ...uleb(5),
  V128,
  ...uleb(1),
  I32, // local declarations
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
  END,
];

/** The module's bytes. */
export const KERNEL_WASM: Uint8Array = Uint8Array.from([
  0x00,
  0x61,
  0x73,
  0x6d,
  0x01,
  0x00,
  0x00,
  0x00,
  ...section(1, [1, 0x60, 7, I32, I32, I32, I32, I32, I32, I32, 0]),
  ...section(2, [1, ...name("e"), ...name("m"), 0x02, 0x00, 1]),
  ...section(3, [1, 0]),
  ...section(7, [1, ...name("rows"), 0x00, 0]),
  ...section(10, [1, ...uleb(body.length), ...body]),
]);

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
