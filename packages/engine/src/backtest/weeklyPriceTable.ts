import { EngineError } from "../errors/EngineError.ts";
import type { PriceSeries, WeeklyPriceTable } from "./types.ts";
import { tradingCalendar, type TradingCalendar } from "./tradingCalendar.ts";
import { preparedCalendarOf } from "./_internal/preparedCalendar.ts";
import { registerPriceTable, type TableSeries } from "./_internal/preparedPriceTable.ts";
import { kernelMemory } from "./_internal/kernelMemory.ts";
import { firstBadClose, validatePriceSeries } from "./validatePriceSeries.ts";

/**
 * Gathers, for every series of `prices`, its close on every weekly point a backtest can use (the
 * last trading day of each ISO week, and the calendar's last day) into one block-major table
 * (docs/maths.md#weekly-price-table): blocks of 8 weekly slots, each holding every series' 8 closes
 * side by side, so that `buyAndHoldBacktest({ calendar, prices: table, … })` sums 8 weekly NAVs
 * at once from one cache line per holding, with WebAssembly SIMD where available. Results are
 * bit-for-bit those of passing the Map itself.
 *
 * Cost: O(S·D) once for S series over D trading days: every close is checked (once per closes
 * array: series already checked by a backtest are not scanned again) and one per week copied;
 * 8 bytes per series and week (500 series × 20 years: 4.2 MB). The weekly closes are copied; the
 * series are kept and read again only for the closes the table does not hold (a delisted
 * series' last close, a mid-week end), so they must not change afterwards.
 * @param calendar made by `tradingCalendar`, or the days themselves (then prepared here: use the
 *   table's `calendar` in the backtests).
 * @param prices series by id, each `{ start, closes }` on that calendar (the rules of
 *   `buyAndHoldBacktest`); every close is checked here, and a backtest holding a series with a
 *   close that is not a finite number > 0 is refused naming it, as with a Map.
 * @throws EngineError INVALID_INPUT when `calendar` breaks the rules of `tradingCalendar` (or is a
 *   TradingCalendar not made by it), `prices` is not a Map, or a series breaks the shape rules
 *   (naming `prices["id"]`).
 * @example
 * const days = Array.from({ length: 260 }, (_, i) => 1704672000 + (7 * Math.floor(i / 5) + (i % 5)) * 86400); // a year of Mondays to Fridays from 2024-01-08
 * const calendar = tradingCalendar(days);
 * const prices = new Map([["A", { start: 0, closes: days.map((_, i) => 100 + i) }], ["B", { start: 0, closes: days.map((_, i) => 200 - i / 2) }]]);
 * const table = weeklyPriceTable(calendar, prices); // once, for many backtests
 * const benchmark = { symbol: "SPY", series: prices.get("A")! };
 * const input = { calendar, holdings: [{ id: "A", weight: 1 }, { id: "B", weight: 3 }], benchmark, years: 1 };
 * table.size // => 2
 * buyAndHoldBacktest({ ...input, prices: table }).timeSeries.at(-1)![1] === buyAndHoldBacktest({ ...input, prices }).timeSeries.at(-1)![1] // => true (the Map's numbers, bit for bit)
 */
export function weeklyPriceTable(
  calendar: TradingCalendar | ArrayLike<number>,
  prices: ReadonlyMap<string, PriceSeries>,
): WeeklyPriceTable {
  const handle = isTradingCalendar(calendar) ? calendar : tradingCalendar(calendar);
  const cal = preparedCalendarOf(handle);
  if (
    prices === null ||
    typeof prices !== "object" ||
    typeof prices.get !== "function" ||
    typeof prices.entries !== "function"
  ) {
    throw new EngineError("INVALID_INPUT", "prices must be a Map from id to { start, closes }", { field: "prices" });
  }
  const { days, weekEnds } = cal;
  const slots = weekEnds.length + 1;
  // Each series is kept as its start, its closes (read again for the closes not gathered) and its column.
  const series = new Map<string, TableSeries>();
  for (const [id, s] of prices) {
    if (typeof id !== "string" || id.length === 0)
      throw new EngineError("INVALID_INPUT", "prices keys must be non-empty strings", { field: "prices" });
    const { start, closes } = validatePriceSeries(`prices[${JSON.stringify(id)}]`, s, days.length);
    series.set(id, { start, closes, column: series.size, firstBad: firstBadClose(closes) });
  }
  const width = series.size;
  const memory = kernelMemory(width, slots);
  const { f64 } = memory;
  const base = memory.data / 8;
  for (const { start, closes, column: c, firstBad } of series.values()) {
    // A series with a bad close is never read (backtests holding it are refused).
    if (firstBad >= 0) continue;
    const last = start + closes.length - 1;
    for (let r = 0; r < slots; r++) {
      const day = r < weekEnds.length ? weekEnds[r]! : days.length - 1;
      if (day >= start && day <= last) f64[base + ((r >> 3) * width + c) * 8 + (r & 7)] = closes[day - start]!;
    }
  }
  const table: WeeklyPriceTable = Object.freeze({ kind: "WeeklyPriceTable" as const, calendar: handle, size: width });
  registerPriceTable(table, { calendar: cal, calendarHandle: handle, series, width, memory });
  return table;
}

function isTradingCalendar(calendar: unknown): calendar is TradingCalendar {
  return (
    calendar !== null && typeof calendar === "object" && (calendar as { kind?: unknown }).kind === "TradingCalendar"
  );
}
