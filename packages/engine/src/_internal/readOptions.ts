import { assertKnownKeys } from "./assertKnownKeys.ts";
import { EngineError } from "../errors/EngineError.ts";

/** Throws INVALID_INPUT unless `options` is an object (undefined means defaults) with only `allowed` keys (docs/maths.md#strict-inputs); returns it typed. */
export function readOptions<T extends object>(
  options: unknown,
  shape: string,
  allowed: ReadonlyArray<keyof T & string>,
  field = "options",
): Partial<T> {
  if (options === undefined) return {};
  if (options === null || typeof options !== "object") {
    throw new EngineError(
      "INVALID_INPUT",
      `${field} must be an object ${shape}, got ${options === null ? "null" : typeof options}`,
      { field },
    );
  }
  assertKnownKeys(field, options, allowed);
  return options as Partial<T>;
}
