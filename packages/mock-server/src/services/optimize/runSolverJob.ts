import { meanCvarOptimize, type OptimizerResult, scoreTilt } from "@thematic/engine";
import type { SolverJob } from "../../context/SolverRunner.ts";

/**
 * Runs one {@link SolverJob} with the engine, here and now: `meanCvarOptimize` (with
 * `timeLimitSeconds` when `timeLimitMs` > 0) or `scoreTilt`. Shared by the inline runner and the
 * worker thread, so both compute exactly the same thing.
 *
 * @throws EngineError as the engine does (INVALID_INPUT, INFEASIBLE, …)
 * @example
 * (await runSolverJob({ kind: "score-tilt", companies, scenarios, options: {} }, 0)).weights.length // => companies.length
 */
export function runSolverJob(job: SolverJob, timeLimitMs: number): Promise<OptimizerResult> {
  if (job.kind === "score-tilt") return scoreTilt(job.companies, job.scenarios, job.options);
  return meanCvarOptimize(job.companies, job.scenarios, {
    ...job.options,
    ...(timeLimitMs > 0 ? { timeLimitSeconds: timeLimitMs / 1000 } : {}),
  });
}
