import { EngineError } from "@thematic/engine";
import { ChartError } from "../ChartError.ts";

/**
 * Runs `call` (which may call @thematic/engine) and turns an `EngineError` it throws into the
 * package's one error type: a `ChartError` with the engine's `field` (or `field` when the engine
 * named none), its message, its `details`, and the engine's error as `cause`. Any other error
 * passes unchanged (a `ChartError` stays itself).
 *
 * @throws ChartError for an EngineError thrown by `call`
 * @example
 * engineCall(() => volatility([0.01, Number.NaN], 52), "returns") // throws "returns[1]: …"
 */
export function engineCall<T>(call: () => T, field = "input"): T {
  try {
    return call();
  } catch (error) {
    throw asChartError(error, field);
  }
}

/** `error` as a ChartError when it is an EngineError (see {@link engineCall}); itself otherwise. */
export function asChartError(error: unknown, field = "input"): unknown {
  if (!(error instanceof EngineError)) return error;
  const named = error.field ?? field;
  // The engine's message often starts with its field ("periodsPerYear must be …"): do not say it twice.
  const message = error.message.startsWith(`${named} `) ? error.message.slice(named.length + 1) : error.message;
  return new ChartError(named, message, {
    cause: error,
    ...(error.details === undefined ? {} : { details: error.details }),
  });
}
