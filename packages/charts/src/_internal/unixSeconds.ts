import { ChartError } from "../ChartError.ts";
import { displayValue } from "./checkOptions.ts";

/** 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z in Unix seconds: the dates a chart draws. */
export const MIN_UNIX_SECONDS = -62_135_596_800;
export const MAX_UNIX_SECONDS = 253_402_300_799;

/**
 * Throws unless `t` is a Unix time in seconds within years 1 to 9999 (as the engine's calendars,
 * docs/maths.md#strict-inputs). A time in milliseconds is 1000 times too large: any date after
 * 1978-01-11 in milliseconds lies beyond year 9999 read as seconds, and would be drawn as the
 * year 54973; the message says so when `t / 1000` is a date in range. Cost O(1).
 *
 * @throws ChartError naming `field`, `details` `{ value, unit: "seconds" }`
 * @example
 * checkUnixSeconds("portfolio[0][0]", 1700000000000)
 * // throws "portfolio[0][0]: time must be Unix seconds (years 1 to 9999), got 1700000000000: it looks like milliseconds (2023-11-14 once divided by 1000); give seconds"
 */
export function checkUnixSeconds(field: string, t: unknown): number {
  if (typeof t === "number" && t >= MIN_UNIX_SECONDS && t <= MAX_UNIX_SECONDS) return t;
  const seconds = typeof t === "number" ? t / 1000 : Number.NaN;
  const hint =
    seconds >= MIN_UNIX_SECONDS && seconds <= MAX_UNIX_SECONDS
      ? `: it looks like milliseconds (${new Date(seconds * 1000).toISOString().slice(0, 10)} once divided by 1000); give seconds`
      : "";
  throw new ChartError(field, `time must be Unix seconds (years 1 to 9999), got ${displayValue(t)}${hint}`, {
    details: { value: t, unit: "seconds" },
  });
}
