import { EngineError } from "../../errors/EngineError.ts";
import { PERIODS_PER_YEAR, SECONDS_PER_DAY } from "../../stats/conventions.ts";
import { isoDate } from "../isoDate.ts";
import type { PreparedCalendar } from "./preparedCalendar.ts";
import { firstAbove, firstAtLeast } from "../../_internal/sortedSearch.ts";

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
  /** Index in the calendar's week ends of `points[0]` (points k < length − 1 are the week ends from there on). */
  firstWeekEnd: number;
  /** Index in the week ends of the last point, the calendar's week-end count when it is the calendar's last day, −1 when neither (a mid-week end). */
  endWeekEnd: number;
}

/**
 * Finds the window and its weekly points: walking back from `end` (the last trading day <= asOf),
 * the last trading day of each ISO week (Mon–Sun), until 52·years + 1 points are found, so a
 * window of `years` years holds exactly 52·years weekly returns (260 for 5 years, as the service
 * reports) whatever weekday it starts on. `end` itself is always the last point; the others are
 * the calendar's ISO-week ends before it (indexed once by prepareCalendar). O(log D + weeks).
 */
export function weeklyWindow(calendar: PreparedCalendar, years: number, asOf: number): WeeklyWindow {
  const { days, weekEnds } = calendar;
  if (days[0]! > asOf) {
    throw new EngineError(
      "INSUFFICIENT_DATA",
      `asOf (${isoDate(asOf)}) is before the first calendar date (${isoDate(days[0]!)}): no price data to backtest`,
      { field: "asOf" },
    );
  }
  // Last trading day <= asOf (there is one: days[0] <= asOf), and the ISO-week ends before it.
  const endIndex = firstAbove(days, asOf) - 1;
  const before = firstAtLeast(weekEnds, endIndex);
  const weeks = PERIODS_PER_YEAR.weekly * years;
  const taken = Math.min(weeks, before);
  const points = new Int32Array(taken + 1);
  points.set(weekEnds.subarray(before - taken, before));
  points[taken] = endIndex;
  const startSeconds = days[endIndex]! - weeks * 7 * SECONDS_PER_DAY;
  const endWeekEnd =
    before < weekEnds.length && weekEnds[before] === endIndex
      ? before
      : endIndex === days.length - 1
        ? weekEnds.length
        : -1;
  return { endIndex, startSeconds, points, complete: taken === weeks, firstWeekEnd: before - taken, endWeekEnd };
}
