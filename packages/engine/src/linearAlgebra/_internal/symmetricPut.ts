import { EngineError } from "../../errors/EngineError.ts";

/**
 * Writes `v` at (i, j) and (j, i) of the N×N row-major C (−0 written as 0); the cross products of
 * the Gram kernels end here, so an overflow is refused in one place.
 * @throws EngineError INVALID_INPUT naming `field` when `v` is not finite (`what` overflows a float64).
 */
export function symmetricPut(
  C: Float64Array,
  N: number,
  field: string,
  what: string,
  i: number,
  j: number,
  v: number,
): void {
  if (!Number.isFinite(v)) {
    throw new EngineError("INVALID_INPUT", `${field} is out of range: ${what} overflows a float64 (exceeds 1.8e308)`, {
      field,
    });
  }
  C[i * N + j] = v + 0;
  C[j * N + i] = v + 0;
}

/** C_ij = C_ji = c·sums[i·stride + j] for i ≤ j < N (the upper triangle of a kernel's sums), through {@link symmetricPut}. */
export function symmetricFromSums(
  sums: Float64Array,
  stride: number,
  N: number,
  c: number,
  field: string,
  what: string,
): Float64Array {
  const C = new Float64Array(N * N);
  for (let i = 0; i < N; i++) {
    for (let j = i; j < N; j++) symmetricPut(C, N, field, what, i, j, sums[i * stride + j]! * c);
  }
  return C;
}
