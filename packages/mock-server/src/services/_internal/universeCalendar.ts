import { type TradingCalendar, tradingCalendar } from "@thematic/engine";
import type { PriceTable } from "../../_internal/fixtures.ts";

/** Prepared calendars by the universe calendar they were made from. */
const prepared = new WeakMap<Float64Array, TradingCalendar>();

/**
 * The universe's trading calendar prepared once for the engine's backtests (engine
 * `tradingCalendar`): each backtest then finds its window in O(log D) instead of checking and
 * scanning the 20+ years of days. One per price table, kept as long as the table lives.
 *
 * @example
 * buyAndHoldBacktest({ calendar: universeCalendar(universe.prices), holdings, prices, benchmark })
 */
export function universeCalendar(prices: Pick<PriceTable, "calendar">): TradingCalendar {
  let calendar = prepared.get(prices.calendar);
  if (calendar === undefined) {
    calendar = tradingCalendar(prices.calendar);
    prepared.set(prices.calendar, calendar);
  }
  return calendar;
}
