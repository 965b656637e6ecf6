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
 * const days = Array.from({ length: 260 }, (_, i) => 1704672000 + (7 * Math.floor(i / 5) + (i % 5)) * 86400); // a year of Mondays to Fridays from 2024-01-08
 * const calendar = tradingCalendar(days); // once, for many backtests
 * const prices = new Map([["A", { start: 0, closes: days.map((_, i) => 100 + i) }], ["B", { start: 0, closes: days.map((_, i) => 200 - i / 2) }]]);
 * const benchmark = { symbol: "SPY", series: prices.get("A")! };
 * const portfolios = [[{ id: "A", weight: 1 }], [{ id: "A", weight: 1 }, { id: "B", weight: 1 }]];
 * portfolios.map((holdings) => buyAndHoldBacktest({ calendar, holdings, prices, benchmark, years: 1 }).metadata.stockCount) // => [1, 2]
 * calendar.length // => 260
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
