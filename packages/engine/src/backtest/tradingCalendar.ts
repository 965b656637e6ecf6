import { prepareCalendar, registerCalendar } from "./_internal/preparedCalendar.ts";

/**
 * A trading calendar checked once and indexed by ISO week, for many backtests over the same days.
 * Opaque and immutable: it holds its own copy of the days.
 */
export interface TradingCalendar {
  readonly kind: "TradingCalendar";
  /** Number of trading days. */
  readonly length: number;
  /** First trading day, Unix seconds. */
  readonly first: number;
  /** Last trading day, Unix seconds. */
  readonly last: number;
}

/**
 * Prepares `days` for `buyAndHoldBacktest`: the checks a backtest makes on a plain calendar
 * (at least one day, each a finite Unix timestamp at 00:00 UTC, strictly increasing) are made
 * once, and the last trading day of each ISO week (docs/maths.md#backtest-window) is indexed, so
 * each backtest given the result finds its window in O(log D) instead of checking and scanning
 * the D days. Results are identical to passing `days` itself.
 *
 * Cost: O(D) once; the days are copied (8·D bytes), later changes to `days` do not reach it.
 * @param days strictly increasing Unix seconds at 00:00 UTC, at least one.
 * @throws EngineError INVALID_INPUT naming `calendar[i]` when a day breaks a rule above.
 * @example
 * const calendar = tradingCalendar(universeDays); // once
 * for (const holdings of portfolios) buyAndHoldBacktest({ calendar, holdings, prices, benchmark });
 * tradingCalendar([1704672000, 1704758400]).length // => 2
 */
export function tradingCalendar(days: ArrayLike<number>): TradingCalendar {
  const checked = prepareCalendar(days);
  // A Float64Array is checked in place; keep a copy so that later writes to it cannot reach the calendar.
  const prepared = checked.days === (days as unknown) ? { ...checked, days: checked.days.slice() } : checked;
  const handle: TradingCalendar = Object.freeze({
    kind: "TradingCalendar" as const,
    length: prepared.days.length,
    first: prepared.days[0]!,
    last: prepared.days[prepared.days.length - 1]!,
  });
  registerCalendar(handle, prepared);
  return handle;
}
