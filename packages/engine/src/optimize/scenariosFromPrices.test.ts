import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isEngineError } from "../errors/EngineError.ts";
import type { PriceSeries } from "../backtest/types.ts";
import { scenariosFromPrices } from "./scenariosFromPrices.ts";

const DAY = 86400;
const calendarOf = (days: number): number[] =>
  Array.from({ length: days }, (_, j) => 1_700_000_000 - (1_700_000_000 % DAY) + j * DAY);

describe("scenariosFromPrices", () => {
  it("computes daily simple returns (the doc example)", () => {
    const r = scenariosFromPrices([0, DAY, 2 * DAY], new Map([["A", { start: 0, closes: [100, 110, 99] }]]), ["A"]);
    expect(Array.from(r.scenarios.returns)).toEqual([110 / 100 - 1, 99 / 110 - 1]);
    expect(r.scenarios).toMatchObject({ assetIds: ["A"], periods: 2 });
    expect(r.excluded).toEqual([]);
  });

  it("takes the last lookbackDays returns up to asOf, keeps exactly the ids with a close on every window day", () => {
    const instance = fc
      .record({
        days: fc.integer({ min: 3, max: 50 }),
        lookbackDays: fc.integer({ min: 2, max: 60 }),
        asOfShare: fc.integer({ min: 0, max: 100 }),
        series: fc.array(
          fc.record({
            present: fc.boolean(),
            startShare: fc.integer({ min: 0, max: 100 }),
            lengthShare: fc.integer({ min: 0, max: 100 }),
            closes: fc.array(fc.integer({ min: 1, max: 10_000 }), { minLength: 60, maxLength: 60 }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
      })
      .filter(({ days, asOfShare }) => Math.floor(((days - 1) * asOfShare) / 100) >= 2);
    fc.assert(
      fc.property(instance, ({ days, lookbackDays, asOfShare, series }) => {
        const calendar = calendarOf(days);
        const end = Math.floor(((days - 1) * asOfShare) / 100);
        const prices = new Map<string, PriceSeries>();
        const ids = series.map((_, i) => `S${i}`);
        series.forEach((s, i) => {
          if (!s.present) return;
          const start = Math.floor((days * s.startShare) / 100);
          const length = Math.floor(((days - start) * s.lengthShare) / 100);
          prices.set(ids[i]!, { start, closes: s.closes.slice(0, length) });
        });
        const from = Math.max(0, end - lookbackDays);
        const covers = (id: string) => {
          const s = prices.get(id);
          return s !== undefined && s.start <= from && s.start + s.closes.length - 1 >= end;
        };
        const run = () => scenariosFromPrices(calendar, prices, ids, { lookbackDays, asOf: calendar[end]! + DAY / 2 });
        // Empty input, or no id to return, is refused at once rather than returned empty.
        if (prices.size === 0 || !ids.some(covers)) {
          expect(run).toThrowError(
            expect.objectContaining(
              prices.size === 0
                ? { code: "INVALID_INPUT", field: "prices" }
                : { code: "INSUFFICIENT_DATA", field: "ids" },
            ),
          );
          return;
        }
        const r = run();
        expect(r.scenarios.periods).toBe(end - from);
        expect(r.scenarios.assetIds).toEqual(ids.filter(covers));
        expect(r.excluded.map((x) => x.id)).toEqual(ids.filter((id) => !covers(id)));
        const N = r.scenarios.assetIds.length;
        r.scenarios.assetIds.forEach((id, i) => {
          const s = prices.get(id)!;
          for (let t = 0; t < r.scenarios.periods; t++) {
            const day = from + t + 1;
            expect(r.scenarios.returns[t * N + i]).toBe(s.closes[day - s.start]! / s.closes[day - 1 - s.start]! - 1);
          }
        });
      }),
      { numRuns: 300 },
    );
  });

  it("uses 1260 returns by default and the last calendar day when asOf is omitted", () => {
    const calendar = calendarOf(1300);
    const closes = calendar.map((_, j) => 100 + j);
    const r = scenariosFromPrices(
      calendar,
      new Map([
        ["A", { start: 0, closes }],
        ["B", { start: 50, closes: closes.slice(50) }],
      ]),
      ["A", "B"],
    );
    expect(r.scenarios.periods).toBe(1260);
    expect(r.scenarios.returns[0]).toBe(140 / 139 - 1); // window = calendar days 39..1299, first return closes[39] → closes[40]
    // Day 0 is 2023-11-14, so day 39 is 2023-12-23 and day 1299 is 2027-06-05; B starts on day 50.
    expect(r.excluded).toEqual([
      { id: "B", reason: "no close on every day of the look-back window 2023-12-23..2027-06-05" },
    ]);
  });

  it("says why an id without a series is excluded", () => {
    const r = scenariosFromPrices(calendarOf(5), new Map([["A", { start: 0, closes: [1, 2, 3, 4, 5] }]]), ["Z", "A"]);
    expect(r.excluded).toEqual([{ id: "Z", reason: "no price series" }]);
    expect(r.scenarios.assetIds).toEqual(["A"]);
  });

  describe("rejects", () => {
    const calendar = calendarOf(10);
    const ok = new Map([["A", { start: 0, closes: calendar.map(() => 100) }]]);
    it("a calendar that is not strictly increasing", () => {
      expect(() => scenariosFromPrices([0, DAY, DAY], ok, ["A"])).toThrow(
        "calendar must be strictly increasing, but calendar[2] <= calendar[1]",
      );
    });
    it("an invalid close inside the window", () => {
      const bad = new Map([["A", { start: 0, closes: calendar.map((_, j) => (j === 7 ? 0 : 100)) }]]);
      expect(() => scenariosFromPrices(calendar, bad, ["A"])).toThrow(
        "prices.get(A).closes[7] must be a finite number > 0, got 0",
      );
    });
    it("an invalid close before the window, or in a series the window excludes", () => {
      const before = new Map([["A", { start: 0, closes: calendar.map((_, j) => (j === 1 ? Number.NaN : 100)) }]]);
      expect(() => scenariosFromPrices(calendar, before, ["A"], { lookbackDays: 3 })).toThrow(
        "prices.get(A).closes[1] must be a finite number > 0, got NaN",
      );
      const excluded = new Map([...ok, ["B", { start: 4, closes: [100, -1, 100] }]]);
      expect(() => scenariosFromPrices(calendar, excluded, ["A", "B"])).toThrow(
        "prices.get(B).closes[1] must be a finite number > 0, got -1",
      );
    });
    it("an empty prices Map or empty ids (INVALID_INPUT), and a window no id covers (INSUFFICIENT_DATA naming ids)", () => {
      expect(() => scenariosFromPrices(calendar, new Map(), ["A"])).toThrowError(
        expect.objectContaining({
          code: "INVALID_INPUT",
          field: "prices",
          message: "prices must hold at least 1 series, got an empty Map",
        }),
      );
      expect(() => scenariosFromPrices(calendar, ok, [])).toThrowError(
        expect.objectContaining({ code: "INVALID_INPUT", field: "ids" }),
      );
      const late = new Map([["L", { start: 6, closes: [1, 2, 3, 4] }]]);
      expect(() => scenariosFromPrices(calendar, late, ["L", "Z"])).toThrowError(
        expect.objectContaining({
          code: "INSUFFICIENT_DATA",
          field: "ids",
          message: expect.stringContaining("L (no close on every day of the look-back window"),
          details: {
            periods: 9,
            excluded: [
              { id: "L", reason: expect.any(String) },
              { id: "Z", reason: "no price series" },
            ],
          },
        }),
      );
      expect(() => scenariosFromPrices(calendar, new Map(), ["A"], { lookbackDays: 4 })).toThrowError(
        expect.objectContaining({ details: { periods: 4 } }),
      );
    });
    it("a series longer than the calendar", () => {
      const bad = new Map([["A", { start: 5, closes: calendar.map(() => 100) }]]);
      expect(() => scenariosFromPrices(calendar, bad, ["A"])).toThrow(
        "start + closes.length must be <= calendar.length",
      );
    });
    it("duplicate ids and bad options", () => {
      expect(() => scenariosFromPrices(calendar, ok, ["A", "A"])).toThrow("ids[1] A is listed more than once");
      expect(() => scenariosFromPrices(calendar, ok, ["A"], { lookbackDays: 1 })).toThrow("lookbackDays");
    });
    it("asOf before the calendar, or a window of fewer than 2 returns, with INSUFFICIENT_DATA", () => {
      const early = (() => {
        try {
          scenariosFromPrices(calendar, ok, ["A"], { asOf: calendar[0]! - 1 });
        } catch (e) {
          return e;
        }
      })();
      expect(isEngineError(early, "INSUFFICIENT_DATA")).toBe(true);
      expect(() => scenariosFromPrices(calendar, ok, ["A"], { asOf: calendar[1]! })).toThrow(
        "holds 1 daily return(s); at least 2 are needed",
      );
    });
  });
});
