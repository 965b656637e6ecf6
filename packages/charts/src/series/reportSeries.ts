/**
 * The series of the full tear sheet's panels that the engine has no function for, derived here
 * from the NAV (docs/maths.md#report-panels): the volatility-matched portfolio, the returns of
 * calendar weeks and quarters (months and years are the engine's `monthlyReturns` and
 * `annualReturns`, with the same convention), and the end-of-year table.
 */
import { annualReturns, monthlyReturns, type PeriodReturn } from "@thematic/engine";
import type { SeriesColumns } from "../_internal/seriesColumns.ts";

/**
 * The portfolio's NAV with its returns scaled to the benchmark's volatility:
 * `k = σ_b / σ_r` (sample standard deviations of the periodic returns), `Ṽ_0 = V_0`,
 * `Ṽ_t = Ṽ_{t−1} · (1 + k · r_t)`. k is 1 when σ_r is 0 (constant returns).
 *
 * @see docs/maths.md#report-panels
 * Cost: O(n).
 * @example
 * Array.from(volatilityMatched({ t: Float64Array.of(0, 1, 2), v: Float64Array.of(100, 120, 96) }, Float64Array.of(0.1, -0.1)).v, (x) => Math.round(x * 1e9) / 1e9) // => [100, 110, 99] (returns 20 % and −20 % halved to the benchmark's 10 %)
 */
export function volatilityMatched(portfolio: SeriesColumns, benchmarkReturns: Float64Array): SeriesColumns {
  const n = portfolio.v.length;
  const r = new Float64Array(n - 1);
  for (let i = 1; i < n; i++) r[i - 1] = portfolio.v[i]! / portfolio.v[i - 1]! - 1;
  const sr = sampleStd(r);
  const k = sr > 0 ? sampleStd(benchmarkReturns) / sr : 1;
  const v = new Float64Array(n);
  v[0] = portfolio.v[0]!;
  for (let i = 1; i < n; i++) v[i] = v[i - 1]! * (1 + k * r[i - 1]!);
  return { t: portfolio.t.slice(), v };
}

function sampleStd(x: Float64Array): number {
  if (x.length < 2) return 0;
  let mean = 0;
  for (const y of x) mean += y;
  mean /= x.length;
  let s = 0;
  for (const y of x) s += (y - mean) ** 2;
  return Math.sqrt(s / (x.length - 1));
}

/** A calendar unit of the returns box plot. */
export type CalendarUnit = "week" | "month" | "quarter" | "year";

/** One calendar period's compounded return and the Unix seconds of its last point. */
export interface CalendarReturn {
  end: number;
  return: number;
}

/** UTC calendar key of t in `unit`: Monday-to-Sunday weeks (the epoch was a Thursday), quarters. */
const keyOf: Record<"week" | "quarter", (t: number) => number> = {
  week: (t) => Math.floor((Math.floor(t / 86400) + 3) / 7),
  quarter: (t) => {
    const d = new Date(t * 1000);
    return d.getUTCFullYear() * 4 + Math.floor(d.getUTCMonth() / 3);
  },
};

/**
 * Compounded returns of calendar `unit`s (UTC): for each unit holding a point after the first,
 * `V(last in unit) / V(last before unit) − 1`, the first unit from the first point — the
 * convention of the engine's `monthlyReturns` and `annualReturns`, which compute months and years.
 *
 * @see docs/maths.md#report-panels
 * Cost: O(n).
 * @example
 * calendarReturns([[1704067200, 100], [1704153600, 110], [1704758400, 99]], "week").map((x) => x.return) // => [0.10000000000000009, -0.09999999999999998]
 */
export function calendarReturns(
  points: ReadonlyArray<readonly [number, number]>,
  unit: CalendarUnit,
): CalendarReturn[] {
  if (unit === "month" || unit === "year") {
    const rows: PeriodReturn[] = unit === "month" ? monthlyReturns(points) : annualReturns(points);
    return rows.map((x) => ({ end: x.end, return: x.return }));
  }
  const key = keyOf[unit];
  const out: CalendarReturn[] = [];
  let base = points[0]![1];
  for (let k = 1; k < points.length; k++) {
    const [t, v] = points[k]!;
    const next = points[k + 1];
    if (next === undefined || key(next[0]) !== key(t)) {
      out.push({ end: t, return: v / base - 1 });
      base = v;
    }
  }
  return out;
}

/** One row of the end-of-year table. */
export interface EndOfYearRow {
  year: number;
  partial: boolean;
  portfolio: number;
  benchmark: number;
  /** portfolio / benchmark (NaN when the benchmark's year is 0). */
  multiplier: number;
  /** The portfolio's year beat the benchmark's. */
  won: boolean;
}

/**
 * The end-of-year table: each calendar year's return of the portfolio and of the benchmark (the
 * engine's `annualReturns`), their ratio and which was higher.
 *
 * @see docs/maths.md#report-panels
 * @example
 * endOfYearTable([[1672531200, 100], [1703980800, 110], [1735603200, 132]], [[1672531200, 100], [1703980800, 105], [1735603200, 126]]).map((y) => y.won) // => [true, false]
 */
export function endOfYearTable(
  portfolio: ReadonlyArray<readonly [number, number]>,
  benchmark: ReadonlyArray<readonly [number, number]>,
): EndOfYearRow[] {
  const bench = new Map(annualReturns(benchmark).map((y) => [y.year, y.return]));
  return annualReturns(portfolio).map((y) => {
    const b = bench.get(y.year) ?? NaN;
    return {
      year: y.year,
      partial: y.partial,
      portfolio: y.return,
      benchmark: b,
      multiplier: b === 0 ? NaN : y.return / b,
      won: y.return > b,
    };
  });
}

/** The five figures of a box plot and the values beyond its whiskers. */
export interface BoxStatistics {
  q1: number;
  median: number;
  q3: number;
  /** The smallest and largest values within 1.5 IQR of the box. */
  low: number;
  high: number;
  outliers: number[];
}

/**
 * Quartiles by linear interpolation between order statistics (numpy's default, Hyndman & Fan
 * type 7: `Q(p) = x_(⌊h⌋) + (h − ⌊h⌋)(x_(⌊h⌋+1) − x_(⌊h⌋))`, `h = (n − 1) p`, 0-based), whiskers at
 * the most extreme values within `[q1 − 1.5 IQR, q3 + 1.5 IQR]` (Tukey), and the values beyond.
 *
 * @see docs/maths.md#report-panels
 * Cost: O(n log n).
 * @example
 * boxStatistics([1, 2, 3, 4, 100]) // => { q1: 2, median: 3, q3: 4, low: 1, high: 4, outliers: [100] }
 */
export function boxStatistics(values: ReadonlyArray<number>): BoxStatistics {
  const x = [...values].sort((a, b) => a - b);
  const q = (p: number) => {
    const h = (x.length - 1) * p;
    const k = Math.floor(h);
    return k + 1 < x.length ? x[k]! + (h - k) * (x[k + 1]! - x[k]!) : x[k]!;
  };
  const q1 = q(0.25);
  const q3 = q(0.75);
  const reach = 1.5 * (q3 - q1);
  const inside = x.filter((v) => v >= q1 - reach && v <= q3 + reach);
  return {
    q1,
    median: q(0.5),
    q3,
    low: inside[0]!,
    high: inside[inside.length - 1]!,
    outliers: x.filter((v) => v < q1 - reach || v > q3 + reach),
  };
}
