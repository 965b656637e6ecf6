import { availableParallelism } from "node:os";
import type { Worker } from "node:worker_threads";
import { EngineError, type OptimizerResult } from "@thematic/engine";
import { ApiError } from "../../errors/ApiError.ts";
import { type SolverJob, type SolverRunner, solveAbandoned } from "../../context/SolverRunner.ts";
import type { SolverRequest, SolverResponse } from "./_internal/solverMessages.ts";
import { createSolveForecast, predictStarts } from "./_internal/solveForecast.ts";
import { spawnSolverWorker } from "./_internal/spawnSolverWorker.ts";

/** Options of {@link createWorkerSolverRunner}. */
export interface WorkerSolverRunnerOptions {
  /** Worker threads, each solving one job at a time. Default {@link defaultSolverWorkers}. */
  workers?: number;
  /** Jobs that may wait for a free worker; one more is refused with 429. Default {@link DEFAULT_SOLVER_QUEUE}. */
  queueMax?: number;
  /** Starts a worker thread (tests inject failures); default {@link spawnSolverWorker}. */
  spawn?: () => Worker;
  /** What a solve of each kind is assumed to take until solves have been timed, ms; default `DEFAULT_SOLVE_ESTIMATE_MS`. */
  estimates?: Readonly<Record<SolverJob["kind"], number>>;
}

/** Default number of waiting solves: 16 (with one worker, 17 solves in flight at most). */
export const DEFAULT_SOLVER_QUEUE = 16;

/**
 * Share of the time left that the engine gets for its own time limit: the rest is kept for the
 * polish LP after a stopped MILP, the metadata and the message round trip.
 */
const ENGINE_SHARE = 0.8;

/**
 * Share of the time limit a job must have left when it starts, by the forecast (or its whole
 * expected duration, when shorter), to be admitted or to stay queued: the engine stops at the
 * limit with its best weights so far, and needs some time to find any.
 */
const MIN_START_SHARE = 0.5;

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
  /** Ends the wait of a task not yet posted to a worker (queued, or waiting for its worker to load) at its deadline. */
  expiry: ReturnType<typeof setTimeout> | undefined;
  /** `performance.now()` when the job was posted to its worker; undefined before. */
  postedAt: number | undefined;
  /** Drops or stops the task when the caller's signal aborts (removed once the task settles). */
  onAbort: (() => void) | undefined;
  resolve: (result: OptimizerResult) => void;
  reject: (error: unknown) => void;
}

interface Slot {
  worker: Worker | undefined;
  /** The worker has loaded its modules (posted `ready`): jobs are posted only then. */
  ready: boolean;
  /** `performance.now()` when its worker was spawned. */
  bootStartedAt: number;
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
 * - Admission (docs/decisions.md "Optimizer admission"): with a time limit, a job is refused at
 *   once when, by running estimates of solve and worker start times (`solveForecast.ts`), it
 *   would start with less than {@link MIN_START_SHARE} of its limit left (or less than its
 *   expected duration, when shorter): 429 with `Retry-After` when the solves ahead of it take
 *   too long, 503 with `Retry-After` when its worker is still loading. An idle pool admits every
 *   job (the engine stops at the limit with its best weights). Whenever the queue moves, a queued
 *   job that would no longer be admitted is answered 503 then rather than at its deadline.
 * - The time limit (`timeLimitMs`, the `--optimizer-seconds` option) counts from the call, so it
 *   covers the wait in the queue, the worker's start, the LP and the MILP: a job not yet posted to
 *   a worker at its deadline (queued, or waiting for its worker to load) is 503 then;
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
  if (!Number.isInteger(queueMax) || queueMax < 0)
    throw new RangeError(`queueMax must be an integer >= 0, got ${queueMax}`);
  const spawn = options.spawn ?? spawnSolverWorker;
  const forecast = createSolveForecast(options.estimates);
  const slots: Slot[] = Array.from({ length: size }, () => ({
    worker: undefined,
    ready: false,
    bootStartedAt: 0,
    task: undefined,
    timer: undefined,
  }));
  const queue: Task[] = [];
  let closed = false;

  const start = (slot: Slot): Worker => {
    const worker = spawn();
    worker.unref();
    slot.ready = false;
    slot.bootStartedAt = performance.now();
    worker.on("message", (message: SolverResponse | { ready: true }) => {
      if (slot.worker !== worker) return;
      if ("ready" in message) {
        slot.ready = true;
        forecast.recordBoot(performance.now() - slot.bootStartedAt);
        if (slot.task !== undefined) send(slot, slot.task);
        return;
      }
      const task = slot.task;
      if (task?.postedAt !== undefined) forecast.recordSolve(task.job.kind, performance.now() - task.postedAt);
      finish(slot);
      if (task === undefined) return;
      if (message.ok) task.resolve(message.result);
      else if (message.engine !== undefined) task.reject(rebuiltEngineError(message.engine));
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
    refuseHopeless();
  };

  /** Milliseconds until `slot` can start a new job: its worker's start, then its job's expected rest. */
  const freeIn = (slot: Slot, now: number): number => {
    const boot = forecast.bootMs() ?? 0;
    const loading = slot.worker === undefined ? boot : slot.ready ? 0 : Math.max(0, boot - (now - slot.bootStartedAt));
    const task = slot.task;
    if (task === undefined) return loading;
    const expected = forecast.solveMs(task.job.kind);
    return loading + (task.postedAt === undefined ? expected : Math.max(0, expected - (now - task.postedAt)));
  };

  /** Whether `task`, starting `start` ms from `now` by the forecast, would have enough of its time limit left (see {@link MIN_START_SHARE}). */
  const startsInTime = (task: Task, start: number, now: number): boolean =>
    task.deadline === undefined ||
    now + start + Math.min(forecast.solveMs(task.job.kind), task.limitMs * MIN_START_SHARE) <= task.deadline;

  /** Answers 503 now to the queued jobs that, as things stand, would start too late (see {@link startsInTime}). */
  const refuseHopeless = () => {
    if (queue.length === 0) return;
    const now = performance.now();
    const starts = predictStarts(
      slots.map((slot) => freeIn(slot, now)),
      queue.map((t) => forecast.solveMs(t.job.kind)),
    );
    const hopeless = queue.filter((task, i) => !startsInTime(task, starts[i]!, now));
    for (const task of hopeless) {
      queue.splice(queue.indexOf(task), 1);
      if (task.expiry !== undefined) clearTimeout(task.expiry);
      task.reject(
        overTime(
          task.limitMs,
          `as the solves ahead of it take longer than expected (about ${seconds(forecast.solveMs(task.job.kind))} s each)`,
        ),
      );
    }
  };

  /** `task`'s deadline passed before it was posted to a worker: out of the queue, or off its still-loading worker. */
  const expire = (task: Task) => {
    const at = queue.indexOf(task);
    if (at >= 0) {
      queue.splice(at, 1);
      task.reject(overTime(task.limitMs, "while it waited for a free optimizer worker"));
      return;
    }
    const slot = slots.find((s) => s.task === task && task.postedAt === undefined);
    if (slot === undefined) return;
    slot.task = undefined; // the worker goes on loading, for the next job
    task.reject(overTime(task.limitMs, "while an optimizer worker started"));
    pump();
  };

  const armExpiry = (task: Task) => {
    if (task.deadline === undefined || task.expiry !== undefined) return;
    task.expiry = setTimeout(() => expire(task), Math.max(0, task.deadline - performance.now()));
    task.expiry.unref?.();
  };

  /** Gives `task` to `slot`: posted at once when its worker is ready, else when it posts `ready` (or refused at its deadline). */
  const dispatch = (slot: Slot, task: Task) => {
    if (task.deadline !== undefined && task.deadline <= performance.now()) {
      if (task.expiry !== undefined) clearTimeout(task.expiry);
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
    else armExpiry(task);
  };

  /** Posts `task` to the slot's ready worker with the time left, and arms the last-resort termination. */
  const send = (slot: Slot, task: Task) => {
    if (task.expiry !== undefined) clearTimeout(task.expiry);
    task.expiry = undefined;
    const left = task.deadline === undefined ? undefined : task.deadline - performance.now();
    if (left !== undefined && left <= 0) {
      finish(slot);
      task.reject(overTime(task.limitMs, "while an optimizer worker started"));
      return;
    }
    const request: SolverRequest = {
      job: task.job,
      timeLimitMs: left === undefined ? 0 : Math.max(1, Math.floor(left * ENGINE_SHARE)),
    };
    task.postedAt = performance.now();
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

  /** The caller's signal aborted: drop `task` from the queue or from its still-loading worker, or stop the worker running it. */
  const abandon = (task: Task) => {
    if (task.expiry !== undefined) clearTimeout(task.expiry);
    const at = queue.indexOf(task);
    if (at >= 0) queue.splice(at, 1);
    else {
      const slot = slots.find((s) => s.task === task);
      if (slot === undefined) return; // already settled
      if (task.postedAt === undefined) {
        slot.task = undefined; // not posted yet: the worker goes on loading, for the next job
        pump();
      } else stop(slot);
    }
    task.reject(solveAbandoned());
  };

  /**
   * The refusal of `task` when, by the forecast, it would start too late (see {@link startsInTime}):
   * 503 when the free slot's worker is still loading, 429 when the solves ahead of it take too
   * long; undefined to admit it.
   */
  const admission = (task: Task, free: Slot | undefined, now: number): ApiError | undefined => {
    const duration = forecast.solveMs(task.job.kind);
    const starts = predictStarts(
      slots.map((slot) => freeIn(slot, now)),
      [...queue.map((t) => forecast.solveMs(t.job.kind)), duration],
    );
    const start = starts[starts.length - 1]!;
    if (startsInTime(task, start, now)) return undefined;
    const retry = String(Math.max(1, Math.ceil(start / 1000)));
    if (free !== undefined) {
      return new ApiError(
        503,
        `an optimizer worker is still starting (about ${seconds(start)} s more), too long for the time limit of ${seconds(task.limitMs)} s (--optimizer-seconds); retry in ${retry} s`,
        {
          headers: { "Retry-After": retry },
        },
      );
    }
    const running = slots.filter((s) => s.task !== undefined).length;
    return new ApiError(
      429,
      `the optimizer is busy: this solve would start in about ${seconds(start)} s (${running} running, ${queue.length} waiting, about ${seconds(duration)} s each), too late for the time limit of ${seconds(task.limitMs)} s (--optimizer-seconds); retry in ${retry} s`,
      { headers: { "Retry-After": retry } },
    );
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
        const now = performance.now();
        const task: Task = {
          job,
          deadline: timeLimitMs > 0 ? now + timeLimitMs : undefined,
          limitMs: timeLimitMs,
          expiry: undefined,
          postedAt: undefined,
          onAbort: undefined,
          resolve,
          reject,
        };
        const free = slots.find((s) => s.task === undefined);
        if (free === undefined && queue.length >= queueMax) {
          const retry = Math.max(1, Math.ceil(timeLimitMs / 1000));
          return reject(
            new ApiError(
              429,
              `the optimizer is busy: ${size} solve${size === 1 ? "" : "s"} running and ${queue.length} waiting (the limit); retry in ${retry} s`,
              {
                headers: { "Retry-After": String(retry) },
              },
            ),
          );
        }
        if (task.deadline !== undefined) {
          const refusal = admission(task, free, now);
          if (refusal !== undefined) return reject(refusal);
        }
        if (signal !== undefined) {
          task.onAbort = () => abandon(task);
          signal.addEventListener("abort", task.onAbort, { once: true });
        }
        if (free !== undefined) return dispatch(free, task);
        queue.push(task);
        armExpiry(task);
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

/** Milliseconds as seconds with one decimal, e.g. 1250 → "1.3". */
function seconds(ms: number): string {
  return (Math.round(ms / 100) / 10).toString();
}

function overTime(limitMs: number, what: string): ApiError {
  return new ApiError(
    503,
    `the optimizer did not finish within the time limit of ${limitMs / 1000} s (--optimizer-seconds) ${what}; retry later or with fewer companies`,
  );
}

/** The engine's error as the worker posted it, rebuilt with its code, message, field and details. */
function rebuiltEngineError(e: {
  code: EngineError["code"];
  message: string;
  field: string | undefined;
  details?: Readonly<Record<string, unknown>> | undefined;
}): EngineError {
  return new EngineError(e.code, e.message, {
    ...(e.field === undefined ? {} : { field: e.field }),
    ...(e.details === undefined ? {} : { details: { ...e.details } }),
  });
}
