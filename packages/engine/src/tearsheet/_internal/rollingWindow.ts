import { EngineError } from "../../errors/EngineError.ts";
import { assertInteger } from "../../_internal/validate.ts";

/** Checks a rolling window length: an integer in [2, n] for n returns. */
export function rollingWindow(window: unknown, n: number): asserts window is number {
  assertInteger("window", window, { min: 2 });
  if ((window as number) > n) {
    throw new EngineError("INVALID_INPUT", `window must be at most the number of returns (${n}), got ${window}`, {
      field: "window",
    });
  }
}
