import { runSolverJob } from "./runSolverJob.ts";
import { type SolverRunner, solveAbandoned } from "../../context/SolverRunner.ts";

/**
 * The {@link SolverRunner} that solves on the calling thread: the default of the Fetch app (msw
 * handlers in a browser or in Node tests, `createMock` in-process). The time limit bounds the
 * mean-CVaR MILP phase through the engine's `timeLimitSeconds`; nothing can stop a running solve,
 * so an aborted `signal` only refuses a solve that has not started.
 *
 * @example
 * await inlineSolverRunner.run({ kind: "score-tilt", companies, scenarios, options: {} }, 0)
 */
export const inlineSolverRunner: SolverRunner = {
  run: (job, timeLimitMs, signal) =>
    signal?.aborted === true ? Promise.reject(solveAbandoned()) : runSolverJob(job, timeLimitMs),
  close: async () => {},
};
