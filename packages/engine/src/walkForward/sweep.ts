import { EngineError } from "../errors/EngineError.ts";
import { readOptions } from "../_internal/readOptions.ts";

/**
 * One task of a sweep, as plain data so it can cross a thread, a process or a machine: the module to
 * import (an absolute URL such as `file:///…/tasks.js`, or a bare package specifier), the name of
 * the function it exports, and that function's argument (plain data: JSON values, typed arrays; no
 * functions). Running it is `(await import(module))[export](args)`.
 */
export interface SweepTask<A = unknown> {
  readonly module: string;
  readonly export: string;
  readonly args: A;
}

/** Reported after each task finishes: how many are done, of how many, and which one just finished. */
export interface SweepProgress {
  readonly done: number;
  readonly total: number;
  readonly index: number;
}

/** Runs tasks: in this thread ({@link serialRunner}) or in a pool (`tinypoolRunner` of "@thematic/engine/node", a Web Worker pool). */
export interface SweepRunner {
  /** Tasks kept in flight at once (1 for the serial runner, the threads of a pool). */
  readonly concurrency: number;
  /** Runs one task; should stop early when `signal` aborts (a pool cancels the worker's task). */
  run(task: SweepTask, signal: AbortSignal | undefined): Promise<unknown>;
}

/** Options of {@link sweep}. */
export interface SweepOptions {
  /** Default {@link serialRunner}. */
  runner?: SweepRunner;
  /** Called after each task, in the order tasks finish. */
  onProgress?: (progress: SweepProgress) => void;
  /** Aborting rejects the sweep with `signal.reason`; no task starts after it, running ones are told. */
  signal?: AbortSignal;
}

/**
 * Runs `(await import(task.module))[task.export](task.args)` here, in this thread: the serial
 * runner's step, and what a pool's worker does on its side.
 * @throws EngineError INVALID_INPUT (as a rejection) naming `task.module` when it cannot be
 *   imported, `task.export` when it is not a function; whatever the task throws.
 * @example
 * const task = { module: "data:text/javascript,export const twice = (x) => 2 * x", export: "twice", args: 21 };
 * await runSweepTask(task) // => 42
 */
export async function runSweepTask(task: SweepTask): Promise<unknown> {
  checkTask("task", task);
  let mod: Record<string, unknown>;
  try {
    mod = (await import(/* @vite-ignore */ task.module)) as Record<string, unknown>;
  } catch (e) {
    throw new EngineError(
      "INVALID_INPUT",
      `task.module ${JSON.stringify(task.module)} could not be imported: ${e instanceof Error ? e.message : String(e)}`,
      { field: "task.module", cause: e },
    );
  }
  const f = mod[task.export];
  if (typeof f !== "function") {
    throw new EngineError(
      "INVALID_INPUT",
      `task.export: ${JSON.stringify(task.module)} exports no function ${JSON.stringify(task.export)}`,
      { field: "task.export" },
    );
  }
  return await (f as (args: unknown) => unknown)(task.args);
}

/** Runs each task in this thread, one at a time. */
export const serialRunner: SweepRunner = Object.freeze({
  concurrency: 1,
  run: (task: SweepTask) => runSweepTask(task),
});

/**
 * Runs every task and returns their results in task order, with at most `runner.concurrency` in
 * flight, reporting progress after each and stopping on `signal`. A task is plain data (see
 * {@link SweepTask}), so the same call runs serially, over a thread pool, or (the descriptors being
 * JSON) on a queue of machines, and every runner gives the same results: a task's result depends
 * on its descriptor only.
 *
 * Cost: the tasks' own, divided by the concurrency the runner achieves.
 * @param tasks the descriptors, see {@link SweepTask}.
 * @param options `{ runner, onProgress, signal }`.
 * @returns a Promise of the results, `results[k]` the result of `tasks[k]`.
 * @throws EngineError INVALID_INPUT (as a rejection) naming `tasks[k].module`, `tasks[k].export`,
 *   `tasks[k].args` (not plain data) or `options.*`; the first task error; `signal.reason` when aborted.
 * @example
 * const task = (x) => ({ module: "data:text/javascript,export const square = (x) => x * x", export: "square", args: x });
 * await sweep([task(2), task(3)], { onProgress: () => {} }) // => [4, 9]
 */
export async function sweep(tasks: readonly SweepTask[], options: SweepOptions = {}): Promise<unknown[]> {
  if (!Array.isArray(tasks))
    throw new EngineError("INVALID_INPUT", "tasks must be an array of { module, export, args }", { field: "tasks" });
  tasks.forEach((task, k) => checkTask(`tasks[${k}]`, task));
  const o = readOptions<SweepOptions>(options, "{ runner?, onProgress?, signal? }", ["runner", "onProgress", "signal"]);
  const runner = o.runner ?? serialRunner;
  if (
    runner === null ||
    typeof runner !== "object" ||
    typeof runner.run !== "function" ||
    !Number.isInteger(runner.concurrency) ||
    runner.concurrency < 1
  ) {
    throw new EngineError(
      "INVALID_INPUT",
      "options.runner must be { concurrency (an integer >= 1), run(task, signal) }",
      { field: "options.runner" },
    );
  }
  if (o.onProgress !== undefined && typeof o.onProgress !== "function") {
    throw new EngineError("INVALID_INPUT", "options.onProgress must be a function", { field: "options.onProgress" });
  }
  const signal = o.signal;
  if (
    signal !== undefined &&
    (signal === null ||
      typeof signal !== "object" ||
      typeof signal.aborted !== "boolean" ||
      typeof signal.addEventListener !== "function")
  ) {
    throw new EngineError("INVALID_INPUT", "options.signal must be an AbortSignal", { field: "options.signal" });
  }
  signal?.throwIfAborted();
  const results: unknown[] = new Array(tasks.length);
  let next = 0;
  let done = 0;
  return new Promise<unknown[]>((resolve, reject) => {
    let failed = false;
    const fail = (e: unknown): void => {
      if (failed) return;
      failed = true;
      signal?.removeEventListener("abort", onAbort);
      reject(e);
    };
    const onAbort = (): void => fail(signal!.reason);
    signal?.addEventListener("abort", onAbort, { once: true });
    const start = (): void => {
      if (failed || next >= tasks.length) return;
      const k = next++;
      runner.run(tasks[k]!, signal).then((value) => {
        if (failed) return;
        results[k] = value;
        done++;
        try {
          o.onProgress?.(Object.freeze({ done, total: tasks.length, index: k }));
        } catch (e) {
          fail(e);
          return;
        }
        if (done === tasks.length) {
          signal?.removeEventListener("abort", onAbort);
          resolve(results);
        } else start();
      }, fail);
    };
    if (tasks.length === 0) resolve(results);
    for (let s = 0; s < Math.min(runner.concurrency, tasks.length); s++) start();
  });
}

/** Checks a descriptor: two non-empty strings, a module that is not a relative path, and plain-data args. */
function checkTask(field: string, task: unknown): asserts task is SweepTask {
  if (task === null || typeof task !== "object")
    throw new EngineError("INVALID_INPUT", `${field} must be { module, export, args }`, { field });
  const t = task as Partial<SweepTask>;
  if (typeof t.module !== "string" || t.module.length === 0 || t.module.startsWith(".")) {
    throw new EngineError(
      "INVALID_INPUT",
      `${field}.module must be an absolute URL or a package specifier (a relative path resolves differently in each worker), got ${JSON.stringify(t.module)}`,
      { field: `${field}.module` },
    );
  }
  if (typeof t.export !== "string" || t.export.length === 0) {
    throw new EngineError(
      "INVALID_INPUT",
      `${field}.export must be the name of an exported function, got ${JSON.stringify(t.export)}`,
      { field: `${field}.export` },
    );
  }
  const bad = notPlainData(t.args, `${field}.args`, 0);
  if (bad !== undefined)
    throw new EngineError(
      "INVALID_INPUT",
      `${bad} must be plain data (JSON values, typed arrays): functions and symbols do not cross threads`,
      { field: bad },
    );
}

/** The path of the first value in `value` that cannot be sent as data, if any. */
function notPlainData(value: unknown, path: string, depth: number): string | undefined {
  if (typeof value === "function" || typeof value === "symbol" || depth > 64) return path;
  if (value === null || typeof value !== "object" || ArrayBuffer.isView(value)) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const bad = notPlainData(value[i], `${path}[${i}]`, depth + 1);
      if (bad !== undefined) return bad;
    }
    return undefined;
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return path;
  for (const [key, v] of Object.entries(value)) {
    const bad = notPlainData(v, `${path}.${key}`, depth + 1);
    if (bad !== undefined) return bad;
  }
  return undefined;
}
