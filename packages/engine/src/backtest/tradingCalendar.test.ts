import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { EngineError } from "../errors/EngineError.ts";
import { buyAndHoldBacktest } from "./buyAndHoldBacktest.ts";
import { tradingCalendar } from "./tradingCalendar.ts";
import type { BacktestInput } from "./types.ts";
import { businessCalendar, utc } from "./_test/businessCalendar.ts";
import { oracleNav, oracleWeeklyPoints } from "./_test/oracle.ts";
import { scenarioArb } from "./_test/scenario.ts";

const DAY = 86400;

/** The result, or the EngineError's code and message: a prepared calendar must give the same either way. */
function outcome(input: BacktestInput): unknown {
  try {
    return buyAndHoldBacktest(input);
  } catch (e) {
    if (e instanceof EngineError) return { code: e.code, field: e.field, message: e.message };
    throw e;
  }
}

/** The error a call throws, as code, field and message. */
function errorOf(run: () => unknown): { code: string; field: string | undefined; message: string } {
  try {
    run();
  } catch (e) {
    if (e instanceof EngineError) return { code: e.code, field: e.field, message: e.message };
    throw e;
  }
  return expect.fail("expected an EngineError");
}

describe("tradingCalendar", () => {
  it("refuses a calendar in milliseconds (docs/maths.md#strict-inputs): it would compress time 1000-fold", () => {
    const ms = [Date.UTC(2024, 0, 1), Date.UTC(2024, 0, 2)];
    expect(() => tradingCalendar(ms)).toThrowError(
      "calendar[0] = 1,704,067,200,000 is not a Unix time in seconds (years 1 to 9999): it looks like milliseconds (2024-01-01 once divided by 1000); give seconds",
    );
    expect(() => tradingCalendar(ms.map((t) => t / 1000))).not.toThrow();
  });

  it("weekly points and NAV follow a day-by-day simulation for any asOf (mid-calendar included) and years", () => {
    fc.assert(
      fc.property(
        scenarioArb(),
        fc.integer({ min: 1, max: 3 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.boolean(),
        ({ input }, years, at, onDay) => {
          const { calendar } = input;
          // asOf on a trading day (often the last of its week) or between two.
          const i = Math.floor(at * (calendar.length - 1));
          const asOf = onDay ? calendar[i]! : calendar[i]! + DAY / 2;
          const plain = { ...input, years, asOf };
          const result = outcome({ ...plain, calendar: tradingCalendar(calendar) });
          expect(result).toEqual(outcome(plain));
          if (!("timeSeries" in (result as object))) return;
          const r = result as ReturnType<typeof buyAndHoldBacktest>;
          const o = oracleNav(plain);
          expect(r.timeSeries.map(([t]) => t)).toEqual(
            oracleWeeklyPoints(calendar, years, asOf).map((k) => calendar[k]),
          );
          r.timeSeries.forEach(([, v], k) => expect(Math.abs(v - o.nav[k]!)).toBeLessThanOrEqual(1e-8 * v));
        },
      ),
      { numRuns: 200 },
    );
  });

  it("asOf on a Friday mid-calendar ends the window on that Friday, once", () => {
    const days = businessCalendar(utc("2020-01-01"), utc("2022-12-30"));
    const closes = days.map((_, i) => 100 + i);
    const friday = utc("2021-06-04");
    const r = buyAndHoldBacktest({
      calendar: tradingCalendar(days),
      holdings: [{ id: "A", weight: 1 }],
      prices: new Map([["A", { start: 0, closes }]]),
      benchmark: { symbol: "SPY", series: { start: 0, closes } },
      years: 1,
      asOf: friday,
    });
    expect(r.timeSeries.map(([t]) => t).slice(-2)).toEqual([friday - 7 * DAY, friday]);
    expect(r.metadata.weekCount).toBe(52);
  });

  it("one calendar serves many backtests, whatever happens to the days it was made from", () => {
    const days = Float64Array.from(businessCalendar(utc("2020-01-01"), utc("2022-12-30")));
    const calendar = tradingCalendar(days);
    const closes = Float64Array.from(days, (_, i) => 100 + i);
    const input = {
      holdings: [{ id: "A", weight: 1 }],
      prices: new Map([["A", { start: 0, closes }]]),
      benchmark: { symbol: "SPY", series: { start: 0, closes } },
    };
    const before = buyAndHoldBacktest({ ...input, calendar, years: 2 });
    days.fill(0); // the caller reuses its buffer: the prepared calendar kept its own copy
    expect(buyAndHoldBacktest({ ...input, calendar, years: 2 })).toEqual(before);
    expect(before).toEqual(
      buyAndHoldBacktest({ ...input, calendar: businessCalendar(utc("2020-01-01"), utc("2022-12-30")), years: 2 }),
    );
    expect([calendar.kind, calendar.length, calendar.first, calendar.last]).toEqual([
      "TradingCalendar",
      closes.length,
      utc("2020-01-01"),
      utc("2022-12-30"),
    ]);
    expect(Object.isFrozen(calendar)).toBe(true);
  });

  it("rejects what the backtest rejects in a plain calendar, with the same message", () => {
    const bad: unknown[] = [
      [],
      [utc("2020-01-02"), utc("2020-01-01")],
      [utc("2020-01-02") + 5],
      [Number.NaN],
      null,
      "x",
      [1, "2"],
    ];
    for (const days of bad) {
      const plain = errorOf(() =>
        buyAndHoldBacktest({
          calendar: days as number[],
          holdings: [],
          prices: new Map(),
          benchmark: { symbol: "SPY", series: { start: 0, closes: [] } },
        }),
      );
      expect(errorOf(() => tradingCalendar(days as number[]))).toEqual(plain);
    }
  });

  it("a look-alike not made by tradingCalendar is INVALID_INPUT naming calendar", () => {
    const forged = { kind: "TradingCalendar", length: 3, first: 0, last: 2 * DAY } as const;
    const e = errorOf(() =>
      buyAndHoldBacktest({
        calendar: forged,
        holdings: [{ id: "A", weight: 1 }],
        prices: new Map(),
        benchmark: { symbol: "SPY", series: { start: 0, closes: [1, 1, 1] } },
      }),
    );
    expect([e.code, e.field]).toEqual(["INVALID_INPUT", "calendar"]);
    expect(e.message).toMatch(/not made by tradingCalendar/);
  });
});
