import { preferWasmColumnMeans } from "./compensatedColumnMeans.ts";
import { preferWasmCholesky } from "./_internal/choleskyCheckWasm.ts";
import { preferWasmGram } from "./_internal/gramWasm.ts";

/**
 * Switches the WebAssembly SIMD kernels of the linear algebra (Gram products, the Cholesky check,
 * the column means) on or off, so that tests can run the JavaScript loops they must equal bit for
 * bit; returns the previous setting (of the Gram kernel). Not part of the package's API.
 */
export function preferWasmKernels(prefer: boolean): boolean {
  const previous = preferWasmGram(prefer);
  preferWasmCholesky(prefer);
  preferWasmColumnMeans(prefer);
  return previous;
}
