import { EngineError } from "../errors/EngineError.ts";

/** One calendar period's compounded return (see {@link monthlyReturns}, {@link annualReturns}). */
export interface PeriodReturn {
  /** Calendar year (UTC). */
  year: number;
  /** Month 1..12 (UTC); in monthly returns only. */
  month?: number;
  /** Quarter 1..4 (UTC; January–March is 1); in quarterly returns only. */
  quarter?: number;
  /** `V_end / V_start - 1`. */
  return: number;
  /** Unix seconds of the point the period's return starts from (the previous period's last point, or the first point). */
  start: number;
  /** Unix seconds of the period's last point. */
  end: number;
  /** True when the period is not covered from its start: the first period of a series that starts inside it, or one after a gap. */
  partial: boolean;
}

/**
 * Monthly returns of a `[t, value]` series (a backtest's `timeSeries`): for each calendar month
 * (UTC) holding at least one point after the first, the compounded return from the last point
 * before the month (the previous month's last point) to the month's last point,
 * `V(last in month) / V(last before month) - 1`; the first month starts from the first point.
 * This is the product of `1 + r_t` over the returns whose period ends in the month, as
 * empyrical's `aggregate_returns(…, "monthly")` and quantstats' `monthly_returns` compute it.
 * A month without a point gets no entry (its movement falls into the next month's return, which
 * is then `partial`).
 *
 * @see docs/maths.md#period-returns
 * Cost: O(n).
 * @param timeSeries `[t, value]` points, t strictly increasing Unix seconds, value finite and > 0; at least 2.
 * @throws EngineError INVALID_INPUT when the series is short or malformed.
 * @example
 * monthlyReturns([[1704067200, 100], [1706659200, 110], [1709251200, 99]]).map((m) => m.return) // => [0.10000000000000009, -0.09999999999999998]
 */
export function monthlyReturns(timeSeries: ReadonlyArray<readonly [number, number]>): PeriodReturn[] {
  return periodReturns(timeSeries, "month");
}

/**
 * Calendar-year returns of a `[t, value]` series (end-of-year returns): as {@link monthlyReturns}
 * with calendar years (UTC) for months, `V(last in year) / V(last before year) - 1`.
 *
 * @see docs/maths.md#period-returns
 * Cost: O(n).
 * @throws EngineError INVALID_INPUT when the series is short or malformed.
 * @example
 * annualReturns([[1672531200, 100], [1703980800, 110], [1735603200, 121]]).map((y) => y.return) // => [0.10000000000000009, 0.10000000000000009]
 */
export function annualReturns(timeSeries: ReadonlyArray<readonly [number, number]>): PeriodReturn[] {
  return periodReturns(timeSeries, "year");
}

/**
 * Calendar-quarter returns of a `[t, value]` series: as {@link monthlyReturns} with the quarters
 * January–March, April–June, July–September and October–December (UTC),
 * `V(last in quarter) / V(last before quarter) - 1` (quantstats' `aggregate_returns(…, "QE")`).
 *
 * @see docs/maths.md#period-returns
 * Cost: O(n).
 * @param timeSeries at least 2 `[t, value]` points, t strictly increasing Unix seconds, value finite and > 0.
 * @throws EngineError INVALID_INPUT as {@link monthlyReturns}.
 * @example
 * quarterlyReturns([[1704067200, 100], [1711843200, 110], [1719705600, 99]]).map((q) => q.quarter) // => [1, 2]
 */
export function quarterlyReturns(timeSeries: ReadonlyArray<readonly [number, number]>): PeriodReturn[] {
  return periodReturns(timeSeries, "quarter");
}

type Unit = "month" | "quarter" | "year";

function periodReturns(points: unknown, unit: Unit): PeriodReturn[] {
  if (!Array.isArray(points) || points.length < 2) {
    throw new EngineError("INVALID_INPUT", "timeSeries must be an array of at least 2 [t, value] points", {
      field: "timeSeries",
    });
  }
  const key = (t: number): number => {
    const d = new Date(t * 1000);
    if (unit === "month") return d.getUTCFullYear() * 12 + d.getUTCMonth();
    return unit === "quarter" ? d.getUTCFullYear() * 4 + Math.floor(d.getUTCMonth() / 3) : d.getUTCFullYear();
  };
  const out: PeriodReturn[] = [];
  let prevT = NaN;
  let startT = 0;
  let startV = 0;
  let lastT = 0;
  let lastV = 0;
  let current = NaN;
  let partial = true;
  for (let k = 0; k < points.length; k++) {
    const p = points[k] as unknown;
    if (!Array.isArray(p) || p.length < 2)
      throw new EngineError("INVALID_INPUT", `timeSeries[${k}] must be a [t, value] pair`, {
        field: `timeSeries[${k}]`,
      });
    const [t, v] = p as [unknown, unknown];
    if (typeof t !== "number" || !Number.isFinite(t) || !(k === 0 || t > prevT) || Math.abs(t) > 8.64e12) {
      throw new EngineError(
        "INVALID_INPUT",
        `timeSeries[${k}][0] must be a finite timestamp above the previous one, got ${String(t)}`,
        {
          field: `timeSeries[${k}][0]`,
        },
      );
    }
    if (typeof v !== "number" || !(v > 0 && v < Infinity)) {
      throw new EngineError("INVALID_INPUT", `timeSeries[${k}][1] must be a finite number > 0, got ${String(v)}`, {
        field: `timeSeries[${k}][1]`,
      });
    }
    prevT = t;
    if (k === 0) {
      startT = lastT = t;
      startV = lastV = v;
      continue;
    }
    const kt = key(t);
    if (kt !== current) {
      if (!Number.isNaN(current)) out.push(entry(current, unit, startT, startV, lastT, lastV, partial));
      partial = Number.isNaN(current) ? key(startT) === kt : kt !== current + 1;
      current = kt;
      startT = lastT;
      startV = lastV;
    }
    lastT = t;
    lastV = v;
  }
  out.push(entry(current, unit, startT, startV, lastT, lastV, partial));
  return out;
}

function entry(
  key: number,
  unit: Unit,
  start: number,
  startV: number,
  end: number,
  endV: number,
  partial: boolean,
): PeriodReturn {
  const r = endV / startV - 1;
  if (!Number.isFinite(r))
    throw new EngineError("INVALID_INPUT", "timeSeries values overflow a float64 ratio", { field: "timeSeries" });
  const base = { return: r + 0, start, end, partial };
  if (unit === "month") return { year: Math.floor(key / 12), month: (key % 12) + 1, ...base };
  return unit === "quarter" ? { year: Math.floor(key / 4), quarter: (key % 4) + 1, ...base } : { year: key, ...base };
}
