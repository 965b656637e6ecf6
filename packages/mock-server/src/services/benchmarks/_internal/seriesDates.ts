import type { PriceSeries, PriceTable } from "../../../_internal/fixtures.ts";

/** `YYYY-MM-DD` of Unix seconds (UTC). */
export function isoDay(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

/** Unix seconds at 00:00 UTC of a `YYYY-MM-DD` date. */
export function dayToSeconds(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / 1000;
}

/** Calendar index range [first, last] of a series' closes (last < first when empty). */
export function seriesRange(series: PriceSeries): { first: number; last: number } {
  return { first: series.start, last: series.start + series.closes.length - 1 };
}

/** First calendar index with calendar[i] >= t (calendar.length when none). O(log n). */
export function lowerBound(calendar: PriceTable["calendar"], t: number): number {
  let lo = 0;
  let hi = calendar.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (calendar[mid]! < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
