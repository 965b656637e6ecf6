import { EngineError } from "../errors/EngineError.ts";
import { assertKnownKeys } from "../_internal/assertKnownKeys.ts";
import { assertFinite, assertInRange, assertInteger } from "../_internal/validate.ts";
import { PERIODS_PER_YEAR } from "../stats/conventions.ts";
import type { BacktestInput, BacktestStatistics, TableBacktestInput } from "./types.ts";
import { isoDate } from "./isoDate.ts";
import { rebasedAtPoints } from "./_internal/navAtPoints.ts";
import { preparedCalendarOf } from "./_internal/preparedCalendar.ts";
import { preparedPriceTableOf } from "./_internal/preparedPriceTable.ts";
import { registerWindow, type PreparedWindow } from "./_internal/preparedWindow.ts";
import { seriesStatistics } from "./_internal/seriesStatistics.ts";
import { validateCloses, validatePriceSeries } from "./validatePriceSeries.ts";
import { weeklyWindow } from "./_internal/weeklyWindow.ts";

/** Default window length in years (rest-interface.md §8). */
const DEFAULT_YEARS = 5;

/**
 * A backtest window prepared once for many portfolios (`backtestPortfolio`, `batchBacktest`):
 * its weekly points, the benchmark's NAV and statistics on them. Immutable; do not write to its arrays.
 */
export interface BacktestWindow {
  readonly kind: "BacktestWindow";
  /** Unix seconds of the weekly points (W of them, the first the inception). */
  readonly timestamps: Float64Array;
  /** The benchmark rebased to 10000 on the same points, and its statistics. */
  readonly benchmark: { readonly symbol: string; readonly nav: Float64Array; readonly statistics: BacktestStatistics };
  /** Number of weekly returns, W − 1. */
  readonly weekCount: number;
}

/** Everything of a backtest but its holdings. */
export type BacktestWindowInput = Omit<BacktestInput, "holdings"> | Omit<TableBacktestInput, "holdings">;

/**
 * The part of `buyAndHoldBacktest` that does not depend on the holdings, done once: the window
 * and its weekly points (docs/maths.md#backtest-window), the benchmark rebased and its statistics
 * (docs/maths.md#backtest-statistics). `backtestPortfolio(window, holdings)` then gives exactly
 * what `buyAndHoldBacktest` gives for those holdings, without redoing this part.
 *
 * Cost: O(log D + W) with a prepared calendar (O(D) with plain days).
 * @param input as `buyAndHoldBacktest`'s, without `holdings`.
 * @throws EngineError as `buyAndHoldBacktest` for every rule not about holdings (INVALID_INPUT
 *   naming the field; INSUFFICIENT_DATA for a window of fewer than 2 points or a benchmark that
 *   does not cover it).
 * @example
 * const days = Array.from({ length: 1400 }, (_, i) => 1704672000 + (7 * Math.floor(i / 5) + (i % 5)) * 86400); // Mondays to Fridays from 2024-01-08
 * const calendar = tradingCalendar(days);
 * const closes = days.map((_, i) => 100 + i);
 * const table = weeklyPriceTable(calendar, new Map([["A", { start: 0, closes }]]));
 * const window = backtestWindow({ calendar, prices: table, benchmark: { symbol: "SPY", series: { start: 0, closes } }, years: 5 });
 * window.weekCount // => 260
 */
export function backtestWindow(input: BacktestWindowInput): BacktestWindow {
  const { window: shared, prepared } = prepareWindow(input);
  // The handle's timestamps are the caller's to read: a copy, so that writes cannot reach the window.
  const window = { ...shared, timestamps: shared.timestamps.slice() };
  Object.freeze(window.benchmark.statistics);
  Object.freeze(window.benchmark);
  Object.freeze(window);
  registerWindow(window, prepared);
  return window;
}

/**
 * `backtestWindow` without registering or freezing the handle: for callers that use the prepared
 * data at once (buyAndHoldBacktest, rebalancedBacktest) and drop the handle.
 */
export function prepareWindow(input: BacktestWindowInput): { window: BacktestWindow; prepared: PreparedWindow } {
  if (input === null || typeof input !== "object") {
    throw new EngineError("INVALID_INPUT", "input must be an object { calendar, holdings, prices, benchmark }", {
      field: "input",
    });
  }
  assertKnownKeys("input", input, [
    "calendar",
    "prices",
    "holdings",
    "benchmark",
    "years",
    "asOf",
    "riskFreeRate",
    "rebalance",
    "frequency",
  ]);
  const prepared = preparedCalendarOf(input.calendar);
  const calendar = prepared.days;
  // Only undefined means "default": a null is a wrong type, rejected like any other.
  const years = input.years === undefined ? DEFAULT_YEARS : input.years;
  assertInteger("years", years, { min: 1, max: 20 });
  const asOf = input.asOf === undefined ? calendar[calendar.length - 1]! : input.asOf;
  assertFinite("asOf", asOf);
  const riskFreeRate = input.riskFreeRate === undefined ? 0 : input.riskFreeRate;
  assertInRange("riskFreeRate", riskFreeRate, { min: -1, minExclusive: true });
  const benchmark = input.benchmark as BacktestInput["benchmark"] | null | undefined;
  if (
    benchmark === null ||
    typeof benchmark !== "object" ||
    typeof benchmark.symbol !== "string" ||
    benchmark.symbol.length === 0
  ) {
    throw new EngineError("INVALID_INPUT", "benchmark must be an object { symbol, series } with a non-empty symbol", {
      field: "benchmark.symbol",
    });
  }
  const benchmarkSeries = validatePriceSeries("benchmark.series", benchmark.series, calendar.length);
  validateCloses(() => "benchmark.series", benchmarkSeries.closes);

  const warnings: string[] = [];
  const weekly = weeklyWindow(prepared, years, asOf);
  const { endIndex, startSeconds, points, complete } = weekly;
  const end = calendar[endIndex]!;
  if (points.length < 2) {
    throw new EngineError(
      "INSUFFICIENT_DATA",
      `the backtest window ${isoDate(startSeconds)} to ${isoDate(end)} holds ${points.length} weekly point(s); at least 2 are needed`,
      { field: "calendar" },
    );
  }
  const inception = points[0]!;
  if (!complete) {
    warnings.push(
      `price history starts on ${isoDate(calendar[0]!)}, after the requested start ${isoDate(startSeconds)}: the backtest starts on ${isoDate(calendar[inception]!)} with ${points.length - 1} weekly returns instead of ${PERIODS_PER_YEAR.weekly * years}`,
    );
  }

  const { symbol } = benchmark;
  const benchmarkLast = benchmarkSeries.start + benchmarkSeries.closes.length - 1;
  if (benchmarkSeries.start > inception || benchmarkLast < inception) {
    throw new EngineError(
      "INSUFFICIENT_DATA",
      `benchmark ${symbol} has no close at inception (${isoDate(calendar[inception]!)})`,
      {
        field: "benchmark.series",
      },
    );
  }
  if (benchmarkLast < endIndex) {
    throw new EngineError(
      "INSUFFICIENT_DATA",
      `benchmark ${symbol} data ends on ${isoDate(calendar[benchmarkLast]!)}, before the end of the window (${isoDate(end)})`,
      { field: "benchmark.series" },
    );
  }

  const table = preparedPriceTableOf(input.prices);
  if (table !== undefined && table.calendarHandle !== input.calendar) {
    throw new EngineError(
      "INVALID_INPUT",
      "calendar must be the TradingCalendar the price table was made for (prices.calendar)",
      {
        field: "calendar",
      },
    );
  }
  const timestamps = new Float64Array(points.length);
  for (let k = 0; k < points.length; k++) timestamps[k] = calendar[points[k]!]!;
  const benchmarkNav = rebasedAtPoints("benchmark.series", benchmarkSeries, points);
  const statistics = seriesStatistics(`benchmark ${symbol}`, benchmarkNav, timestamps, riskFreeRate);
  const window: BacktestWindow = {
    kind: "BacktestWindow" as const,
    timestamps,
    benchmark: { symbol, nav: benchmarkNav, statistics },
    weekCount: points.length - 1,
  };
  const preparedWindow: PreparedWindow = {
    calendar: prepared,
    prices: input.prices,
    table,
    points,
    timestamps,
    firstWeekEnd: weekly.firstWeekEnd,
    endWeekEnd: weekly.endWeekEnd,
    riskFreeRate,
    warnings,
  };
  return { window, prepared: preparedWindow };
}
