import type { PriceSeries } from "../types.ts";
import type { PreparedCalendar } from "./preparedCalendar.ts";
import type { KernelMemory } from "./kernelMemory.ts";

/** A price table's data behind its `WeeklyPriceTable` handle (see ../weeklyPriceTable.ts). */
export interface PreparedPriceTable {
  /** The calendar the table was made for (its handle's prepared form). */
  calendar: PreparedCalendar;
  /** The handle of that calendar; a backtest must be given the same one. */
  calendarHandle: object;
  /** The series by id (shape-checked; each with its column), for holding resolution and the closes not gathered. */
  series: ReadonlyMap<string, TableSeries>;
  /** Number of columns (series). */
  width: number;
  /**
   * Weekly closes in the kernel's memory, block-major: the close of column c on slot r is
   * `memory.f64[closeIndex(table, r, c)]`, where slot r < weekEnds.length is calendar day
   * `weekEnds[r]` and the last slot is the calendar's last day. 0 where the series does not trade
   * (never read there).
   */
  memory: KernelMemory;
}

/** A series of a table: the caller's start and closes, and its column in the table. */
export interface TableSeries extends PriceSeries {
  column: number;
  /**
   * Index in `closes` of the first close that is not a finite number > 0 (checked over the whole
   * series when the table was made), or -1. A backtest holding the series refuses it, naming that close.
   */
  firstBad: number;
}

const registry = new WeakMap<object, PreparedPriceTable>();

/** Remembers `prepared` as the data behind `handle`. */
export function registerPriceTable(handle: object, prepared: PreparedPriceTable): void {
  registry.set(handle, prepared);
}

/** The prepared table behind a `WeeklyPriceTable` handle, or undefined for anything else. */
export function preparedPriceTableOf(prices: unknown): PreparedPriceTable | undefined {
  return prices !== null && typeof prices === "object" ? registry.get(prices) : undefined;
}

/** Index in `table.memory.f64` of column `col`'s close on slot `slot`. */
export function closeIndex(table: PreparedPriceTable, slot: number, col: number): number {
  return table.memory.data / 8 + ((slot >> 3) * table.width + col) * 8 + (slot & 7);
}
