import { isEngineError } from "../../errors/EngineError.ts";

/**
 * Test helper (not exported): the value `run` returns, or the EngineError it throws as
 * `{ code, field, message }`, so that two paths can be compared errors included. Other errors propagate.
 */
export function outcome(run: () => unknown): unknown {
  try {
    return run();
  } catch (e) {
    if (isEngineError(e)) return { code: e.code, field: e.field, message: e.message };
    throw e;
  }
}

/** The result of `run`, or undefined when it throws an EngineError (a scenario legitimately rejected). */
export function unlessRejected<T>(run: () => T): T | undefined {
  try {
    return run();
  } catch (e) {
    if (isEngineError(e)) return undefined;
    throw e;
  }
}
