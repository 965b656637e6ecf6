import { EngineError } from "../errors/EngineError.ts";
import type { BacktestHolding, BacktestStatistics } from "./types.ts";
import type { BacktestWindow } from "./backtestWindow.ts";
import { navAtPoints } from "./_internal/navAtPoints.ts";
import { navFromTable } from "./_internal/navFromTable.ts";
import { mapPriceTable } from "./_internal/mapPriceTable.ts";
import { preparedWindowOf, type PreparedWindow } from "./_internal/preparedWindow.ts";
import { checkResolvedCloses, resolveHoldings } from "./_internal/resolveHoldings.ts";
import { seriesStatistics } from "./_internal/seriesStatistics.ts";

/** One portfolio's buy-and-hold backtest over a prepared window: its weekly NAV and statistics. */
export interface PortfolioBacktest {
  /** NAV rebased to 10000 on the window's timestamps (W values). */
  nav: Float64Array;
  metadata: BacktestStatistics & { stockCount: number; weekCount: number; warnings: string[] };
}

/**
 * The buy-and-hold backtest of `holdings` over a window prepared by `backtestWindow`: the NAV
 * (docs/maths.md#buy-and-hold-nav) as a Float64Array on `window.timestamps` and the statistics
 * (docs/maths.md#backtest-statistics). Identical numbers and warnings to `buyAndHoldBacktest`
 * given the same input; `nav` is written into `out` when given (length W), so a sweep can fill
 * one block without allocating.
 *
 * Cost: O(H·W) (over a `WeeklyPriceTable`, contiguous rows) plus O(W) statistics.
 * @param window made by `backtestWindow`.
 * @param holdings as `buyAndHoldBacktest`'s.
 * @param out optional Float64Array of length `window.weekCount + 1` to hold the NAV.
 * @throws EngineError INVALID_INPUT when `window` was not made by `backtestWindow`, `out` has the
 *   wrong length, or the holdings or their prices break `buyAndHoldBacktest`'s rules;
 *   NO_RESOLVABLE_HOLDINGS when no holding can be priced.
 * @example
 * const days = Array.from({ length: 15 }, (_, i) => 1704672000 + (7 * Math.floor(i / 5) + (i % 5)) * 86400); // three weeks from Monday 2024-01-08
 * const prices = new Map([["A", { start: 0, closes: days.map((_, i) => 100 + 5 * Math.floor(i / 5)) }]]); // Friday closes 100, 105, 110
 * const window = backtestWindow({ calendar: days, prices, benchmark: { symbol: "SPY", series: prices.get("A")! }, years: 1 });
 * const run = backtestPortfolio(window, [{ id: "A", weight: 1 }]);
 * Array.from(run.nav) // => [10000, 10500, 11000]
 * run.metadata.weekCount // => 2
 */
export function backtestPortfolio(
  window: BacktestWindow,
  holdings: ReadonlyArray<BacktestHolding>,
  out?: Float64Array,
): PortfolioBacktest {
  const w = preparedWindowOf(window);
  if (w === undefined)
    throw new EngineError("INVALID_INPUT", "window must be made by backtestWindow()", { field: "window" });
  const length = w.points.length;
  if (out !== undefined && !(out instanceof Float64Array && out.length === length)) {
    throw new EngineError(
      "INVALID_INPUT",
      `out must be a Float64Array of length ${length} (the window's weekly points)`,
      { field: "out" },
    );
  }
  return runPortfolio(w, holdings, out ?? new Float64Array(length), "portfolio");
}

/** The run itself, for callers holding the prepared window (buyAndHoldBacktest, batchBacktest). */
export function runPortfolio(
  w: PreparedWindow,
  holdings: unknown,
  out: Float64Array,
  label: string,
): PortfolioBacktest {
  const warnings = w.warnings.length === 0 ? [] : [...w.warnings];
  const { table, points } = w;
  const resolved = resolveHoldings(
    holdings,
    table === undefined ? w.prices : table.series,
    w.calendar.days,
    points,
    warnings,
    table !== undefined,
  );
  const slots = { firstSlot: w.firstWeekEnd, endSlot: w.endWeekEnd };
  // A Map given again: its weekly closes gathered once, when that pays (docs/maths.md#map-price-cache).
  // Only for weekly points: the table holds weekly closes, a daily window (docs/maths.md#daily-nav) reads the Map.
  const weeklyPoints = w.periodsPerYear === undefined;
  const cached = table === undefined && weeklyPoints ? mapPriceTable(w.prices, w.calendar, resolved) : undefined;
  // Every close of the held series is checked: here when read from a table, by navAtPoints as it reads each group otherwise.
  if (table !== undefined || cached !== undefined) checkResolvedCloses(resolved);
  const nav =
    table !== undefined
      ? navFromTable(table, resolved, points, slots, out)
      : cached !== undefined
        ? navFromTable(cached.table, cached.holdings, points, slots, out)
        : navAtPoints(resolved, points, out);
  return {
    nav,
    metadata: {
      ...seriesStatistics(label, nav, w.timestamps, w.riskFreeRate, w.periodsPerYear),
      stockCount: resolved.length,
      weekCount: points.length - 1,
      warnings,
    },
  };
}
