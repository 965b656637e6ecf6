import type { BacktestInput, BacktestResult, TableBacktestInput } from "./types.ts";
import { prepareWindow } from "./backtestWindow.ts";
import { runPortfolio } from "./backtestPortfolio.ts";
import { dailyWindow, frequencyOf } from "./_internal/dailyWindow.ts";

/**
 * Buy-and-hold backtest of weighted holdings against a benchmark, sampled weekly, NAV rebased to
 * 10000 (rest-interface.md §2.10, §4.5).
 *
 * Window: `end` = last trading day <= `asOf`; the weekly points are the last trading day of each
 * ISO week, the last one being `end`, 52·years + 1 of them (so `weekCount` is 52·years, 260 for
 * 5 years, as the service reports). Shares are bought at the first point's close (inception) in proportion to the normalised
 * weights and never rebalanced: `NAV_t = 10000 · Σ_h w_h · P_h(t) / P_h(t_0)`. A holding listed
 * after inception is held as cash until its first weekly close; one that stops trading is turned
 * into cash at its last close. Duplicates are merged and unresolvable holdings dropped, each event
 * adding a warning; zero weights (an optimizer's output lists every asset) are skipped quietly. Statistics: total return, CAGR over 365.25-day years,
 * variance of weekly returns × 52, Sharpe ratio (52 periods, annual `riskFreeRate`), maximum drawdown.
 *
 * @see docs/maths.md#buy-and-hold-backtest
 * Cost: O(D + H·W) for D calendar days, H holdings and W weekly points (about 260 for 5 years):
 * no daily loop over holdings. With a `TradingCalendar` (made once by `tradingCalendar`)
 * the O(D) calendar check and week scan are done once, not per call: O(log D + H·W). Every close
 * of each series used is checked (docs/maths.md#price-validation), O(D) per series the first time
 * its closes array is seen and O(1) after.
 * With a `WeeklyPriceTable` as `prices` (made once by `weeklyPriceTable` on that calendar)
 * the weekly closes are read from contiguous rows gathered once, with identical results
 * (docs/maths.md#weekly-price-table): 500 holdings × 20 years in about the time numpy takes
 * (bench/README.md). Given the same `Map` again, the engine gathers that table itself once the
 * calls have read as many series as the Map holds (the second call when every series is held),
 * and a plain array of days is prepared once per array (docs/maths.md#map-price-cache): same
 * results, about numpy's time from then on. A series is recognised by its start, its closes
 * array and that array's length: to change prices, give a new array (values written into an
 * array in place are not seen). It is `backtestWindow(input)` then
 * `backtestPortfolio(window, holdings)`, with the NAVs as `[t, nav]` pairs.
 * @param input see {@link BacktestInput}: `calendar` strictly increasing Unix seconds at 00:00 UTC
 *   (or a `TradingCalendar` of such days);
 *   `prices` a Map of series or a `WeeklyPriceTable` made on the same `calendar` handle;
 *   `holdings` non-empty, weights finite and >= 0, at least one > 0; each listed series and the
 *   benchmark's: `start` an integer in [0, calendar.length] and `start + closes.length <=
 *   calendar.length`; every close of the benchmark's series and of each series a holding of
 *   positive weight names a finite number > 0, whether or not the NAV samples it; `years` integer 1..20
 *   (default 5); `asOf` finite (default: last calendar date); `riskFreeRate` finite and > -1
 *   (default 0); `frequency` "weekly" (default) or "daily" (every trading day of the same window,
 *   statistics with 252 periods a year, prices as a Map: docs/maths.md#daily-nav).
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
  const weekly = prepareWindow(input);
  const daily = frequencyOf(input) === "daily";
  const { window, prepared } = daily ? dailyWindow(input, weekly) : weekly;
  const run = runPortfolio(prepared, input.holdings, new Float64Array(prepared.points.length), "portfolio");
  const { nav } = run;
  const metadata = daily ? { ...run.metadata, weekCount: window.weekCount } : run.metadata;
  const timestamps = prepared.timestamps;
  const benchmarkNav = window.benchmark.nav;
  const n = timestamps.length;
  const timeSeries: Array<[number, number]> = new Array(n);
  const benchmarkTimeSeries: Array<[number, number]> = new Array(n);
  for (let k = 0; k < n; k++) {
    timeSeries[k] = [timestamps[k]!, nav[k]!];
    benchmarkTimeSeries[k] = [timestamps[k]!, benchmarkNav[k]!];
  }
  return {
    metadata,
    timeSeries,
    benchmarkMetadata: { ...window.benchmark.statistics, symbol: window.benchmark.symbol },
    benchmarkTimeSeries,
  };
}
