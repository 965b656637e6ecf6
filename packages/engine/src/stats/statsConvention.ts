import { EngineError } from "../errors/EngineError.ts";
import { readOptions } from "../_internal/readOptions.ts";

/**
 * Whose convention a statistic follows (docs/maths.md#convention-presets): the engine's own
 * (the default), or that of the Python libraries a quant compares with, empyrical 0.5 (as
 * maintained in empyrical-reloaded) or quantstats 0.0.8x. Only the statistics whose formulas
 * differ take the option; each documents what changes.
 */
export type StatsConvention = "engine" | "empyrical" | "quantstats";

const CONVENTIONS: readonly StatsConvention[] = ["engine", "empyrical", "quantstats"];

/** Options shared by the statistics that have a convention preset. */
export interface ConventionOptions {
  /** "engine" (default), "empyrical" or "quantstats"; see docs/maths.md#convention-presets. */
  convention?: StatsConvention;
}

/**
 * The checked convention of `options` ("engine" when absent). `allowed` are every option name the
 * caller takes (default just `convention`): any other key is refused with the closest valid name
 * (docs/maths.md#strict-inputs).
 * @throws EngineError INVALID_INPUT when `options` is not an object, holds an unknown key, or
 *   `convention` is not one of the three names.
 */
export function conventionOf(options: unknown, allowed: readonly string[] = ["convention"]): StatsConvention {
  const checked = readOptions<Record<string, unknown>>(
    options,
    `{ ${allowed.map((k) => `${k}?`).join(", ")} }`,
    allowed,
  );
  const c = checked.convention;
  if (c === undefined) return "engine";
  if (typeof c !== "string" || !CONVENTIONS.includes(c as StatsConvention)) {
    throw new EngineError(
      "INVALID_INPUT",
      `convention must be one of "engine", "empyrical", "quantstats", got ${typeof c === "string" ? JSON.stringify(c) : typeof c}`,
      {
        field: "convention",
      },
    );
  }
  return c as StatsConvention;
}
