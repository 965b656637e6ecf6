import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { outcome } from "./_test/outcome.ts";
import { buyAndHoldBacktest } from "./buyAndHoldBacktest.ts";
import { tradingCalendar } from "./tradingCalendar.ts";
import { weeklyPriceTable } from "./weeklyPriceTable.ts";
import type { BacktestInput, PriceSeries } from "./types.ts";
import { scenarioArb } from "./_test/scenario.ts";
import { businessCalendar, utc } from "./_test/businessCalendar.ts";
import { geometricRandomWalk } from "./_test/randomWalk.ts";
import { seededRandom } from "../_test/seededRandom.ts";
import { preferWasmKernel } from "./_internal/kernelMemory.ts";
import { preparedPriceTableOf } from "./_internal/preparedPriceTable.ts";

/** Today's path (the Map, `navAtPoints`) is the oracle: the table path must give the same bits. */
function expectSameAsMap(input: BacktestInput & { calendar: number[] }): void {
  const calendar = tradingCalendar(input.calendar);
  const table = weeklyPriceTable(calendar, input.prices);
  const viaMap = outcome(() => buyAndHoldBacktest(input));
  const viaTable = outcome(() => buyAndHoldBacktest({ ...input, calendar, prices: table }));
  // toStrictEqual compares numbers with Object.is: bit-for-bit, -0 apart from 0.
  expect(viaTable).toStrictEqual(viaMap);
}

for (const wasm of [true, false]) {
  describe(`weeklyPriceTable (${wasm ? "WebAssembly SIMD" : "JavaScript"} kernel): a backtest over the table equals the backtest over the Map, bit for bit`, () => {
    beforeAll(() => {
      preferWasmKernel(wasm);
    });
    afterAll(() => {
      preferWasmKernel(true);
    });
    it("uses the kernel asked for", () => {
      const days = businessCalendar(utc("2020-01-01"), utc("2020-03-31"));
      const table = weeklyPriceTable(
        days,
        new Map([["A", { start: 0, closes: geometricRandomWalk(seededRandom(1), days.length) }]]),
      );
      expect(preparedPriceTableOf(table)!.memory.simd).toBe(wasm);
    });

    it("random scenarios: late listings, delistings, holidays, any asOf (mid-week ends included)", () => {
      fc.assert(
        fc.property(
          scenarioArb({ maxHoldings: 12 }),
          fc.double({ min: 0, max: 1, noNaN: true }),
          fc.boolean(),
          ({ input }, at, useAsOf) => {
            const c = input.calendar;
            const asOf = c[0]! + Math.floor(at * (c[c.length - 1]! - c[0]! + 5 * 86400));
            expectSameAsMap(useAsOf ? { ...input, asOf } : input);
          },
        ),
        { seed: 15001, numRuns: 300 },
      );
    });

    it("many holdings (blocks of 8 weekly rows with every holding trading, and irregular ones)", () => {
      fc.assert(
        fc.property(scenarioArb({ maxHoldings: 40 }), ({ input }) => expectSameAsMap({ ...input, years: 1 })),
        { seed: 15002, numRuns: 60 },
      );
    });

    it("holdings missing from the table, duplicates and zero weights give the same warnings", () => {
      fc.assert(
        fc.property(scenarioArb({ maxHoldings: 6 }), ({ input }) => {
          const holdings = [
            ...input.holdings,
            { id: "NOPE", weight: 1 },
            { id: input.holdings[0]!.id, weight: 0.5 },
            { id: "ZERO", weight: 0 },
          ];
          expectSameAsMap({ ...input, holdings });
        }),
        { seed: 15003, numRuns: 60 },
      );
    });

    it("a bad close anywhere in a held series is refused as with the Map itself, naming it", () => {
      const random = seededRandom(9);
      const calendar = businessCalendar(utc("2020-01-01"), utc("2022-12-30"));
      const n = calendar.length;
      for (const badAt of [n - 1, n - 3, n - 200, 10, n - 250]) {
        for (const bad of [Number.NaN, 0, -1, Infinity]) {
          const closes = Array.from(geometricRandomWalk(random, n));
          closes[badAt] = bad;
          const prices = new Map<string, PriceSeries>([
            ["A", { start: 0, closes: geometricRandomWalk(random, n) }],
            ["B", { start: 0, closes }],
          ]);
          const benchmark = { symbol: "SPY", series: { start: 0, closes: geometricRandomWalk(random, n) } };
          const input = {
            calendar,
            holdings: [
              { id: "A", weight: 1 },
              { id: "B", weight: 2 },
            ],
            prices,
            benchmark,
            years: 1,
          };
          expectSameAsMap(input);
          expectSameAsMap({ ...input, asOf: calendar[n - 3]! });
        }
      }
    });

    it("rejects a table used with another calendar, and a calendar that is not a TradingCalendar", () => {
      const days = businessCalendar(utc("2020-01-01"), utc("2021-12-31"));
      const prices = new Map<string, PriceSeries>([
        ["A", { start: 0, closes: geometricRandomWalk(seededRandom(1), days.length) }],
      ]);
      const table = weeklyPriceTable(tradingCalendar(days), prices);
      const e = outcome(() =>
        buyAndHoldBacktest({
          calendar: tradingCalendar(days),
          holdings: [{ id: "A", weight: 1 }],
          prices: table,
          benchmark: { symbol: "X", series: prices.get("A")! },
        }),
      );
      expect(e).toMatchObject({ code: "INVALID_INPUT", field: "calendar" });
      expect(outcome(() => weeklyPriceTable({ kind: "TradingCalendar" } as never, prices))).toMatchObject({
        code: "INVALID_INPUT",
        field: "calendar",
      });
      const own = weeklyPriceTable(days, prices);
      expect(own.calendar.length).toBe(days.length);
    });

    it("copies the weekly closes: later writes to a series' weekly closes do not reach the table", () => {
      const days = businessCalendar(utc("2020-01-01"), utc("2021-12-31"));
      const closes = geometricRandomWalk(seededRandom(2), days.length);
      const prices = new Map<string, PriceSeries>([["A", { start: 0, closes }]]);
      const calendar = tradingCalendar(days);
      const table = weeklyPriceTable(calendar, prices);
      const input = {
        calendar,
        holdings: [{ id: "A", weight: 1 }],
        prices: table,
        benchmark: { symbol: "X", series: { start: 0, closes: closes.slice() } },
        years: 1,
      };
      const before = buyAndHoldBacktest(input);
      closes.fill(1, 0, days.length - 10);
      expect(buyAndHoldBacktest(input).timeSeries).toStrictEqual(before.timeSeries);
      expect(table.size).toBe(1);
    });
  });
}
