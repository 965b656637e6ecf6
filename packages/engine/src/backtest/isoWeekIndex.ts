import { assertFinite } from "../_internal/validate.ts";
import { isoWeek } from "./_internal/isoWeek.ts";

/**
 * The index of the ISO week (Monday to Sunday) holding a Unix timestamp, counted from the week of
 * Monday 1969-12-29: `floor((floor(t / 86400) + 3) / 7)` (docs/maths.md#calendar-and-time). Two
 * instants share a Monday-to-Sunday week (UTC) exactly when their indices match; it is the
 * backtest's weekly rule (the last trading day of each such week is a weekly point). Not the
 * week-of-year number (1..53).
 *
 * Cost: O(1).
 * @param unixSeconds a finite number of seconds since 1970-01-01T00:00:00Z.
 * @throws EngineError INVALID_INPUT naming `unixSeconds` when it is not a finite number.
 * @example
 * isoWeekIndex(Date.UTC(2024, 0, 7) / 1000) // => 2818 (Sunday 2024-01-07)
 * isoWeekIndex(Date.UTC(2024, 0, 8) / 1000) // => 2819 (Monday 2024-01-08: a new week)
 */
export function isoWeekIndex(unixSeconds: number): number {
  assertFinite("unixSeconds", unixSeconds);
  return isoWeek(unixSeconds) + 0;
}
