import { availableParallelism } from "node:os";
import type { Worker } from "node:worker_threads";
import { EngineError, type OptimizerResult } from "@thematic/engine";
import { ApiError } from "../../errors/ApiError.ts";
import { type SolverJob, type SolverRunner, solveAbandoned } from "../../services/optimize/SolverRunner.ts";
import type { SolverRequest, SolverResponse } from "./_internal/solverMessages.ts";
import { spawnSolverWorker } from "./_internal/spawnSolverWorker.ts";

/** Options of {@link createWorkerSolverRunner}. */
export interface WorkerSolverRunnerOptions {
  /** Worker threads, each solving one job at a time. Default {@link defaultSolverWorkers}. */
  workers?: number;
  /** Jobs that may wait for a free worker; one more is refused with 429. Default {@link DEFAULT_SOLVER_QUEUE}. */
  queueMax?: number;
  /** Starts a worker thread (tests inject failures); default {@link spawnSolverWorker}. */
  spawn?: () => Worker;
}

/** Default number of waiting solves: 16 (with one worker, 17 solves in flight at most). */
export const DEFAULT_SOLVER_QUEUE = 16;

/**
 * Share of the time left that the engine gets for its own time limit: the rest is kept for the
 * polish LP after a stopped MILP, the metadata and the message round trip.
 */
const ENGINE_SHARE = 0.8;

/** Extra time past the deadline before a worker that has not answered is terminated. */
const KILL_GRACE_MS = 250;

/** Default worker count: the cores minus one (the event loop keeps one), at least 1. */
export function defaultSolverWorkers(): number {
  return Math.max(1, availableParallelism() - 1);
}

interface Task {
  job: SolverJob;
  /** `performance.now()` after which the request is over its time limit; undefined: no limit. */
  deadline: number | undefined;
  limitMs: number;
  /** Ends the wait of a queued task at its deadline. */
  expiry: ReturnType<typeof setTimeout> | undefined;
  /** Drops or stops the task when the caller's signal aborts (removed once the task settles). */
  onAbort: (() => void) | undefined;
  resolve: (result: OptimizerResult) => void;
  reject: (error: unknown) => void;
}

interface Slot {
  worker: Worker | undefined;
  /** The worker has loaded its modules (posted `ready`): jobs are posted only then. */
  ready: boolean;
  task: Task | undefined;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/**
 * A {@link SolverRunner} on a pool of worker threads (Node), so that a solve never blocks the
 * server's event loop: health and every other route stay responsive while optimizers run.
 *
 * - `workers` threads (default cores − 1, at least 1) each run one solve at a time; up to
 *   `queueMax` more wait in order (default 16). One more is refused at once: 429 `{error}` with
 *   `Retry-After` (seconds).
 * - The time limit (`timeLimitMs`, the `--optimizer-seconds` option) counts from the call, so it
 *   covers the wait in the queue, the LP and the MILP: a job still queued at its deadline is 503 then;
 *   a running mean-CVaR solve gets {@link ENGINE_SHARE} of the time left as the engine's limit
 *   (it then answers its best feasible weights, status "time-limit"); a worker still busy
 *   {@link KILL_GRACE_MS} after the deadline is terminated (503 `{error}`) and replaced.
 * - A job whose `signal` aborts (its clients left) is taken out of the queue, or, when running,
 *   its worker is terminated and replaced, so the next queued job starts at once; it rejects with
 *   `solveAbandoned()` (499).
 * - Threads start lazily (or with `warm()`), are `unref`'d (they never keep the process alive) and
 *   stop with `close()`.
 *
 * @example
 * const solver = createWorkerSolverRunner({ workers: 1 });
 * const mock = createMock({ solver }); // … later: await solver.close()
 */
export function createWorkerSolverRunner(options: WorkerSolverRunnerOptions = {}): SolverRunner & { warm(): void } {
  const size = options.workers ?? defaultSolverWorkers();
  const queueMax = options.queueMax ?? DEFAULT_SOLVER_QUEUE;
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`workers must be an integer >= 1, got ${size}`);
  if (!Number.isInteger(queueMax) || queueMax < 0) throw new RangeError(`queueMax must be an integer >= 0, got ${queueMax}`);
  const spawn = options.spawn ?? spawnSolverWorker;
  const slots: Slot[] = Array.from({ length: size }, () => ({ worker: undefined, ready: false, task: undefined, timer: undefined }));
  const queue: Task[] = [];
  let closed = false;

  const start = (slot: Slot): Worker => {
    const worker = spawn();
    worker.unref();
    slot.ready = false;
    worker.on("message", (message: SolverResponse | { ready: true }) => {
      if (slot.worker !== worker) return;
      if ("ready" in message) {
        slot.ready = true;
        if (slot.task !== undefined) send(slot, slot.task);
        return;
      }
      const task = slot.task;
      finish(slot);
      if (task === undefined) return;
      if (message.ok) task.resolve(message.result);
      else if (message.engine !== undefined) task.reject(new EngineError(message.engine.code, message.engine.message, message.engine.field === undefined ? {} : { field: message.engine.field }));
      else task.reject(new Error(`optimizer worker failed: ${message.message}`));
    });
    worker.on("error", (error) => {
      if (slot.worker !== worker) return;
      const task = slot.task;
      slot.worker = undefined; // a fresh thread for the next job
      finish(slot);
      task?.reject(new Error(`optimizer worker thread failed: ${error.stack ?? error.message}`));
    });
    return worker;
  };

  /** Frees a slot and hands it the next queued job. */
  const finish = (slot: Slot) => {
    if (slot.timer !== undefined) clearTimeout(slot.timer);
    slot.timer = undefined;
    slot.task = undefined;
    pump();
  };

  const pump = () => {
    for (const slot of slots) {
      while (slot.task === undefined && queue.length > 0 && !closed) dispatch(slot, queue.shift()!);
    }
  };

  /** Gives `task` to `slot`: posted at once when its worker is ready, else when it posts `ready`. */
  const dispatch = (slot: Slot, task: Task) => {
    if (task.expiry !== undefined) clearTimeout(task.expiry);
    if (task.deadline !== undefined && task.deadline <= performance.now()) {
      task.reject(overTime(task.limitMs, "while it waited for a free optimizer worker"));
      return;
    }
    if (slot.worker === undefined) {
      try {
        slot.worker = start(slot);
      } catch (error) {
        task.reject(error); // the worker entry cannot be found or loaded: a packaging bug (500)
        return;
      }
    }
    slot.task = task;
    if (slot.ready) send(slot, task);
  };

  /** Posts `task` to the slot's ready worker with the time left, and arms the last-resort termination. */
  const send = (slot: Slot, task: Task) => {
    const left = task.deadline === undefined ? undefined : task.deadline - performance.now();
    if (left !== undefined && left <= 0) {
      finish(slot);
      task.reject(overTime(task.limitMs, "while an optimizer worker started"));
      return;
    }
    const request: SolverRequest = { job: task.job, timeLimitMs: left === undefined ? 0 : Math.max(1, Math.floor(left * ENGINE_SHARE)) };
    slot.worker!.postMessage(request);
    if (left !== undefined) {
      slot.timer = setTimeout(() => {
        const stuck = slot.task;
        stop(slot);
        stuck?.reject(overTime(task.limitMs, "and the solve was stopped"));
      }, left + KILL_GRACE_MS);
      slot.timer.unref?.();
    }
  };

  /** Terminates the slot's worker (its solve is abandoned), starts its replacement and moves the queue on. */
  const stop = (slot: Slot) => {
    void slot.worker?.terminate();
    slot.worker = undefined;
    if (!closed) {
      try {
        slot.worker = start(slot); // the replacement boots while the queue moves on
      } catch {
        // started again, and reported, on the next dispatch
      }
    }
    finish(slot);
  };

  /** The caller's signal aborted: drop `task` from the queue, or stop the worker running it. */
  const abandon = (task: Task) => {
    const at = queue.indexOf(task);
    if (at >= 0) {
      queue.splice(at, 1);
      if (task.expiry !== undefined) clearTimeout(task.expiry);
    } else {
      const slot = slots.find((s) => s.task === task);
      if (slot === undefined) return; // already settled
      stop(slot);
    }
    task.reject(solveAbandoned());
  };

  return {
    run(job, timeLimitMs, signal) {
      if (closed) return Promise.reject(new ApiError(503, "the optimizer pool is shut down (the server is stopping)"));
      if (signal?.aborted === true) return Promise.reject(solveAbandoned());
      return new Promise<OptimizerResult>((resolveRun, rejectRun) => {
        const detach = () => {
          if (task.onAbort !== undefined) signal?.removeEventListener("abort", task.onAbort);
        };
        const resolve = (result: OptimizerResult) => {
          detach();
          resolveRun(result);
        };
        const reject = (error: unknown) => {
          detach();
          rejectRun(error);
        };
        const task: Task = { job, deadline: timeLimitMs > 0 ? performance.now() + timeLimitMs : undefined, limitMs: timeLimitMs, expiry: undefined, onAbort: undefined, resolve, reject };
        if (signal !== undefined) {
          task.onAbort = () => abandon(task);
          signal.addEventListener("abort", task.onAbort, { once: true });
        }
        const free = slots.find((s) => s.task === undefined);
        if (free !== undefined) return dispatch(free, task);
        if (queue.length >= queueMax) {
          const retry = Math.max(1, Math.ceil(timeLimitMs / 1000));
          return reject(
            new ApiError(429, `the optimizer is busy: ${size} solve${size === 1 ? "" : "s"} running and ${queue.length} waiting (the limit); retry in ${retry} s`, {
              headers: { "Retry-After": String(retry) },
            }),
          );
        }
        queue.push(task);
        if (task.deadline !== undefined) {
          task.expiry = setTimeout(() => {
            const at = queue.indexOf(task);
            if (at < 0) return;
            queue.splice(at, 1);
            reject(overTime(timeLimitMs, "while it waited for a free optimizer worker"));
          }, timeLimitMs);
          task.expiry.unref?.();
        }
      });
    },
    warm() {
      for (const slot of slots) if (!closed) slot.worker ??= start(slot); // a failure here is the caller's to see
    },
    async close() {
      closed = true;
      for (const task of queue.splice(0)) {
        if (task.expiry !== undefined) clearTimeout(task.expiry);
        task.reject(new ApiError(503, "the optimizer pool is shut down (the server is stopping)"));
      }
      await Promise.all(
        slots.map(async (slot) => {
          if (slot.timer !== undefined) clearTimeout(slot.timer);
          const worker = slot.worker;
          slot.worker = undefined;
          slot.task?.reject(new ApiError(503, "the optimizer pool is shut down (the server is stopping)"));
          slot.task = undefined;
          await worker?.terminate();
        }),
      );
    },
  };
}

function overTime(limitMs: number, what: string): ApiError {
  return new ApiError(503, `the optimizer did not finish within the time limit of ${limitMs / 1000} s (--optimizer-seconds) ${what}; retry later or with fewer companies`);
}
