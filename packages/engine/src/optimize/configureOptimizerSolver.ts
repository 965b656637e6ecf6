import { EngineError } from "../errors/EngineError.ts";
import { readOptions } from "../_internal/readOptions.ts";
import { setSolverLoaderOptions, type SolverLoaderOptions } from "../highs/solver.ts";

export type { SolverLoaderOptions };

/**
 * Tells the engine how to load the HiGHS WebAssembly solver used by {@link meanCvarOptimize}. Not
 * needed in Node, where `highs.wasm` is found beside the package; in a browser bundle pass
 * `locateFile` (or `wasmBinary` / `wasmModule`). The solver is imported with a dynamic `import()`
 * on the first solve and cached, so importing the engine never loads it; calling this function
 * drops the cached instance, and the next solve loads with the new options.
 *
 * @see docs/maths.md#solver
 * Cost: O(1); the load itself (about 40 ms in Node) happens on the next solve.
 * @param options `locateFile(file)` returning the URL of `highs.wasm`, or the bytes / compiled module;
 *   `{}` restores the defaults.
 * @throws EngineError INVALID_INPUT when `options` is not an object, `locateFile` is not a function,
 *   `wasmBinary` is not an ArrayBuffer or typed array, or `wasmModule` is not a `WebAssembly.Module`.
 * @example
 * configureOptimizerSolver({ locateFile: (file) => `/assets/${file}` }) // => undefined (a bundle serving highs.wasm under /assets)
 * configureOptimizerSolver({}) // => undefined (the defaults again)
 */
export function configureOptimizerSolver(options: SolverLoaderOptions): void {
  // Required: undefined is refused like null (configureOptimizerSolver({}) restores the defaults).
  readOptions<SolverLoaderOptions>(options ?? null, "{ locateFile?, wasmBinary?, wasmModule? }", [
    "locateFile",
    "wasmBinary",
    "wasmModule",
  ]);
  if (options.locateFile !== undefined && typeof options.locateFile !== "function") {
    throw new EngineError("INVALID_INPUT", "options.locateFile must be a function (file: string) => string", {
      field: "options.locateFile",
    });
  }
  if (
    options.wasmBinary !== undefined &&
    !(options.wasmBinary instanceof ArrayBuffer || ArrayBuffer.isView(options.wasmBinary))
  ) {
    throw new EngineError(
      "INVALID_INPUT",
      "options.wasmBinary must be an ArrayBuffer or a typed array of the Wasm bytes",
      {
        field: "options.wasmBinary",
      },
    );
  }
  if (
    options.wasmModule !== undefined &&
    (typeof WebAssembly === "undefined" || !(options.wasmModule instanceof WebAssembly.Module))
  ) {
    throw new EngineError("INVALID_INPUT", "options.wasmModule must be a WebAssembly.Module", {
      field: "options.wasmModule",
    });
  }
  setSolverLoaderOptions(options);
}
