import { deviationsColumnMajor } from "./deviationsColumnMajor.ts";
import { gramMatrix } from "./gramMatrix.ts";
import { packDeviations, wasmGramSums } from "./_internal/gramWasm.ts";
import { symmetricFromSums } from "./_internal/symmetricPut.ts";

/**
 * `C_ij = c·Σ_t x_ti·x_tj` with `x_ti = R[t·N + i] − mean_i` (times `scale_t` when given), R a
 * row-major T×N matrix: {@link gramMatrix} of the deviations without storing them. With the
 * WebAssembly kernel the deviations are formed while R is copied into its panels (one pass);
 * without it they are stored column-major ({@link deviationsColumnMajor}) for the JavaScript
 * kernel. Each deviation is the same subtraction (and product) either way, so the result is
 * gramMatrix's to the last bit.
 *
 * Cost: O(T·N²/2) time, O(N²) memory (O(T·N) more without WebAssembly).
 * @throws EngineError INVALID_INPUT naming `field` when an entry overflows a float64.
 */
export function centredGramMatrix(
  R: Float64Array,
  T: number,
  N: number,
  mean: Float64Array,
  c: number,
  scale?: Float64Array,
  field = "returns",
  what = "the covariance",
): Float64Array {
  const wasm = wasmGramSums(T, N, packDeviations(R, mean, scale));
  if (wasm !== undefined) return symmetricFromSums(wasm.sums, wasm.stride, N, c, field, what);
  return gramMatrix(deviationsColumnMajor(R, T, N, mean, scale), T, N, c, field, what);
}
