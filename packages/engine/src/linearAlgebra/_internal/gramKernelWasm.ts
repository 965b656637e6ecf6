import { oneFunctionModule } from "../../_internal/wasm/oneFunctionModule.ts";
import {
  END,
  F64X2_ADD,
  F64X2_MUL,
  I32,
  I32_ADD,
  I32_DIV_U,
  I32_GE_S,
  I32_GT_S,
  I32_MUL,
  I32_REM_U,
  I32_SUB,
  IF,
  addTo,
  loopUntil,
  ELSE,
  V128,
  V128_ZERO,
  get,
  i32c,
  set,
  v128load,
  v128load64Splat,
  v128store,
} from "../../_internal/wasm/opcodes.ts";

/**
 * The register tile of the Gram kernel: `rows` values x_ti splatted (both lanes) times `cols`
 * values x_tj loaded two at a time (lanes across columns), `rows·cols/2` vector sums; `panel` the
 * width of the packed panels (a multiple of both, so that a tile never straddles two panels).
 */
export interface GramTile {
  rows: number;
  cols: number;
  panel: number;
  /** Periods a loop pass (default 1): fewer loop instructions per multiply-add. */
  unroll?: number;
}

/**
 * The tile of the shipped kernel: 4 rows × 4 columns, eight two-lane sums, panels of four. Measured
 * on V8 11.3 (x64, sixteen xmm registers) against 2×8 (as fast), 3×6, 6×4 and 4×6 tiles (twelve
 * accumulators: spilled to the stack), 2×4 (more loads per multiply-add) and two periods a loop
 * pass (slower): bench/estimators/gramCeiling.ts.
 */
export const GRAM_TILE: GramTile = { rows: 4, cols: 4, panel: 4 };

// Parameters: 0 data, 1 out (byte addresses), 2 Np (padded columns, the row length of out),
// 3 N (columns), 4 T (periods: the panel height), 5 t0, 6 t1 (the periods summed by this call),
// 7 first (1: the sums start from 0; 0: they continue from those stored in out).
const [DATA, OUT, NP, N, T, T0, T1, FIRST] = [0, 1, 2, 3, 4, 5, 6, 7];
// i32 locals: 8 i0, 9 j0, 10 aBase, 11 bBase, 12 toff, 13 tend, 14 o (the tile's address in out),
// 15 rowBytes (Np·8), 16 panelBytes (T·panel·8), 17 pa, 18 pb (this period's addresses), 19 p.
const [I0, J0, A_BASE, B_BASE, TOFF, TEND, O, ROW_BYTES, PANEL_BYTES, PA, PB, P] = [
  8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
];
const FIRST_V128 = 20;

/**
 * The function's instructions for `tile`: for every tile of rows i0 … i0+rows−1 and columns
 * j0 … j0+cols−1 on or above the diagonal (j0 from the tile column holding i0) of the N columns,
 * the sums `out[i][j] (+)= Σ_{t0 ≤ t < t1} x_ti·x_tj`, each lane one running sum in t order
 * (`acc + x·y`: a product rounded, then a sum rounded; wasm has no fused multiply-add), stored
 * row-major with rows of Np. Packed data: panel p holds columns p·panel … p·panel+panel−1, period
 * by period (`data + ((p·T + t)·panel + k)·8`), zero-padded to Np columns.
 */
export function gramKernelCode(tile: GramTile): number[] {
  const { rows, cols, panel } = tile;
  const unroll = tile.unroll ?? 1;
  const vectors = cols / 2;
  const acc = (r: number, v: number): number => FIRST_V128 + r * vectors + v;
  const B = (v: number): number => FIRST_V128 + rows * vectors + v;
  const X = FIRST_V128 + rows * vectors + vectors;
  const stride = panel * 8;
  /** `data + (c / panel)·panelBytes + (c % panel)·8` for the column index on the stack top (local c). */
  const columnAddress = (c: number): number[] => [
    ...get(DATA),
    ...get(c),
    ...i32c(panel),
    I32_DIV_U,
    ...get(PANEL_BYTES),
    I32_MUL,
    I32_ADD,
    ...get(c),
    ...i32c(panel),
    I32_REM_U,
    ...i32c(8),
    I32_MUL,
    I32_ADD,
  ];
  /** P = o + r·rowBytes, for r = 0 … rows−1 in turn, then `each(r)` with the row's address in P. */
  const perRow = (each: (r: number) => number[]): number[] =>
    Array.from({ length: rows }, (_, r) => [
      ...(r === 0 ? [...get(O), ...set(P)] : [...get(P), ...get(ROW_BYTES), I32_ADD, ...set(P)]),
      ...each(r),
    ]).flat();
  /** One period's products at byte offset `off` past PA and PB (a constant in the memory instructions). */
  const period = (off: number): number[] => [
    ...Array.from({ length: vectors }, (_, v) => [...get(PB), ...v128load(off + 16 * v), ...set(B(v))]).flat(),
    ...Array.from({ length: rows }, (_, r) => [
      ...get(PA),
      ...v128load64Splat(off + 8 * r),
      ...set(X),
      ...Array.from({ length: vectors }, (_, v) => [
        ...get(acc(r, v)),
        ...get(X),
        ...get(B(v)),
        ...F64X2_MUL,
        ...F64X2_ADD,
        ...set(acc(r, v)),
      ]).flat(),
    ]).flat(),
  ];
  /** `u` periods a pass (in t order) while toff + u·stride ≤ tend. */
  const periodLoop = (u: number): number[] =>
    loopUntil(
      [...get(TOFF), ...i32c(u * stride), I32_ADD, ...get(TEND), I32_GT_S],
      [
        ...get(B_BASE),
        ...get(TOFF),
        I32_ADD,
        ...set(PB),
        ...get(A_BASE),
        ...get(TOFF),
        I32_ADD,
        ...set(PA),
        ...Array.from({ length: u }, (_, k) => period(k * stride)).flat(),
        ...addTo(TOFF, u * stride),
      ],
    );
  const all = (f: (r: number, v: number) => number[]): number[] =>
    Array.from({ length: rows }, (_, r) => Array.from({ length: vectors }, (_, v) => f(r, v)).flat()).flat();
  return [
    ...get(NP),
    ...i32c(8),
    I32_MUL,
    ...set(ROW_BYTES),
    ...get(T),
    ...i32c(stride),
    I32_MUL,
    ...set(PANEL_BYTES),
    ...i32c(0),
    ...set(I0),
    ...loopUntil(
      [...get(I0), ...get(N), I32_GE_S],
      [
        ...columnAddress(I0),
        ...set(A_BASE),
        // j0 = i0 − i0 % cols: the tile column holding the diagonal entry.
        ...get(I0),
        ...get(I0),
        ...i32c(cols),
        I32_REM_U,
        I32_SUB,
        ...set(J0),
        ...loopUntil(
          [...get(J0), ...get(N), I32_GE_S],
          [
            ...columnAddress(J0),
            ...set(B_BASE),
            // o = out + (i0·Np + j0)·8
            ...get(OUT),
            ...get(I0),
            ...get(ROW_BYTES),
            I32_MUL,
            I32_ADD,
            ...get(J0),
            ...i32c(8),
            I32_MUL,
            I32_ADD,
            ...set(O),
            ...get(FIRST),
            ...IF,
            ...all((r, v) => [...V128_ZERO, ...set(acc(r, v))]),
            ELSE,
            ...perRow((r) =>
              Array.from({ length: vectors }, (_, v) => [...get(P), ...v128load(16 * v), ...set(acc(r, v))]).flat(),
            ),
            END,
            ...get(T0),
            ...i32c(stride),
            I32_MUL,
            ...set(TOFF),
            ...get(T1),
            ...i32c(stride),
            I32_MUL,
            ...set(TEND),
            ...(unroll > 1 ? periodLoop(unroll) : []),
            ...periodLoop(1),
            ...perRow((r) =>
              Array.from({ length: vectors }, (_, v) => [...get(P), ...get(acc(r, v)), ...v128store(16 * v)]).flat(),
            ),
            ...addTo(J0, cols),
          ],
        ),
        ...addTo(I0, rows),
      ],
    ),
  ];
}

/** The module of `tile`: one function, `gram(data, out, Np, N, T, t0, t1, first)`, on the imported memory. */
export function gramKernelModule(tile: GramTile): Uint8Array {
  const vectors = tile.cols / 2;
  return oneFunctionModule({
    name: "gram",
    params: 8,
    locals: [
      [12, I32],
      [tile.rows * vectors + vectors + 1, V128],
    ],
    code: gramKernelCode(tile),
  });
}

/** `gram(data, out, Np, N, T, t0, t1, first)` of an instantiated kernel (see {@link gramKernelCode}). */
export type GramKernel = (
  data: number,
  out: number,
  Np: number,
  N: number,
  T: number,
  t0: number,
  t1: number,
  first: number,
) => void;
