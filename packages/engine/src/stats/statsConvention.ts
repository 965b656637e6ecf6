import { EngineError } from "../errors/EngineError.ts";
import { assertKnownKeys } from "../_internal/assertKnownKeys.ts";

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
 * `options` itself when it is an object, `{}` when undefined.
 * @throws EngineError INVALID_INPUT (field `options`) for anything else (null, a number, a string).
 */
export function optionsObject<T extends object>(options: T | undefined): Partial<T> {
  if (options === undefined) return {};
  if (options === null || typeof options !== "object") {
    throw new EngineError("INVALID_INPUT", `options must be an object, got ${options === null ? "null" : typeof options}`, { field: "options" });
  }
  return options;
}

/**
 * The checked convention of `options` ("engine" when absent). `allowed` are every option name the
 * caller takes (default just `convention`): any other key is refused with the closest valid name
 * (docs/maths.md#strict-inputs).
 * @throws EngineError INVALID_INPUT when `options` is not an object, holds an unknown key, or
 *   `convention` is not one of the three names.
 */
export function conventionOf(options: unknown, allowed: readonly string[] = ["convention"]): StatsConvention {
  const checked = optionsObject(options as object | undefined);
  assertKnownKeys("options", checked, allowed);
  const c = (checked as { convention?: unknown }).convention;
  if (c === undefined) return "engine";
  if (typeof c !== "string" || !CONVENTIONS.includes(c as StatsConvention)) {
    throw new EngineError("INVALID_INPUT", `convention must be one of "engine", "empyrical", "quantstats", got ${typeof c === "string" ? JSON.stringify(c) : typeof c}`, {
      field: "convention",
    });
  }
  return c as StatsConvention;
}
