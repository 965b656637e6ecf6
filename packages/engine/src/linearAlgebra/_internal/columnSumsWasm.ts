import { oneFunctionModule } from "../../_internal/wasm/oneFunctionModule.ts";
import {
  BLOCK,
  END,
  F64X2_ABS,
  F64X2_ADD,
  F64X2_GE,
  F64X2_MUL,
  F64X2_SUB,
  I32,
  I32_ADD,
  I32_GE_S,
  I32_GT_S,
  I32_LT_S,
  I32_MUL,
  LOOP,
  V128,
  V128_BITSELECT,
  V128_ZERO,
  brIf,
  get,
  i32c,
  set,
  tee,
  addTo,
  loopUntil,
  v128load,
  v128load64Splat,
  v128store,
} from "../../_internal/wasm/opcodes.ts";

// Parameters: 0 r, 1 w, 2 out (byte addresses), 3 T, 4 Np (the even row length of r).
const [R, W, OUT, T, NP] = [0, 1, 2, 3, 4];
// i32 locals: 5 i, 6 rowBytes, 7 p (this row's address), 8 pw (this period's weight), 9 pend.
const [I, ROW_BYTES, P, PW, PEND] = [5, 6, 7, 8, 9];
// v128 locals: 10 the weight, 11 x, 12 u, then the sums and corrections of up to four lane pairs.
const [WV, X, U] = [10, 11, 12];
const SUM = [13, 14, 15, 16];
const CORR = [17, 18, 19, 20];

/**
 * One Neumaier step on lane pair v: `x = r·w; u = s + x; c += |s| ≥ |x| ? (s − u) + x : (x − u) + s;
 * s = u`, both branches computed and one selected per lane (the scalar loop's roundings exactly).
 */
const step = (v: number): number[] => {
  const s = SUM[v]!;
  const c = CORR[v]!;
  return [
    ...get(P),
    ...v128load(16 * v),
    ...get(WV),
    ...F64X2_MUL,
    ...set(X),
    ...get(s),
    ...get(X),
    ...F64X2_ADD,
    ...set(U),
    ...get(c),
    // (s − u) + x
    ...get(s),
    ...get(U),
    ...F64X2_SUB,
    ...get(X),
    ...F64X2_ADD,
    // (x − u) + s
    ...get(X),
    ...get(U),
    ...F64X2_SUB,
    ...get(s),
    ...F64X2_ADD,
    // |s| ≥ |x|
    ...get(s),
    ...F64X2_ABS,
    ...get(X),
    ...F64X2_ABS,
    ...F64X2_GE,
    ...V128_BITSELECT,
    ...F64X2_ADD,
    ...set(c),
    ...get(U),
    ...set(s),
  ];
};

/** Columns i … i + 2·vectors − 1 while they fit in Np: the sums over every period, stored at out (sums) and out + Np·8 (corrections). */
function sweep(vectors: number): number[] {
  const lanes = Array.from({ length: vectors }, (_, v) => v);
  return loopUntil(
    [...get(I), ...i32c(2 * vectors), I32_ADD, ...get(NP), I32_GT_S],
    [
      ...lanes.flatMap((v) => [...V128_ZERO, ...set(SUM[v]!), ...V128_ZERO, ...set(CORR[v]!)]),
      ...get(R),
      ...get(I),
      ...i32c(8),
      I32_MUL,
      I32_ADD,
      ...set(P),
      ...get(W),
      ...set(PW),
      ...BLOCK,
      ...LOOP,
      ...get(PW),
      ...get(PEND),
      I32_GE_S,
      ...brIf(1),
      ...get(PW),
      ...v128load64Splat(0),
      ...set(WV),
      ...lanes.flatMap(step),
      ...addTo(P, get(ROW_BYTES)),
      ...get(PW),
      ...i32c(8),
      I32_ADD,
      ...tee(PW),
      ...get(PEND),
      I32_LT_S,
      ...brIf(0),
      END,
      END,
      ...lanes.flatMap((v) => [
        ...get(OUT),
        ...get(I),
        ...i32c(8),
        I32_MUL,
        I32_ADD,
        ...get(SUM[v]!),
        ...v128store(16 * v),
        ...get(OUT),
        ...get(I),
        ...i32c(8),
        I32_MUL,
        I32_ADD,
        ...get(ROW_BYTES),
        I32_ADD,
        ...get(CORR[v]!),
        ...v128store(16 * v),
      ]),
      ...addTo(I, 2 * vectors),
    ],
  );
}

/**
 * `sums(r, w, out, T, Np)`: for every column i of the row-major T×Np matrix at r, the Neumaier sum
 * of `r_ti·w_t` over t in order (w the T weights at w), as the JavaScript loop of
 * `compensatedColumnMeans` takes it: lanes across columns (eight at a time, then two), so each
 * column's running sum and correction are that loop's to the last bit. Sums stored at out,
 * corrections at out + Np·8.
 */
export const COLUMN_SUMS_WASM: Uint8Array = oneFunctionModule({
  name: "sums",
  params: 5,
  locals: [
    [5, I32],
    [11, V128],
  ],
  code: [
    ...get(NP),
    ...i32c(8),
    I32_MUL,
    ...set(ROW_BYTES),
    ...get(W),
    ...get(T),
    ...i32c(8),
    I32_MUL,
    I32_ADD,
    ...set(PEND),
    ...i32c(0),
    ...set(I),
    ...sweep(4),
    ...sweep(1),
  ],
});

/** `sums(r, w, out, T, Np)` of the instantiated module. */
export type ColumnSums = (r: number, w: number, out: number, T: number, Np: number) => void;
