import { EngineError } from "../../errors/EngineError.ts";
import { readOptions } from "../../_internal/readOptions.ts";
import { assertInRange, assertInteger } from "../../_internal/validate.ts";
import type { PurgeOptions } from "../types.ts";

/**
 * The label horizon h and the embargo count e of a split generator's options
 * (docs/maths.md#purge-and-embargo): h an integer >= 0 (default 0); e an integer >= 0, or
 * `{ fraction: f }` with 0 <= f < 1 read as ⌊f·T⌋ (default 0).
 * @throws EngineError INVALID_INPUT naming `options.purge`, `options.embargo` or `options.embargo.fraction`.
 */
export function readPurgeOptions(options: Partial<PurgeOptions>, periods: number): { purge: number; embargo: number } {
  const purge = options.purge === undefined ? 0 : options.purge;
  assertInteger("options.purge", purge, { min: 0 });
  const embargo = options.embargo;
  if (embargo === undefined) return { purge, embargo: 0 };
  if (typeof embargo === "object" && embargo !== null) {
    const e = readOptions<{ fraction: number }>(embargo, "{ fraction }", ["fraction"], "options.embargo");
    assertInRange("options.embargo.fraction", e.fraction, { min: 0, max: 1, maxExclusive: true });
    return { purge, embargo: Math.floor(e.fraction * periods) };
  }
  if (typeof embargo !== "number") {
    throw new EngineError(
      "INVALID_INPUT",
      `options.embargo must be a count of periods (an integer >= 0) or { fraction } of the periods, got ${embargo === null ? "null" : typeof embargo}`,
      {
        field: "options.embargo",
      },
    );
  }
  assertInteger("options.embargo", embargo, { min: 0 });
  return { purge, embargo };
}
