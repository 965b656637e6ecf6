import type { PreparedCalendar } from "./preparedCalendar.ts";
import type { PreparedPriceTable } from "./preparedPriceTable.ts";

/** What a `BacktestWindow` handle stands for (see ../backtestWindow.ts). */
export interface PreparedWindow {
  calendar: PreparedCalendar;
  /** The prices as given: a Map (checked when a portfolio is run) or undefined with a table. */
  prices: unknown;
  table: PreparedPriceTable | undefined;
  points: Int32Array;
  /** Timestamps of the points (a private copy). */
  timestamps: Float64Array;
  firstWeekEnd: number;
  endWeekEnd: number;
  riskFreeRate: number;
  /** Periods per year of the points' returns: 52 for weekly points (the default when absent), 252 for daily ones. */
  periodsPerYear?: number;
  /** Warnings of the window itself (a short history), first in every portfolio's warnings. */
  warnings: readonly string[];
}

const registry = new WeakMap<object, PreparedWindow>();

export function registerWindow(handle: object, prepared: PreparedWindow): void {
  registry.set(handle, prepared);
}

export function preparedWindowOf(handle: unknown): PreparedWindow | undefined {
  return handle !== null && typeof handle === "object" ? registry.get(handle) : undefined;
}
