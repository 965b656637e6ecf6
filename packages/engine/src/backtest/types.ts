/**
 * Input and output shapes of {@link buyAndHoldBacktest}. The result mirrors the service's backtest
 * result (rest-interface.md §2.10); the semantics are in docs/maths.md#buy-and-hold-backtest.
 */
import type { TradingCalendar } from "./tradingCalendar.ts";

/**
 * One security's daily closes on the shared calendar: closes[j] is the close on calendar[start + j].
 * All closes finite and > 0: a backtest, or `scenariosFromPrices`, checks every close of each series
 * it uses, sampled or not (docs/maths.md#price-validation), once per closes array.
 * Treat `closes` as read-only once given to a backtest: a Map given again may be answered from the
 * weekly closes gathered before (docs/maths.md#map-price-cache); give a new array to change prices.
 */
export interface PriceSeries {
  /** Calendar index of the first close: an integer, 0 <= start <= calendar.length. */
  start: number;
  /** Consecutive daily closes (start + closes.length <= calendar.length); may be empty (no data). */
  closes: ArrayLike<number>;
}

/** One line of the portfolio: a security id (a key of {@link BacktestInput.prices}) and its weight (finite, >= 0, any scale). */
export interface BacktestHolding {
  id: string;
  weight: number;
}

/** Everything a buy-and-hold backtest needs; nothing is fetched. */
export interface BacktestInput {
  /**
   * Strictly increasing Unix seconds at 00:00 UTC (trading days), or the same days prepared once by
   * `tradingCalendar` for many backtests (identical results, no per-call O(D) check).
   */
  calendar: ArrayLike<number> | TradingCalendar;
  /** At least one holding; at least one weight > 0. Duplicate ids are merged (weights added). */
  holdings: ReadonlyArray<BacktestHolding>;
  /** Price series by holding id; a missing id is an unresolvable holding (dropped with a warning). */
  prices: ReadonlyMap<string, PriceSeries>;
  /** The benchmark: its symbol (echoed in the result) and its series, which must cover the whole window. */
  benchmark: { symbol: string; series: PriceSeries };
  /** Length of the window in calendar years: integer 1..20, default 5. */
  years?: number;
  /** Unix seconds; default: the last calendar date. Snapped to the last trading day <= asOf. */
  asOf?: number;
  /** Annual risk-free rate for the Sharpe ratio: finite, > -1, default 0. */
  riskFreeRate?: number;
  /**
   * Sampling of the NAV: "weekly" (default, the service's weekly points) or "daily" (every trading
   * day of the same window, statistics with 252 periods a year; docs/maths.md#daily-nav). Daily
   * needs `prices` as a Map (not a `WeeklyPriceTable`).
   */
  frequency?: "weekly" | "daily";
}

/**
 * A {@link BacktestInput} whose prices were gathered once by `weeklyPriceTable` on `calendar`:
 * identical results, the weekly closes read from contiguous rows (docs/maths.md#weekly-price-table).
 */
export interface TableBacktestInput extends Omit<BacktestInput, "calendar" | "prices"> {
  /** The calendar the table was made for (`prices.calendar`). */
  calendar: TradingCalendar;
  /** Weekly closes by holding id; a missing id is an unresolvable holding (dropped with a warning). */
  prices: WeeklyPriceTable;
}

/** Statistics of one weekly NAV series (docs/maths.md#backtest-statistics). */
export interface BacktestStatistics {
  /** Total return: last NAV / 10000 - 1. */
  returns: number;
  /** CAGR over calendar time between the first and last timestamps (365.25-day years). */
  annualizedReturn: number;
  /**
   * The service's name for the annualised volatility σ = sqrt(s² · 52) of the weekly returns (its
   * reference's example numbers give Sharpe ≈ CAGR / variance, so σ, not σ²); 0 with a single
   * weekly return. See docs/maths.md#backtest-statistics.
   */
  variance: number;
  /** Annualised Sharpe ratio of the weekly returns (52 periods a year, annual risk-free rate); 0 when undefined. */
  sharpeRatio: number;
  /** Maximum drawdown of the weekly NAV, a fraction in [-1, 0]. */
  maxDrawdown: number;
}

/** The backtest result, exactly the contract's §2.10 shape. */
export interface BacktestResult {
  metadata: BacktestStatistics & { stockCount: number; weekCount: number; warnings: string[] };
  /** `[unixSeconds, nav]` at each weekly point; NAV starts at 10000. */
  timeSeries: Array<[number, number]>;
  benchmarkMetadata: BacktestStatistics & { symbol: string };
  /** The benchmark rebased to 10000 on exactly the timestamps of `timeSeries`. */
  benchmarkTimeSeries: Array<[number, number]>;
}

/**
 * The weekly closes of many series on one {@link TradingCalendar} (made by `weeklyPriceTable`), gathered once, for many
 * backtests over the same prices (a server's universe, a parameter sweep). Opaque and immutable.
 */
export interface WeeklyPriceTable {
  readonly kind: "WeeklyPriceTable";
  /** The calendar the table was made for; backtests given the table must use this calendar. */
  readonly calendar: TradingCalendar;
  /** Number of series. */
  readonly size: number;
}
