import { ChartError } from "../ChartError.ts";
import { displayValue } from "./checkOptions.ts";
import { checkUnixSeconds } from "./unixSeconds.ts";

/** A validated time series as two typed columns: `t` Unix seconds strictly increasing, `v` values. */
export interface SeriesColumns {
  t: Float64Array;
  v: Float64Array;
}

/**
 * Copies `series` (`[unixSeconds, value]` pairs) into typed columns, checking every point:
 * an array of at least `minPoints` pairs, finite numbers, times strictly increasing Unix seconds
 * within years 1 to 9999 (milliseconds are refused with a hint: {@link checkUnixSeconds}), values
 * > 0 when `positive`. Cost: O(n).
 *
 * @throws ChartError naming `field[i]` and the rule broken
 * @example
 * seriesColumns("portfolio", [[0, 1], [604800, 2]], 2).v // => Float64Array [1, 2]
 */
export function seriesColumns(field: string, series: unknown, minPoints: number, positive = false): SeriesColumns {
  if (!Array.isArray(series))
    throw new ChartError(
      field,
      `must be an array of [unixSeconds, value] pairs, got ${series === null ? "null" : typeof series}`,
    );
  if (series.length < minPoints)
    throw new ChartError(field, `needs at least ${minPoints} points, got ${series.length}`);
  const n = series.length;
  const t = new Float64Array(n);
  const v = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const point: unknown = series[i];
    if (!Array.isArray(point) || point.length !== 2)
      throw new ChartError(`${field}[${i}]`, "must be a [unixSeconds, value] pair");
    const ti = checkUnixSeconds(`${field}[${i}][0]`, point[0]);
    const vi: unknown = point[1];
    if (typeof vi !== "number" || !Number.isFinite(vi))
      throw new ChartError(`${field}[${i}][1]`, `value must be a finite number, got ${displayValue(vi)}`);
    if (positive && !(vi > 0)) throw new ChartError(`${field}[${i}][1]`, `value must be > 0, got ${vi}`);
    if (i > 0 && !(ti > t[i - 1]!))
      throw new ChartError(`${field}[${i}][0]`, `times must be strictly increasing (${ti} after ${t[i - 1]})`);
    t[i] = ti;
    v[i] = vi;
  }
  return { t, v };
}
