import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { buyAndHoldBacktest } from "./buyAndHoldBacktest.ts";
import { rebalancedBacktest } from "./rebalancedBacktest.ts";
import { tradingCalendar } from "./tradingCalendar.ts";
import { weeklyPriceTable } from "./weeklyPriceTable.ts";
import type { BacktestInput, PriceSeries } from "./types.ts";
import { businessCalendar, utc } from "./_test/businessCalendar.ts";
import { geometricRandomWalk } from "./_test/randomWalk.ts";
import { seededRandom } from "../_test/seededRandom.ts";
import { simpleReturns } from "../stats/simpleReturns.ts";
import { sharpeRatio } from "../stats/sharpeRatio.ts";
import { volatility } from "../stats/volatility.ts";
import { maxDrawdown } from "../stats/maxDrawdown.ts";
import { cagr } from "../stats/cagr.ts";
import { yearsBetween } from "../stats/yearsBetween.ts";
import { expectClose } from "../stats/_test/helpers.ts";

/** A 3-holding input on business days 2021-01-01..2024-06-28, every holding trading throughout. */
function inputOf(seed: number, years: number): BacktestInput & { calendar: number[] } {
  const random = seededRandom(seed);
  const calendar = businessCalendar(utc("2021-01-01"), utc("2024-06-28"));
  const n = calendar.length;
  const prices = new Map<string, PriceSeries>([
    ["A", { start: 0, closes: geometricRandomWalk(random, n) }],
    ["B", { start: 0, closes: geometricRandomWalk(random, n, { vol: 0.03 }) }],
    ["C", { start: 0, closes: geometricRandomWalk(random, n, { drift: -0.0002 }) }],
  ]);
  return {
    calendar,
    holdings: [
      { id: "A", weight: 0.5 },
      { id: "B", weight: 0.3 },
      { id: "C", weight: 0.2 },
    ],
    prices,
    benchmark: { symbol: "SPY", series: { start: 0, closes: geometricRandomWalk(random, n, { vol: 0.01 }) } },
    years,
  };
}

describe('buyAndHoldBacktest with frequency "daily" (docs/maths.md#daily-nav)', () => {
  it("has a point per trading day from the weekly inception to the end, and equals the weekly NAV on the weekly points", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 1, max: 3 }),
        fc.double({ min: -0.01, max: 0.05, noNaN: true }),
        (seed, years, rf) => {
          const input = { ...inputOf(seed, years), riskFreeRate: rf };
          const weekly = buyAndHoldBacktest(input);
          const daily = buyAndHoldBacktest({ ...input, frequency: "daily" });
          const days = input.calendar.filter(
            (t) => t >= weekly.timeSeries[0]![0] && t <= weekly.timeSeries[weekly.timeSeries.length - 1]![0],
          );
          expect(daily.timeSeries.map(([t]) => t)).toEqual(days);
          expect(daily.benchmarkTimeSeries.map(([t]) => t)).toEqual(days);
          const byTime = new Map(daily.timeSeries);
          const benchByTime = new Map(daily.benchmarkTimeSeries);
          for (const [t, v] of weekly.timeSeries) expectClose(byTime.get(t)!, v, 1e-12);
          for (const [t, v] of weekly.benchmarkTimeSeries) expectClose(benchByTime.get(t)!, v, 1e-12);
          expect(daily.metadata.weekCount).toBe(weekly.metadata.weekCount);
          expect(daily.metadata.stockCount).toBe(weekly.metadata.stockCount);
          // The total return and CAGR are those of the same end points.
          expectClose(daily.metadata.returns, weekly.metadata.returns, 1e-12, 1e-14);
          expectClose(daily.metadata.annualizedReturn, weekly.metadata.annualizedReturn, 1e-12, 1e-14);
        },
      ),
      { numRuns: 15 },
    );
  });
  it("reports the stats functions' values on the daily returns with 252 periods a year", () => {
    const input = { ...inputOf(7, 2), riskFreeRate: 0.03, frequency: "daily" as const };
    const result = buyAndHoldBacktest(input);
    for (const [series, m] of [
      [result.timeSeries, result.metadata],
      [result.benchmarkTimeSeries, result.benchmarkMetadata],
    ] as const) {
      const nav = series.map(([, v]) => v);
      const r = simpleReturns(nav);
      expectClose(m.sharpeRatio, sharpeRatio(r, { riskFreeRate: 0.03, periodsPerYear: 252 }), 1e-12, 1e-14);
      expectClose(m.variance, volatility(r, 252), 1e-12, 1e-14);
      expect(m.maxDrawdown).toBe(maxDrawdown(nav));
      expectClose(
        m.annualizedReturn,
        cagr(nav[0]!, nav[nav.length - 1]!, yearsBetween(series[0]![0], series[series.length - 1]![0])),
        1e-12,
        1e-14,
      );
    }
  });
  it("weekly is the default; a WeeklyPriceTable or an unknown frequency is rejected", () => {
    const input = inputOf(3, 1);
    expect(buyAndHoldBacktest({ ...input, frequency: "weekly" })).toEqual(buyAndHoldBacktest(input));
    const calendar = tradingCalendar(input.calendar);
    const table = weeklyPriceTable(calendar, input.prices);
    expect(() => buyAndHoldBacktest({ ...input, calendar, prices: table, frequency: "daily" })).toThrowError(
      /needs prices as a Map/,
    );
    expect(() => buyAndHoldBacktest({ ...input, frequency: "monthly" as never })).toThrowError(
      'frequency must be "weekly" or "daily", got "monthly"',
    );
    expect(() =>
      rebalancedBacktest({ ...input, frequency: "daily", rebalance: { frequency: "monthly" } }),
    ).toThrowError(/not supported by rebalancedBacktest/);
  });
});
