import { oneFunctionModule } from "../../_internal/wasm/oneFunctionModule.ts";
import {
  F64X2_MUL,
  F64X2_SUB,
  I32,
  I32_ADD,
  I32_GE_S,
  I32_GT_S,
  I32_MUL,
  addTo,
  loopUntil,
  V128,
  get,
  i32c,
  set,
  v128load,
  v128load64Splat,
  v128store,
} from "../../_internal/wasm/opcodes.ts";

// Parameters: 0 lt, 1 s (byte addresses), 2 np (the even row length of Lᵀ), 3 k, 4 i0 (even, ≤ k).
const [LT, S, NP, K, I0] = [0, 1, 2, 3, 4];
// i32 locals: 5 i, 6 rowBytes, 7 pa (Lᵀ[p][i]), 8 pk (Lᵀ[p][k]), 9 pend (Lᵀ[k][k]), 10 si (s + 8i).
const [I, ROW_BYTES, PA, PK, PEND, SI] = [5, 6, 7, 8, 9, 10];
// v128 locals: 11 l (Lᵀ[p][k] in both lanes), 12 … 15 the sums.
const L = 11;
const ACC = [12, 13, 14, 15];

/**
 * `vectors` two-row sums from row i while i + 2·vectors ≤ np: each `s_i −= Lᵀ[p][i]·Lᵀ[p][k]`
 * for p = 0 … k−1 in order (a product rounded, then a difference rounded).
 */
function sweep(vectors: number): number[] {
  const acc = ACC.slice(0, vectors);
  return loopUntil(
    [...get(I), ...i32c(2 * vectors), I32_ADD, ...get(NP), I32_GT_S],
    [
      ...get(S),
      ...get(I),
      ...i32c(8),
      I32_MUL,
      I32_ADD,
      ...set(SI),
      ...acc.flatMap((a, v) => [...get(SI), ...v128load(16 * v), ...set(a)]),
      ...get(LT),
      ...get(I),
      ...i32c(8),
      I32_MUL,
      I32_ADD,
      ...set(PA),
      ...get(LT),
      ...get(K),
      ...i32c(8),
      I32_MUL,
      I32_ADD,
      ...set(PK),
      ...get(PK),
      ...get(K),
      ...get(ROW_BYTES),
      I32_MUL,
      I32_ADD,
      ...set(PEND),
      ...loopUntil(
        [...get(PK), ...get(PEND), I32_GE_S],
        [
          ...get(PK),
          ...v128load64Splat(0),
          ...set(L),
          ...acc.flatMap((a, v) => [
            ...get(a),
            ...get(PA),
            ...v128load(16 * v),
            ...get(L),
            ...F64X2_MUL,
            ...F64X2_SUB,
            ...set(a),
          ]),
          ...addTo(PA, get(ROW_BYTES)),
          ...addTo(PK, get(ROW_BYTES)),
        ],
      ),
      ...acc.flatMap((a, v) => [...get(SI), ...get(a), ...v128store(16 * v)]),
      ...addTo(I, 2 * vectors),
    ],
  );
}

/**
 * The column step of a left-looking Cholesky factorisation in WebAssembly SIMD, `column(lt, s, np,
 * k, i0)`: for the rows i = i0 … np−1 (two lanes at a time, eight rows a block, then two),
 * `s_i −= Σ_{p<k} Lᵀ[p][i]·Lᵀ[p][k]`, subtracted in p order from the s_i the caller stored, with
 * Lᵀ row-major (`lt + (p·np + i)·8`: column p of L contiguous) and s at `s + 8i`. Each lane is
 * the sequence of roundings of the scalar loop (no fused multiply-add), so the factor is the
 * JavaScript one's to the last bit.
 */
export const CHOLESKY_COLUMN_WASM: Uint8Array = oneFunctionModule({
  name: "column",
  params: 5,
  locals: [
    [6, I32],
    [5, V128],
  ],
  code: [...get(NP), ...i32c(8), I32_MUL, ...set(ROW_BYTES), ...get(I0), ...set(I), ...sweep(4), ...sweep(1)],
});

/** `column(lt, s, np, k, i0)` of the instantiated module. */
export type CholeskyColumn = (lt: number, s: number, np: number, k: number, i0: number) => void;
