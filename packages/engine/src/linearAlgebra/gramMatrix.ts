import { packColumns, wasmGramSums } from "./_internal/gramWasm.ts";
import { symmetricFromSums, symmetricPut as put } from "./_internal/symmetricPut.ts";

/**
 * `C_ij = c·Σ_t X[i·T + t]·X[j·T + t]`: the N×N cross products of N columns of length T stored
 * column-major (`X[i*T + t]`), the kernel of every covariance estimate. Computed on the upper
 * triangle in 3×3 blocks (nine running sums held in registers, so each value loaded from memory
 * feeds three products instead of one: about twice as fast as one dot product at a time), each
 * sum accumulated in t order, then multiplied by `c` and mirrored, so the result is exactly
 * symmetric. Blocks at the edge repeat the last column (the same sums, written twice).
 * Where WebAssembly SIMD is available the sums come from a wasm kernel (4×4 tiles, two columns a
 * lane pair; linearAlgebra/_internal/gramKernelWasm.ts) that forms each one from the same products
 * added in the same t order: the same bits, about four times faster. This loop is its fallback.
 *
 * Cost: O(T·N²/2) time, O(N²) memory.
 * @param field, what: the input named, and the result described, when an entry overflows.
 * @throws EngineError INVALID_INPUT when an entry overflows a float64 (returns around 1e154).
 */
export function gramMatrix(
  X: Float64Array,
  T: number,
  N: number,
  c: number,
  field = "returns",
  what = "the covariance",
): Float64Array {
  const wasm = wasmGramSums(T, N, packColumns(X));
  if (wasm !== undefined) return symmetricFromSums(wasm.sums, wasm.stride, N, c, field, what);
  const C = new Float64Array(N * N);
  const sums = new Float64Array(9);
  const last = N - 1;
  for (let i = 0; i < N; i += 3) {
    const i1 = i + 1 < N ? i + 1 : last;
    const i2 = i + 2 < N ? i + 2 : last;
    const a0 = i * T;
    const a1 = i1 * T;
    const a2 = i2 * T;
    for (let j = i; j < N; j += 3) {
      const j1 = j + 1 < N ? j + 1 : last;
      const j2 = j + 2 < N ? j + 2 : last;
      const b0 = j * T;
      const b1 = j1 * T;
      const b2 = j2 * T;
      block(X, a0, a1, a2, b0, b1, b2, T, sums);
      put(C, N, field, what, i, j, sums[0]! * c);
      put(C, N, field, what, i, j1, sums[1]! * c);
      put(C, N, field, what, i, j2, sums[2]! * c);
      put(C, N, field, what, i1, j, sums[3]! * c);
      put(C, N, field, what, i1, j1, sums[4]! * c);
      put(C, N, field, what, i1, j2, sums[5]! * c);
      put(C, N, field, what, i2, j, sums[6]! * c);
      put(C, N, field, what, i2, j1, sums[7]! * c);
      put(C, N, field, what, i2, j2, sums[8]! * c);
    }
  }
  return C;
}

/**
 * The nine sums of one 3×3 block, `sums[3r + s] = Σ_t X[a_r + t]·X[b_s + t]`, each in t order. A
 * function of its own so that V8 compiles it after a few calls rather than on-stack replacement
 * of the whole kernel (a first call about a fifth cheaper).
 */
function block(
  X: Float64Array,
  a0: number,
  a1: number,
  a2: number,
  b0: number,
  b1: number,
  b2: number,
  T: number,
  sums: Float64Array,
): void {
  let s00 = 0,
    s01 = 0,
    s02 = 0,
    s10 = 0,
    s11 = 0,
    s12 = 0,
    s20 = 0,
    s21 = 0,
    s22 = 0;
  for (let t = 0; t < T; t++) {
    const y0 = X[b0 + t]!;
    const y1 = X[b1 + t]!;
    const y2 = X[b2 + t]!;
    const x0 = X[a0 + t]!;
    s00 += x0 * y0;
    s01 += x0 * y1;
    s02 += x0 * y2;
    const x1 = X[a1 + t]!;
    s10 += x1 * y0;
    s11 += x1 * y1;
    s12 += x1 * y2;
    const x2 = X[a2 + t]!;
    s20 += x2 * y0;
    s21 += x2 * y1;
    s22 += x2 * y2;
  }
  sums[0] = s00;
  sums[1] = s01;
  sums[2] = s02;
  sums[3] = s10;
  sums[4] = s11;
  sums[5] = s12;
  sums[6] = s20;
  sums[7] = s21;
  sums[8] = s22;
}
