import type {
  MeanCvarOptimizeOptions,
  OptimizerCompany,
  OptimizerResult,
  ReturnScenarios,
  ScoreTiltOptions,
} from "@thematic/engine";
import { ApiError, type ApiErrorStatus } from "../errors/ApiError.ts";

/** One optimizer solve, as plain data (it crosses a worker-thread boundary by structured clone, and so does its result). */
export type SolverJob =
  | { kind: "mean-cvar"; companies: OptimizerCompany[]; scenarios: ReturnScenarios; options: MeanCvarOptimizeOptions }
  | { kind: "score-tilt"; companies: OptimizerCompany[]; scenarios: ReturnScenarios; options: ScoreTiltOptions };

/**
 * Runs optimizer solves for the services (`ServiceContext.solver`). The Fetch app's default is
 * `services/optimize/inlineSolverRunner.ts` (msw in a browser, in-process tests); the Node server installs a pool
 * of worker threads (`adapters/node/workerSolverRunner.ts`) so that a solve never blocks the event
 * loop, with a bounded queue (429 beyond it) and a time limit over the whole solve (503 when a
 * worker has to be stopped).
 */
export interface SolverRunner {
  /**
   * The result of `job`, within `timeLimitMs` counted from this call (0: no limit). The engine's
   * errors keep their type (`EngineError`, so a 400); a runner's own refusals are `ApiError`s.
   * When `signal` aborts (every client waiting for this solve has left), the job is dropped if it
   * has not started and stopped if the runner can stop it, and the promise rejects with
   * {@link solveAbandoned}.
   */
  run(job: SolverJob, timeLimitMs: number, signal?: AbortSignal): Promise<OptimizerResult>;
  /** Stops whatever the runner started (threads); later runs are refused. */
  close(): Promise<void>;
}

/**
 * The refusal of a solve nobody waits for any more: 499, the status logs use for "client closed
 * request". No client reads it; it ends the request's handler without running or finishing the solve.
 *
 * @example
 * solveAbandoned().status // => 499
 */
export function solveAbandoned(): ApiError {
  return new ApiError(499 as ApiErrorStatus, "the client closed the request; the optimizer solve was dropped");
}
