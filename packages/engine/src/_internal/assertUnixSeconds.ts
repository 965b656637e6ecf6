import { EngineError } from "../errors/EngineError.ts";
import { formatNumber } from "./formatNumber.ts";

/** 9999-12-31T23:59:59Z and 0001-01-01T00:00:00Z in Unix seconds: the engine's calendar range. */
export const MAX_UNIX_SECONDS = 253_402_300_799;
export const MIN_UNIX_SECONDS = -62_135_596_800;

/**
 * Throws INVALID_INPUT unless `t` (finite, checked by the caller) lies within years 1..9999 in Unix
 * seconds (docs/maths.md#strict-inputs). A calendar in milliseconds is 1000 times too large: every
 * date after 1978-01-11 in milliseconds exceeds year 9999 in seconds, so
 * it is refused instead of silently compressing time by 1000 (a Sharpe ratio of 148 instead of 0.15);
 * the message says so when t / 1000 is a date in range.
 *
 * Cost: O(1).
 * @throws EngineError INVALID_INPUT naming `field`, `details` = { value, unit: "seconds" }
 * @example
 * assertUnixSeconds("calendar[0]", 1672617600000) // throws "calendar[0] = 1,672,617,600,000 is not a Unix time in seconds (years 1 to 9999): it looks like milliseconds (2023-01-02 once divided by 1000); give seconds"
 */
export function assertUnixSeconds(field: string, t: number): void {
  if (t >= MIN_UNIX_SECONDS && t <= MAX_UNIX_SECONDS) return;
  const seconds = t / 1000;
  const hint =
    seconds >= MIN_UNIX_SECONDS && seconds <= MAX_UNIX_SECONDS
      ? `: it looks like milliseconds (${new Date(seconds * 1000).toISOString().slice(0, 10)} once divided by 1000); give seconds`
      : "";
  throw new EngineError(
    "INVALID_INPUT",
    `${field} = ${formatNumber(t, 17)} is not a Unix time in seconds (years 1 to 9999)${hint}`,
    {
      field,
      details: { value: t, unit: "seconds" },
    },
  );
}
