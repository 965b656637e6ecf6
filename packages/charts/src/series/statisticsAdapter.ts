/**
 * The ONE place the charts compute statistics of a series (underwater curve, rolling volatility,
 * rolling Sharpe ratio), each on top of @thematic/engine: the rolling statistics are the engine's
 * tear-sheet functions (`rollingVolatility`, `rollingSharpe`, docs/maths.md#rolling-windows), with
 * each window's value placed at the point its last return ends; nothing else in the package
 * computes a statistic. The periods a year come from the data (docs/maths.md#chart-series).
 */
import {
  rollingSharpe as engineRollingSharpe,
  rollingVolatility as engineRollingVolatility,
  simpleReturns,
} from "@thematic/engine";
import { displayValue } from "../_internal/checkOptions.ts";
import { ChartError } from "../ChartError.ts";
import { engineCall } from "../_internal/engineCall.ts";
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

/** Options of the rolling charts' statistics. */
export interface RollingOptions {
  /** Returns per window (an integer ≥ 2); default a year of points when there are at least two years, else a quarter (at least 2): `defaultWindow`. */
  window?: number;
  /**
   * Periods a year of the points. Read from the data (a backtest's `frequency`, else its dates:
   * 252 daily, 52 weekly, 12 monthly); give it only when the dates do not say it, or to refine it
   * (260 for daily points): a value that contradicts the data is refused.
   */
  periodsPerYear?: number;
  /** Annual risk-free rate for the Sharpe ratio, a fraction in (−1, 1); default 0. */
  riskFreeRate?: number;
}

/** What the adapter's rolling statistics need: P resolved from the data. */
export interface RollingParameters {
  window?: number;
  periodsPerYear: number;
  riskFreeRate?: number;
}

/**
 * Default rolling window for `returns` periodic returns at P periods a year: a year (P) when there
 * are at least two years of returns (2P), else a quarter (P/4, at least 2), so a one-year
 * backtest still shows a curve: 52 or 13 weekly returns, 252 or 63 daily, 12 or 3 monthly.
 *
 * @see docs/maths.md#chart-series
 * @example
 * defaultWindow(51, 52) // => 13
 */
export function defaultWindow(returns: number, periodsPerYear: number): number {
  const year = Math.max(2, Math.round(periodsPerYear));
  return returns >= 2 * year ? year : Math.max(2, Math.round(periodsPerYear / 4));
}

/**
 * Rolling annualised volatility: at each point `i ≥ w`, engine `volatility` of the `w` simple
 * returns ending at `i` (`sqrt(s² · P)`).
 *
 * @see docs/maths.md#chart-series
 * Cost: O(n·w).
 * @throws ChartError (field `options.window`) when the series has fewer than `w + 1` points
 */
export function rollingVolatility(nav: SeriesColumns, options: RollingParameters): DerivedSeries {
  return rolling(nav, options, (r, w) => engineRollingVolatility(r, w, options.periodsPerYear));
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
export function rollingSharpe(nav: SeriesColumns, options: RollingParameters): DerivedSeries {
  const sharpeOptions = { periodsPerYear: options.periodsPerYear, riskFreeRate: options.riskFreeRate ?? 0 };
  return rolling(nav, options, (r, w) => engineRollingSharpe(r, w, sharpeOptions));
}

function rolling(
  nav: SeriesColumns,
  options: RollingParameters,
  statistic: (returns: Float64Array, window: number) => Float64Array,
): DerivedSeries {
  const returns = engineCall(() => simpleReturns(nav.v), "series");
  const w = options.window ?? defaultWindow(returns.length, options.periodsPerYear);
  if (!Number.isInteger(w) || w < 2)
    throw new ChartError("options.window", `must be an integer >= 2, got ${displayValue(w)}`);
  if (returns.length < w)
    throw new ChartError("options.window", `a ${w}-period window needs at least ${w + 1} points, got ${nav.v.length}`);
  const v = engineCall(() => statistic(returns, w), "options");
  // Value k is the window of returns r[k .. k+w-1], which ends at point k + w.
  const t = nav.t.slice(w, w + v.length);
  return { t, v };
}
