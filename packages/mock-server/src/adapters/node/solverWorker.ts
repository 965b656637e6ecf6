// Entry of one optimizer worker thread (see workerSolverRunner.ts): solves the jobs posted to it,
// one at a time, with the engine, and posts back the result or the error as plain data.
import { parentPort } from "node:worker_threads";
import { isEngineError } from "@thematic/engine";
import { runSolverJob } from "../../services/optimize/runSolverJob.ts";
import type { SolverRequest, SolverResponse } from "./_internal/solverMessages.ts";

const port = parentPort;
if (port === null) throw new Error("solverWorker.ts runs only as a worker thread");
port.on("message", (request: SolverRequest) => {
  runSolverJob(request.job, request.timeLimitMs).then(
    (result) => port.postMessage({ ok: true, result } satisfies SolverResponse),
    (error: unknown) => {
      const failure: SolverResponse = isEngineError(error)
        ? {
            ok: false,
            engine: { code: error.code, message: error.message, field: error.field, details: error.details },
          }
        : { ok: false, message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
      port.postMessage(failure);
    },
  );
});
port.postMessage({ ready: true });
