import { EngineError } from "../../errors/EngineError.ts";
import { PERIODS_PER_YEAR, SECONDS_PER_DAY } from "../../stats/conventions.ts";
import { isoDate } from "./isoDate.ts";
import { isoWeek } from "./isoWeek.ts";

/** The weekly sampling of a backtest window (docs/maths.md#backtest-window). */
export interface WeeklyWindow {
  /** Calendar index of the window's end: the last trading day <= asOf. */
  endIndex: number;
  /** The requested inception date: `end` minus 52·years weeks (Unix seconds). */
  startSeconds: number;
  /** Calendar indices of the weekly points, increasing; the first is the inception, the last is `endIndex`. */
  points: Int32Array;
  /** False when the calendar ran out before 52·years + 1 weekly points were found. */
  complete: boolean;
}

/**
 * Finds the window and its weekly points: walking back from `end` (the last trading day <= asOf),
 * the last trading day of each ISO week (Mon–Sun), until 52·years + 1 points are found, so a
 * window of `years` years holds exactly 52·years weekly returns (260 for 5 years, as the service
 * reports) whatever weekday it starts on. `end` itself is always the last point. O(window days).
 */
export function weeklyWindow(calendar: Float64Array, years: number, asOf: number): WeeklyWindow {
  if (calendar[0]! > asOf) {
    throw new EngineError(
      "INSUFFICIENT_DATA",
      `asOf (${isoDate(asOf)}) is before the first calendar date (${isoDate(calendar[0]!)}): no price data to backtest`,
      { field: "asOf" },
    );
  }
  // Last trading day <= asOf (binary search).
  let lo = 0;
  let hi = calendar.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (calendar[mid]! <= asOf) lo = mid;
    else hi = mid - 1;
  }
  const endIndex = lo;
  const weeks = PERIODS_PER_YEAR.weekly * years;
  const startSeconds = calendar[endIndex]! - weeks * 7 * SECONDS_PER_DAY;
  const points = new Int32Array(weeks + 1);
  points[weeks] = endIndex;
  let found = 1;
  for (let i = endIndex - 1; i >= 0 && found <= weeks; i--) {
    if (isoWeek(calendar[i]!) !== isoWeek(calendar[i + 1]!)) {
      points[weeks - found] = i;
      found++;
    }
  }
  return { endIndex, startSeconds, points: points.subarray(weeks + 1 - found), complete: found === weeks + 1 };
}
