import Tinypool from "tinypool";
import { EngineError } from "../errors/EngineError.ts";
import { readOptions } from "../_internal/readOptions.ts";
import { assertInteger } from "../_internal/validate.ts";
import type { SweepRunner, SweepTask } from "../walkForward/sweep.ts";

/** Options of {@link tinypoolRunner}. */
export interface TinypoolRunnerOptions {
  /** Worker threads, an integer >= 1; default 2. */
  threads?: number;
  /** Node flags of the workers (e.g. `["--max-old-space-size=2048"]`); default the process's. */
  execArgv?: string[];
}

/** A {@link SweepRunner} over a tinypool worker-thread pool; `close()` ends the workers. */
export interface TinypoolRunner extends SweepRunner {
  /** Ends the pool's workers (tinypool's `destroy()`). */
  close(): Promise<void>;
}

/**
 * A sweep runner over `threads` Node worker threads (tinypool): each task descriptor is sent to a
 * worker, which imports `task.module` and calls `task.export(task.args)` (the same
 * `runSweepTask` the serial runner calls), and the result is sent back (structured clone). An
 * aborted sweep cancels the tasks in flight. Node only: import it from "@thematic/engine/node".
 *
 * @param options `{ threads, execArgv }`.
 * @throws EngineError INVALID_INPUT naming `options.threads` or `options.execArgv`.
 * @example
 * const pool = tinypoolRunner({ threads: 2 });
 * pool.concurrency // => 2
 * await pool.close();
 */
export function tinypoolRunner(options: TinypoolRunnerOptions = {}): TinypoolRunner {
  const o = readOptions<TinypoolRunnerOptions>(options, "{ threads?, execArgv? }", ["threads", "execArgv"]);
  const threads = o.threads ?? 2;
  assertInteger("options.threads", threads, { min: 1, max: 256 });
  if (o.execArgv !== undefined && !(Array.isArray(o.execArgv) && o.execArgv.every((a) => typeof a === "string"))) {
    throw new EngineError("INVALID_INPUT", "options.execArgv must be an array of strings", {
      field: "options.execArgv",
    });
  }
  // The worker is a sibling file: sweepWorker.js once built; from source, a bootstrap that registers tsx in the worker first.
  const filename = new URL(
    import.meta.url.endsWith(".ts") ? "./sweepWorker.source.mjs" : "./sweepWorker.js",
    import.meta.url,
  ).href;
  const pool = new Tinypool({
    filename,
    minThreads: threads,
    maxThreads: threads,
    ...(o.execArgv === undefined ? {} : { execArgv: o.execArgv }),
  });
  return {
    concurrency: threads,
    run: (task: SweepTask, signal: AbortSignal | undefined) =>
      pool.run(task, signal === undefined ? {} : { signal }) as Promise<unknown>,
    close: () => pool.destroy(),
  };
}
