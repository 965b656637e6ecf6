import type { PriceSeries } from "@thematic/engine";
import { memoize, type ServiceContext } from "../../../app/ServiceContext.ts";

/** Days of calendar kept before the start of a `years`-year window: 366 a year plus three weeks for the first ISO week. */
const MARGIN_DAYS = 21;

/** The part of the fixture calendar a backtest of `years` years can read, and its offset in the full calendar. */
export interface PriceWindow {
  /** Index in the full calendar of `calendar[0]`. */
  offset: number;
  /** A view (no copy) of the full calendar from `offset` to its end. */
  calendar: Float64Array;
}

/**
 * The calendar window of a `years`-year backtest ending at the universe's last date: from the
 * first trading day on or after (end − 366·years − 21 days), or the whole calendar when it is
 * shorter. The engine validates the calendar it is given on every call (O(D)); giving it the
 * window only keeps a 5-year backtest from scanning 20+ years of days. The window contains every
 * weekly point and inception date of the full-calendar run, so the result is identical (tested).
 * Memoised per `years` (at most 20 entries). O(log D) once per `years`.
 *
 * @example
 * priceWindow(ctx, 5).calendar.length // => about 1,330 business days instead of the full calendar
 */
export function priceWindow(ctx: ServiceContext, years: number): PriceWindow {
  return memoize(ctx, `backtest:window:${years}`, () => {
    const full = ctx.universe.prices.calendar;
    const end = full.length > 0 ? full[full.length - 1]! : 0;
    const from = end - (366 * years + MARGIN_DAYS) * 86400;
    let lo = 0;
    let hi = full.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (full[mid]! < from) lo = mid + 1;
      else hi = mid;
    }
    const offset = Math.max(0, Math.min(lo, full.length - 1));
    return { offset, calendar: full.subarray(offset) };
  });
}

/**
 * `series` re-indexed on a window starting at full-calendar index `offset` (closes before the
 * window are cut off, as views, no copy). O(1).
 *
 * @example
 * shiftSeries({ start: 10, closes: Float64Array.of(1, 2, 3) }, 11) // => { start: 0, closes: Float64Array [2, 3] }
 */
export function shiftSeries(series: PriceSeries, offset: number): PriceSeries {
  if (series.start >= offset) return { start: series.start - offset, closes: series.closes };
  const skip = offset - series.start;
  const closes = series.closes;
  const view =
    closes instanceof Float64Array ? closes.subarray(Math.min(skip, closes.length)) : Array.prototype.slice.call(closes, Math.min(skip, closes.length));
  return { start: 0, closes: view };
}
