import type { EngineErrorCode, OptimizerResult } from "@thematic/engine";
import type { SolverJob } from "../../../services/optimize/SolverRunner.ts";

/** A job posted to a solver worker; `timeLimitMs` is what the engine may spend (0: no limit). */
export interface SolverRequest {
  id: number;
  job: SolverJob;
  timeLimitMs: number;
}

/** A worker's answer: the result, an engine error as data (rebuilt as `EngineError`), or another failure. */
export type SolverResponse =
  | { id: number; ok: true; result: OptimizerResult }
  | { id: number; ok: false; engine: { code: EngineErrorCode; message: string; field: string | undefined } }
  | { id: number; ok: false; engine?: undefined; message: string };
