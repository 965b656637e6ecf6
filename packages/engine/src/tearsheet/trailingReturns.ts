import { assertInRange } from "../_internal/validate.ts";
import { PERIODS_PER_YEAR } from "../stats/conventions.ts";
import { cagr } from "../stats/cagr.ts";
import { periodCagr } from "../stats/periodCagr.ts";
import { yearsBetween } from "../stats/yearsBetween.ts";
import { conventionOf, type StatsConvention } from "../stats/statsConvention.ts";
import { quantstatsVersionOf, type QuantstatsVersion } from "../stats/quantstatsVersion.ts";
import { monthsBefore, periodStart } from "./_internal/calendar.ts";
import { checkedPoints } from "./_internal/checkedPoints.ts";

/** Options of {@link trailingReturns}. */
export interface TrailingReturnsOptions {
  /** Periods per year of the points (finite, > 0; default 252), for the quantstats preset's CAGR over n / p years. */
  periodsPerYear?: number;
  /** "engine" (default), "empyrical" (the same) or "quantstats". */
  convention?: StatsConvention;
  /** With convention "quantstats": "0.0.84" (default; 10 years are 119 months back) or "0.0.81" (10 calendar years back). */
  quantstatsVersion?: QuantstatsVersion;
}

/** Returns over the windows that end at the last point (null where the series is too short, engine convention only). */
export interface TrailingReturns {
  /** Since the end of the previous month: `V_T / V(last point before the month) - 1` (from the first point when the series starts inside the month). */
  monthToDate: number;
  threeMonths: number | null;
  sixMonths: number | null;
  /** Since the end of the previous year, as monthToDate. */
  yearToDate: number;
  oneYear: number | null;
  /** Annualised (CAGR) over 3, 5 and 10 years. */
  threeYears: number | null;
  fiveYears: number | null;
  tenYears: number | null;
  /** Annualised over the whole series: calendar CAGR (engine), CAGR over n / p years (quantstats). */
  allTime: number;
}

/**
 * Trailing returns of a `[t, value]` series at its last point T (the report's MTD, 3M, 6M, YTD,
 * 1Y, 3Y, 5Y, 10Y and all-time rows), windows in calendar months back from T (UTC, the day clamped
 * to the month's length, as `dateutil.relativedelta`). Engine convention: over m months,
 * `V_T / V_b - 1` from the last point b at or before `T - m months` (null when the series starts
 * later); 3, 5 and 10 years are annualised over the calendar years from b to T,
 * `(V_T / V_b)^{1/y} - 1`. quantstats convention (`reports.metrics`): the compounded return of the
 * returns dated on or after `T - m months` (so one period more than the engine's when a point
 * falls on that date), the whole series when it is shorter; 3, 5 and 10 years are CAGRs over
 * `k / p` years of the k returns dated on or after `T - 35`, `T - 59` and `T - 119` months
 * (0.0.84; 0.0.81 took 10 years back). Month and year to date agree in both: the returns dated in
 * T's month (year).
 *
 * @see docs/maths.md#trailing-returns
 * Cost: O(n).
 * @param timeSeries at least 2 `[t, value]` points, t strictly increasing Unix seconds, value finite and > 0.
 * @param options `{ periodsPerYear, convention, quantstatsVersion }`.
 * @throws EngineError INVALID_INPUT when the series is short or malformed, or an option is out of range.
 * @example
 * trailingReturns([[1672531200, 100], [1688169600, 110], [1704067200, 121]]).sixMonths // => 0.1
 */
export function trailingReturns(
  timeSeries: ReadonlyArray<readonly [number, number]>,
  options: TrailingReturnsOptions = {},
): TrailingReturns {
  const convention = conventionOf(options, ["convention", "periodsPerYear", "quantstatsVersion"]);
  const version = quantstatsVersionOf(options.quantstatsVersion, convention);
  const periodsPerYear = options.periodsPerYear === undefined ? PERIODS_PER_YEAR.daily : options.periodsPerYear;
  assertInRange("periodsPerYear", periodsPerYear, { min: 0, minExclusive: true });
  const { t, v } = checkedPoints(timeSeries);
  const last = t.length - 1;
  const T = t[last]!;
  /** Index of the last point before `start` (strictly), or -1. */
  const before = (start: number): number => {
    let k = -1;
    while (k + 1 <= last && t[k + 1]! < start) k++;
    return k;
  };
  const growth = (from: number): number => (v[last]! - v[from]!) / v[from]! + 0;
  const toDate = (start: number): number => growth(Math.max(0, before(start)));
  if (convention === "quantstats") {
    const since = (start: number): number => growth(Math.max(0, before(start)));
    const annual = (start: number): number => periodCagrOf(v, Math.max(0, before(start)), last, periodsPerYear);
    return {
      monthToDate: toDate(periodStart(T, "month")),
      threeMonths: since(monthsBefore(T, 3)),
      sixMonths: since(monthsBefore(T, 6)),
      yearToDate: toDate(periodStart(T, "year")),
      oneYear: since(monthsBefore(T, 12)),
      threeYears: annual(monthsBefore(T, 35)),
      fiveYears: annual(monthsBefore(T, 59)),
      tenYears: annual(monthsBefore(T, version === "0.0.81" ? 120 : 119)),
      allTime: periodCagrOf(v, 0, last, periodsPerYear),
    };
  }
  const back = (months: number): number | null => {
    const k = atOrBeforeExact(t, monthsBefore(T, months));
    return k < 0 ? null : growth(k);
  };
  const annualBack = (months: number): number | null => {
    const k = atOrBeforeExact(t, monthsBefore(T, months));
    return k < 0 ? null : cagr(v[k]!, v[last]!, yearsBetween(t[k]!, T));
  };
  return {
    monthToDate: toDate(periodStart(T, "month")),
    threeMonths: back(3),
    sixMonths: back(6),
    yearToDate: toDate(periodStart(T, "year")),
    oneYear: back(12),
    threeYears: annualBack(36),
    fiveYears: annualBack(60),
    tenYears: annualBack(120),
    allTime: cagr(v[0]!, v[last]!, yearsBetween(t[0]!, T)),
  };
}

/** Index of the last point with t <= start, or -1. */
function atOrBeforeExact(t: Float64Array, start: number): number {
  let k = -1;
  while (k + 1 < t.length && t[k + 1]! <= start) k++;
  return k;
}

/** CAGR over (to - from) / p years of the returns from point `from` to point `to`: `(V_to / V_from)^{p/k} - 1`. */
function periodCagrOf(v: Float64Array, from: number, to: number, periodsPerYear: number): number {
  const k = to - from;
  const r = new Float64Array(k);
  for (let i = 0; i < k; i++) r[i] = v[from + i + 1]! / v[from + i]! - 1;
  return periodCagr(r, periodsPerYear);
}
