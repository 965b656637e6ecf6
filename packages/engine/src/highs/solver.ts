import type { Highs, Model } from "highs";
import { EngineError } from "../errors/EngineError.ts";

/**
 * Lazy, cached access to HiGHS (WebAssembly). The module is imported with a dynamic `import()` on
 * the first solve, so importing the engine never loads the 3 MB solver; one instance is shared by
 * every later solve. Models are created with the persistent API and always disposed in `finally`
 * (a persistent model's Wasm memory is not garbage collected).
 */

/** How to find `highs.wasm` (forwarded to the HiGHS loader); see {@link configureOptimizerSolver}. */
export interface SolverLoaderOptions {
  /** Returns the URL or path of a solver asset (`highs.wasm`), e.g. when a bundler moves it. */
  locateFile?(file: string): string;
  /** The Wasm bytes, already loaded. */
  wasmBinary?: ArrayBuffer | ArrayBufferView;
  /** The Wasm module, already compiled. */
  wasmModule?: WebAssembly.Module;
}

let loaderOptions: SolverLoaderOptions = {};
let instance: Promise<Highs> | undefined;

/** Replaces the loader options and forgets any loaded instance (the next solve loads afresh). */
export function setSolverLoaderOptions(options: SolverLoaderOptions): void {
  loaderOptions = { ...options };
  instance = undefined;
}

/** The shared HiGHS instance, loaded on first use. @throws EngineError SOLVER_FAILURE when loading fails. */
export function loadSolver(): Promise<Highs> {
  instance ??= import("highs")
    .then((module) => module.default({ ...loaderOptions }))
    .catch((cause: unknown) => {
      instance = undefined;
      const message = cause instanceof Error ? cause.message : String(cause);
      throw new EngineError("SOLVER_FAILURE", `the HiGHS solver could not be loaded: ${message}`, { cause });
    });
  return instance;
}

/**
 * HiGHS model-status codes (HighsModelStatus in HiGHS's `HConst.h`) the engine acts on: a solve
 * is accepted only when `optimal`; `timeLimitReached` is the deadline of a time-limited solve (the
 * cutting plane's and the discrete allocation's fallbacks). Every other code is a SOLVER_FAILURE
 * named by {@link statusName}.
 */
export const HIGHS_STATUS = { optimal: 7, timeLimitReached: 13 } as const;

/** HiGHS `primal_solution_status` codes: `feasible` when a time-limited solve holds a feasible point. */
export const HIGHS_SOLUTION_STATUS = { feasible: 2 } as const;

const STATUS_NAMES: Record<number, string> = {
  0: "not set",
  1: "load error",
  2: "model error",
  3: "presolve error",
  4: "solve error",
  5: "postsolve error",
  6: "empty model",
  [HIGHS_STATUS.optimal]: "optimal",
  8: "infeasible",
  9: "unbounded or infeasible",
  10: "unbounded",
  11: "objective bound reached",
  12: "objective target reached",
  [HIGHS_STATUS.timeLimitReached]: "time limit reached",
  14: "iteration limit reached",
  15: "unknown",
  16: "solution limit reached",
  17: "interrupted",
};

/** The HiGHS model-status code as words. */
export function statusName(code: number): string {
  return STATUS_NAMES[code] ?? `status ${code}`;
}

/** Options every solve uses: silent, tight tolerances (docs/maths.md#optimizer-tolerances). */
export const SOLVER_OPTIONS = {
  output_flag: false,
  primal_feasibility_tolerance: 1e-10,
  dual_feasibility_tolerance: 1e-10,
  mip_feasibility_tolerance: 1e-10,
  mip_rel_gap: 1e-9,
  mip_abs_gap: 1e-12,
} as const;

/**
 * Creates a model with `create`, applies {@link SOLVER_OPTIONS}, runs `operation` on it and
 * disposes it, whatever happens. A HiGHS exception becomes an EngineError SOLVER_FAILURE; an
 * EngineError thrown by `operation` passes through.
 */
export function withSolverModel<M extends { model: Model }, T>(create: () => M, operation: (handle: M) => T): T {
  let handle: M | undefined;
  try {
    handle = create();
    handle.model.options.set({ ...SOLVER_OPTIONS });
    return operation(handle);
  } catch (cause) {
    if (cause instanceof EngineError) throw cause;
    const message = cause instanceof Error ? cause.message : String(cause);
    throw new EngineError("SOLVER_FAILURE", `the HiGHS solver failed: ${message}`, { cause });
  } finally {
    handle?.model.dispose();
  }
}

/** Runs the model and throws SOLVER_FAILURE unless HiGHS reports it optimal. */
export function runToOptimality(model: Model, what: string): void {
  const { modelStatus } = model.run();
  if (modelStatus !== HIGHS_STATUS.optimal) {
    throw new EngineError("SOLVER_FAILURE", `the HiGHS solver did not certify ${what}: ${statusName(modelStatus)}`);
  }
}
