import { formatZodError } from "../errors/formatZodError.ts";
import { StoreStateSchema } from "./stateSchema.ts";
import type { StoreState } from "./StoreState.ts";

/**
 * `value` checked against the state schemas (every section, strictly: see `stateSchema.ts`).
 *
 * @param source what `value` was read from, for the message (a file path)
 * @throws Error `[thematic-mock] <source> is not a valid thematic-mock state: <path>: <rule>; …`
 *   (at most 5 problems listed), so a bad file is refused before anything is served or written
 * @example
 * validateState({ formatVersion: 2 }, "state.json") // throws "… state.json … formatVersion: must be 1 …"
 */
export function validateState(value: unknown, source: string): StoreState {
  const result = StoreStateSchema.safeParse(value);
  if (result.success) return result.data;
  const issues = result.error.issues;
  const shown = formatZodError({ ...result.error, issues: issues.slice(0, 5) } as typeof result.error);
  const more = issues.length > 5 ? ` (and ${issues.length - 5} more)` : "";
  throw new Error(
    `[thematic-mock] ${source} is not a valid thematic-mock state: ${shown}${more}. It was left untouched; fix it, move it away, or choose another --data file`,
  );
}
