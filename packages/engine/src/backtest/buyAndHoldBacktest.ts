import { EngineError } from "../errors/EngineError.ts";
import { assertFinite, assertInRange, assertInteger } from "../_internal/validate.ts";
import { PERIODS_PER_YEAR } from "../stats/conventions.ts";
import type { BacktestInput, BacktestResult, TableBacktestInput } from "./types.ts";
import type { TradingCalendar } from "./tradingCalendar.ts";
import { isoDate } from "./_internal/isoDate.ts";
import { navAtPoints, rebasedAtPoints } from "./_internal/navAtPoints.ts";
import { navFromTable } from "./_internal/navFromTable.ts";
import { preparedPriceTableOf } from "./_internal/preparedPriceTable.ts";
import { resolveHoldings } from "./_internal/resolveHoldings.ts";
import { seriesStatistics } from "./_internal/seriesStatistics.ts";
import { preparedCalendarOf } from "./_internal/preparedCalendar.ts";
import { validatePriceSeries } from "./_internal/validatePriceSeries.ts";
import { weeklyWindow } from "./_internal/weeklyWindow.ts";

/** Default window length in years (rest-interface.md §8). */
const DEFAULT_YEARS = 5;

/**
 * Buy-and-hold backtest of weighted holdings against a benchmark, sampled weekly, NAV rebased to
 * 10000 (rest-interface.md §2.10, §4.5).
 *
 * Window: `end` = last trading day <= `asOf`; the weekly points are the last trading day of each
 * ISO week, the last one being `end`, 52·years + 1 of them (so `weekCount` is 52·years, 260 for
 * 5 years, as the service reports). Shares are bought at the first point's close (inception) in proportion to the normalised
 * weights and never rebalanced: `NAV_t = 10000 · Σ_h w_h · P_h(t) / P_h(t_0)`. A holding listed
 * after inception is held as cash until its first weekly close; one that stops trading is turned
 * into cash at its last close. Duplicates are merged, zero weights and unresolvable holdings are
 * dropped; each event adds a warning. Statistics: total return, CAGR over 365.25-day years,
 * variance of weekly returns × 52, Sharpe ratio (52 periods, annual `riskFreeRate`), maximum drawdown.
 *
 * @see docs/maths.md#buy-and-hold-backtest
 * Cost: O(D + H·W) for D calendar days, H holdings and W weekly points (about 260 for 5 years):
 * no daily loop over holdings. With a {@link TradingCalendar} (made once by `tradingCalendar`)
 * the O(D) calendar check and week scan are done once, not per call: O(log D + H·W). Closes are
 * validated as they are read, so the cost does not grow with the daily history of each holding.
 * With a `WeeklyPriceTable` as `prices` (made once by `weeklyPriceTable` on that calendar)
 * the weekly closes are read from contiguous rows gathered once, with identical results
 * (docs/maths.md#weekly-price-table): 500 holdings × 20 years in about the time numpy takes
 * (bench/README.md).
 * @param input see {@link BacktestInput}: `calendar` strictly increasing Unix seconds at 00:00 UTC
 *   (or a {@link TradingCalendar} of such days);
 *   `prices` a Map of series or a `WeeklyPriceTable` made on the same `calendar` handle;
 *   `holdings` non-empty, weights finite and >= 0, at least one > 0; each listed series and the
 *   benchmark's: `start` an integer in [0, calendar.length] and `start + closes.length <=
 *   calendar.length`; every close the backtest reads (weekly points, purchase and last closes)
 *   a finite number > 0 (closes it never reads are not inspected); `years` integer 1..20
 *   (default 5); `asOf` finite (default: last calendar date); `riskFreeRate` finite and > -1
 *   (default 0).
 * @returns the result, timestamps and both NAV series finite, the benchmark on the same timestamps.
 * @throws EngineError INVALID_INPUT when any input breaks a rule above (the message names the field).
 * @throws EngineError INSUFFICIENT_DATA when the window holds fewer than 2 weekly points, `asOf`
 *   precedes the calendar, or the benchmark has no close at inception or stops before `end`.
 * @throws EngineError NO_RESOLVABLE_HOLDINGS when no holding with a positive weight has a close on a
 *   weekly point of the window.
 * @example
 * const day = 86400, monday = 1704672000; // 2024-01-08
 * const calendar = Array.from({ length: 3 }, (_, w) => [0, 1, 2, 3, 4].map((d) => monday + (7 * w + d) * day)).flat();
 * const closes = calendar.map((_, i) => 100 + 5 * Math.floor(i / 5)); // Friday closes 100, 105, 110
 * const r = buyAndHoldBacktest({
 *   calendar, holdings: [{ id: "A", weight: 1 }], prices: new Map([["A", { start: 0, closes }]]),
 *   benchmark: { symbol: "SPY", series: { start: 0, closes } }, years: 1,
 * });
 * r.timeSeries // => [[1705017600, 10000], [1705622400, 10500], [1706227200, 11000]] (Fridays 2024-01-12, -19, -26)
 */
export function buyAndHoldBacktest(input: BacktestInput | TableBacktestInput): BacktestResult {
  if (input === null || typeof input !== "object") {
    throw new EngineError("INVALID_INPUT", "input must be an object { calendar, holdings, prices, benchmark }", { field: "input" });
  }
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
  if (benchmark === null || typeof benchmark !== "object" || typeof benchmark.symbol !== "string" || benchmark.symbol.length === 0) {
    throw new EngineError("INVALID_INPUT", "benchmark must be an object { symbol, series } with a non-empty symbol", {
      field: "benchmark.symbol",
    });
  }
  const benchmarkSeries = validatePriceSeries("benchmark.series", benchmark.series, calendar.length);

  const warnings: string[] = [];
  const window = weeklyWindow(prepared, years, asOf);
  const { endIndex, startSeconds, points, complete } = window;
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
    throw new EngineError("INSUFFICIENT_DATA", `benchmark ${symbol} has no close at inception (${isoDate(calendar[inception]!)})`, {
      field: "benchmark.series",
    });
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
    throw new EngineError("INVALID_INPUT", "calendar must be the TradingCalendar the price table was made for (prices.calendar)", {
      field: "calendar",
    });
  }
  const holdings = resolveHoldings(input.holdings, table === undefined ? input.prices : table.series, calendar, points, warnings, table !== undefined);
  const nav =
    table === undefined
      ? navAtPoints(holdings, points)
      : navFromTable(table, holdings, points, { firstSlot: window.firstWeekEnd, endSlot: window.endWeekEnd }, new Float64Array(points.length));
  const benchmarkNav = rebasedAtPoints("benchmark.series", benchmarkSeries, points);
  const timestamps = new Float64Array(points.length);
  for (let k = 0; k < points.length; k++) timestamps[k] = calendar[points[k]!]!;

  const timeSeries: Array<[number, number]> = new Array(points.length);
  const benchmarkTimeSeries: Array<[number, number]> = new Array(points.length);
  for (let k = 0; k < points.length; k++) {
    timeSeries[k] = [timestamps[k]!, nav[k]!];
    benchmarkTimeSeries[k] = [timestamps[k]!, benchmarkNav[k]!];
  }
  return {
    metadata: {
      ...seriesStatistics("portfolio", nav, timestamps, riskFreeRate),
      stockCount: holdings.length,
      weekCount: points.length - 1,
      warnings,
    },
    timeSeries,
    benchmarkMetadata: { ...seriesStatistics(`benchmark ${symbol}`, benchmarkNav, timestamps, riskFreeRate), symbol },
    benchmarkTimeSeries,
  };
}
