import { SECONDS_PER_DAY } from "../../stats/conventions.ts";

/**
 * ISO week number (Monday to Sunday) of a timestamp at 00:00 UTC, counted from the week of
 * Monday 1969-12-29: `floor((d + 3) / 7)` with day number `d = t / 86400`
 * (docs/maths.md#calendar-and-time). Two dates share a week exactly when their numbers match.
 */
export function isoWeek(unixSeconds: number): number {
  return Math.floor((Math.floor(unixSeconds / SECONDS_PER_DAY) + 3) / 7);
}
