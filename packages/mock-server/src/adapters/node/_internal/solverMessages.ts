import type { EngineErrorCode, OptimizerResult } from "@thematic/engine";
import type { SolverJob } from "../../../context/SolverRunner.ts";

/** A job posted to a solver worker (one at a time per worker); `timeLimitMs` is what the engine may spend (0: no limit). */
export interface SolverRequest {
  job: SolverJob;
  timeLimitMs: number;
}

/** A worker's answer: the result (a structured clone of the engine's), an engine error as data (rebuilt as `EngineError` with its field and details), or another failure. */
export type SolverResponse =
  | { ok: true; result: OptimizerResult }
  | {
      ok: false;
      engine: {
        code: EngineErrorCode;
        message: string;
        field: string | undefined;
        details?: Readonly<Record<string, unknown>> | undefined;
      };
    }
  | { ok: false; engine?: undefined; message: string };
