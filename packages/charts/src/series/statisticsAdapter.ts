/**
 * The ONE place the charts compute statistics of a series (underwater curve, rolling volatility,
 * rolling Sharpe ratio), each on top of @thematic/engine: the rolling statistics are the engine's
 * tear-sheet functions (`rollingVolatility`, `rollingSharpe`, docs/maths.md#rolling-windows), with
 * each window's value placed at the point its last return ends; nothing else in the package
 * computes a statistic.
 */
import { EngineError, PERIODS_PER_YEAR, rollingSharpe as engineRollingSharpe, rollingVolatility as engineRollingVolatility, simpleReturns } from "@thematic/engine";
import { ChartError } from "../ChartError.ts";
import type { SeriesColumns } from "../_internal/seriesColumns.ts";

/** A derived series: `t[i]`, `v[i]` as in {@link SeriesColumns}. */
export type DerivedSeries = SeriesColumns;

/**
 * The underwater curve `u_t = NAV_t / max_{s <= t} NAV_s − 1` (≤ 0, 0 at each new high).
 *
 * @see docs/maths.md#chart-series
 * Cost: O(n). `nav.v` must be > 0 (checked by `seriesColumns(…, positive)`).
 * @example
 * Array.from(underwater({ t: Float64Array.of(0, 1, 2), v: Float64Array.of(100, 80, 120) }).v) // => [0, -0.19999999999999996, 0]
 */
export function underwater(nav: SeriesColumns): DerivedSeries {
  const n = nav.v.length;
  const v = new Float64Array(n);
  let peak = -Infinity;
  for (let i = 0; i < n; i++) {
    const x = nav.v[i]!;
    if (x > peak) peak = x;
    v[i] = x / peak - 1;
  }
  return { t: nav.t.slice(), v };
}

/** Options of the rolling statistics. */
export interface RollingOptions {
  /** Returns per window (an integer ≥ 2); default 52 when the series has at least 104 returns, else 13 (`defaultWindow`). */
  window?: number;
  /** Periods per year of the series; default 52 (weekly, as backtests are). */
  periodsPerYear?: number;
  /** Annual risk-free rate for the Sharpe ratio; default 0. */
  riskFreeRate?: number;
}

/**
 * Default rolling window for `returns` periodic returns: 52 (one year of weeks) when there are at
 * least 104 returns, else 13 (a quarter), so a one-year backtest still shows a curve.
 *
 * @see docs/maths.md#chart-series
 * @example
 * defaultWindow(51) // => 13
 */
export function defaultWindow(returns: number): number {
  return returns >= 104 ? 52 : 13;
}

/**
 * Rolling annualised volatility: at each point `i ≥ w`, engine `volatility` of the `w` simple
 * returns ending at `i` (`sqrt(s² · p)`).
 *
 * @see docs/maths.md#chart-series
 * Cost: O(n·w).
 * @throws ChartError (field `options.window`) when the series has fewer than `w + 1` points
 */
export function rollingVolatility(nav: SeriesColumns, options: RollingOptions = {}): DerivedSeries {
  const ppy = options.periodsPerYear ?? PERIODS_PER_YEAR.weekly;
  return rolling(nav, options, (r, w) => engineRollingVolatility(r, w, ppy));
}

/**
 * Rolling annualised Sharpe ratio: at each point `i ≥ w`, engine `sharpeRatio` of the `w` simple
 * returns ending at `i` (per-period risk-free rate from the annual one; 0 when the window's
 * returns are constant).
 *
 * @see docs/maths.md#chart-series
 * Cost: O(n·w).
 * @throws ChartError (field `options.window`) when the series has fewer than `w + 1` points
 */
export function rollingSharpe(nav: SeriesColumns, options: RollingOptions = {}): DerivedSeries {
  const sharpeOptions = { periodsPerYear: options.periodsPerYear ?? PERIODS_PER_YEAR.weekly, riskFreeRate: options.riskFreeRate ?? 0 };
  return rolling(nav, options, (r, w) => engineRollingSharpe(r, w, sharpeOptions));
}

function rolling(nav: SeriesColumns, options: RollingOptions, statistic: (returns: Float64Array, window: number) => Float64Array): DerivedSeries {
  const returns = engine(() => simpleReturns(nav.v), "series");
  const w = options.window ?? defaultWindow(returns.length);
  if (!Number.isInteger(w) || w < 2) throw new ChartError("options.window", `must be an integer >= 2, got ${String(w)}`);
  if (returns.length < w) throw new ChartError("options.window", `a ${w}-period window needs at least ${w + 1} points, got ${nav.v.length}`);
  const v = engine(() => statistic(returns, w), "options");
  // Value k is the window of returns r[k .. k+w-1], which ends at point k + w.
  const t = nav.t.slice(w, w + v.length);
  return { t, v };
}

/** Runs an engine call, turning its `EngineError` into the package's `ChartError`. */
function engine<T>(call: () => T, field: string): T {
  try {
    return call();
  } catch (error) {
    if (error instanceof EngineError) throw new ChartError(error.field === undefined ? field : `${field}.${error.field}`, error.message, { cause: error });
    throw error;
  }
}
