import { describe, expect, it } from "vitest";
import { annualReturns, monthlyReturns, volatility } from "@thematic/engine";
import { sampleBacktest } from "../_test/sampleBacktest.ts";
import { boxStatistics, calendarReturns, endOfYearTable, volatilityMatched } from "./reportSeries.ts";

const returnsOf = (v: ArrayLike<number>) =>
  Float64Array.from({ length: v.length - 1 }, (_, i) => v[i + 1]! / v[i]! - 1);

describe("the report's derived series", () => {
  const backtest = sampleBacktest(3, 5, "daily");
  const t = Float64Array.from(backtest.timeSeries, ([x]) => x);
  const v = Float64Array.from(backtest.timeSeries, ([, x]) => x);
  const b = returnsOf(backtest.benchmarkTimeSeries.map(([, x]) => x));

  it("volatility-matched: the portfolio's returns scaled to the benchmark's volatility, same signs, same start", () => {
    const matched = volatilityMatched({ t, v }, b);
    const m = returnsOf(matched.v);
    expect(matched.v[0]).toBe(v[0]);
    expect(volatility(m, 252)).toBeCloseTo(volatility(b, 252), 12);
    const r = returnsOf(v);
    for (let i = 0; i < r.length; i++) expect(Math.sign(m[i]!)).toBe(Math.sign(r[i]!));
    // Constant returns have no volatility to match: left as they are.
    const flat = volatilityMatched(
      { t: Float64Array.of(0, 1, 2), v: Float64Array.of(100, 101, 102.01) },
      Float64Array.of(0.1, -0.1),
    );
    expect(Array.from(flat.v)).toEqual([100, 101, 102.01]);
  });

  it("calendar returns compound to the whole period's return, months and years as the engine's", () => {
    const total = v[v.length - 1]! / v[0]! - 1;
    for (const unit of ["week", "month", "quarter", "year"] as const) {
      const returns = calendarReturns(backtest.timeSeries, unit);
      expect(returns.reduce((p, x) => p * (1 + x.return), 1) - 1).toBeCloseTo(total, 10);
      expect(returns.at(-1)!.end).toBe(t[t.length - 1]);
    }
    expect(calendarReturns(backtest.timeSeries, "month").map((x) => x.return)).toEqual(
      monthlyReturns(backtest.timeSeries).map((x) => x.return),
    );
    expect(calendarReturns(backtest.timeSeries, "year").map((x) => x.return)).toEqual(
      annualReturns(backtest.timeSeries).map((x) => x.return),
    );
    // About 13 weeks a quarter (partial first and last quarters), Monday to Sunday.
    const weeks = calendarReturns(backtest.timeSeries, "week");
    const quarters = calendarReturns(backtest.timeSeries, "quarter");
    expect(weeks.length / quarters.length).toBeGreaterThan(11);
    expect(weeks.length / quarters.length).toBeLessThan(14);
    for (const w of weeks.slice(0, -1)) expect(new Date(w.end * 1000).getUTCDay()).toBe(5); // weekdays only: each full week ends on a Friday
  });

  it("end-of-year table: both series' years, their ratio and the winner", () => {
    const rows = endOfYearTable(backtest.timeSeries, backtest.benchmarkTimeSeries);
    const p = annualReturns(backtest.timeSeries);
    const q = annualReturns(backtest.benchmarkTimeSeries);
    expect(rows.map((r) => r.year)).toEqual(p.map((y) => y.year));
    rows.forEach((row, i) => {
      expect(row).toEqual({
        year: p[i]!.year,
        partial: p[i]!.partial,
        portfolio: p[i]!.return,
        benchmark: q[i]!.return,
        multiplier: p[i]!.return / q[i]!.return,
        won: p[i]!.return > q[i]!.return,
      });
    });
  });

  it("box statistics: numpy's linear quartiles, Tukey's whiskers, the rest outliers", () => {
    // numpy.percentile([0.1, -0.2, 0.05, 0.3, -0.05, 0.0, 0.02, 0.9], [25, 50, 75]) = -0.0125, 0.035, 0.15.
    const box = boxStatistics([0.1, -0.2, 0.05, 0.3, -0.05, 0.0, 0.02, 0.9]);
    expect(box.q1).toBeCloseTo(-0.0125, 15);
    expect(box.median).toBeCloseTo(0.035, 15);
    expect(box.q3).toBeCloseTo(0.15, 15);
    // IQR 0.1625: whiskers within [-0.25625, 0.39375].
    expect(box).toMatchObject({ low: -0.2, high: 0.3, outliers: [0.9] });
    expect(boxStatistics([0.01])).toEqual({ q1: 0.01, median: 0.01, q3: 0.01, low: 0.01, high: 0.01, outliers: [] });
  });
});
