import { afterEach, describe, expect, it } from "vitest";
import fc from "fast-check";
import { outcome } from "../_test/outcome.ts";
import { scenarioArb } from "../_test/scenario.ts";
import { businessCalendar, utc } from "../_test/businessCalendar.ts";
import { geometricRandomWalk } from "../_test/randomWalk.ts";
import { seededRandom } from "../../_test/seededRandom.ts";
import { backtestPortfolio } from "../backtestPortfolio.ts";
import { backtestWindow } from "../backtestWindow.ts";
import { buyAndHoldBacktest } from "../buyAndHoldBacktest.ts";
import type { BacktestInput, PriceSeries } from "../types.ts";
import { cachedMapTable, useMapPriceCache } from "./mapPriceTable.ts";

/** The backtest reading the Map directly (cache off): the oracle. */
function direct(input: BacktestInput): unknown {
  const previous = useMapPriceCache(false);
  try {
    return outcome(() => buyAndHoldBacktest(input));
  } finally {
    useMapPriceCache(previous);
  }
}

function universe(size: number, days: number[], seed = 1): Map<string, PriceSeries> {
  const random = seededRandom(seed);
  return new Map(
    Array.from({ length: size }, (_, i) => [`S${i}`, { start: 0, closes: geometricRandomWalk(random, days.length) }]),
  );
}

const days = businessCalendar(utc("2019-01-01"), utc("2024-12-31"));
const benchmark = { symbol: "SPY", series: { start: 0, closes: geometricRandomWalk(seededRandom(99), days.length) } };

afterEach(() => {
  useMapPriceCache(true);
});

describe("the weekly closes of a Map, gathered behind repeated calls", () => {
  it("random scenarios: the first call reads the Map, the second gathers, the third uses the table; all equal the direct reads bit for bit", () => {
    fc.assert(
      fc.property(
        scenarioArb({ maxHoldings: 9 }),
        fc.boolean(),
        fc.option(fc.record({ holding: fc.nat(), at: fc.nat(), bad: fc.constantFrom<unknown>(Number.NaN, 0, "7") }), {
          nil: undefined,
        }),
        ({ input }, asOfMidWeek, corruption) => {
          const prices = new Map(input.prices);
          if (corruption !== undefined) {
            // A bad close somewhere in one series: read by the backtest or not.
            const id = `H${corruption.holding % prices.size}`;
            const closes = Array.from(prices.get(id)!.closes) as unknown[];
            if (closes.length > 0) closes[corruption.at % closes.length] = corruption.bad;
            prices.set(id, { start: prices.get(id)!.start, closes: closes as number[] });
          }
          const run = {
            ...input,
            prices,
            ...(asOfMidWeek ? { asOf: input.calendar[input.calendar.length - 3]! } : {}),
          };
          const expected = direct(run);
          for (let call = 0; call < 3; call++) expect(outcome(() => buyAndHoldBacktest(run))).toStrictEqual(expected);
          // Every series is held, so the table was gathered on the second call (unless the backtest was refused first).
          if (typeof expected === "object" && expected !== null && "timeSeries" in expected)
            expect(cachedMapTable(run.prices)).toBeDefined();
        },
      ),
      { seed: 2304, numRuns: 120 },
    );
  });

  it("gathers only once the calls have read as many series as the Map holds (rent or buy)", () => {
    const prices = universe(6, days);
    const input = {
      calendar: days,
      holdings: [
        { id: "S1", weight: 1 },
        { id: "S4", weight: 2 },
      ],
      prices,
      benchmark,
    };
    for (let call = 1; call <= 3; call++) {
      buyAndHoldBacktest(input);
      expect(cachedMapTable(prices)).toBeUndefined(); // 2, 4, 6 series read
    }
    const fourth = buyAndHoldBacktest(input);
    expect(cachedMapTable(prices)).toBeDefined();
    expect(fourth).toStrictEqual(direct(input));
    expect(buyAndHoldBacktest(input)).toStrictEqual(direct(input));
  });

  it("a series replaced, removed or added, a longer closes array, or another calendar is seen: the result is the direct one", () => {
    const prices = universe(4, days, 5);
    const holdings = [0, 1, 2, 3].map((i) => ({ id: `S${i}`, weight: i + 1 }));
    const calendar = [...days];
    const input = { calendar, holdings, prices, benchmark };
    const warm = () => {
      buyAndHoldBacktest(input);
      buyAndHoldBacktest(input);
      expect(cachedMapTable(prices)).toBeDefined();
    };
    warm();
    prices.set("S2", { start: 0, closes: geometricRandomWalk(seededRandom(7), days.length) });
    expect(buyAndHoldBacktest(input)).toStrictEqual(direct(input));
    expect(cachedMapTable(prices)).toBeUndefined();

    warm();
    prices.delete("S3");
    expect(buyAndHoldBacktest(input)).toStrictEqual(direct(input));
    expect(buyAndHoldBacktest(input).metadata.warnings).toContain("holding S3 has no price data and was dropped");

    warm();
    prices.set("S3", { start: 0, closes: geometricRandomWalk(seededRandom(8), days.length) });
    expect(buyAndHoldBacktest(input)).toStrictEqual(direct(input));

    // The same array, grown: a series that ended early now reaches the end.
    const growing = Array.from(geometricRandomWalk(seededRandom(9), days.length - 300));
    prices.set("S0", { start: 0, closes: growing });
    warm();
    const before = buyAndHoldBacktest(input);
    expect(before.metadata.warnings.some((w) => w.startsWith("holding S0 stopped trading"))).toBe(true);
    for (let i = 0; i < 300; i++) growing.push(growing[growing.length - 1]! * 1.001);
    const after = buyAndHoldBacktest(input);
    expect(after).toStrictEqual(direct(input));
    expect(after.metadata.warnings.some((w) => w.startsWith("holding S0 stopped trading"))).toBe(false);

    // A series object whose start was changed in place.
    warm();
    const s1 = prices.get("S1")!;
    (s1 as { start: number }).start = 5;
    (s1 as { closes: ArrayLike<number> }).closes = Array.from(s1.closes).slice(5);
    expect(buyAndHoldBacktest(input)).toStrictEqual(direct(input));

    // The calendar array written in place: one day moved (a holiday added at the end).
    warm();
    calendar[calendar.length - 1] = calendar[calendar.length - 1]! + 86400 * 3;
    expect(outcome(() => buyAndHoldBacktest(input))).toStrictEqual(direct(input));
  });

  it("a Map with a malformed series no portfolio holds is read directly, and the calls still succeed", () => {
    const prices = universe(3, days, 11) as Map<string, unknown>;
    prices.set("BROKEN", { start: -1, closes: [] });
    const input = {
      calendar: days,
      holdings: [0, 1, 2].map((i) => ({ id: `S${i}`, weight: 1 })),
      prices: prices as Map<string, PriceSeries>,
      benchmark,
    };
    for (let call = 0; call < 4; call++) expect(buyAndHoldBacktest(input)).toStrictEqual(direct(input));
    expect(cachedMapTable(prices)).toBeUndefined();
  });

  it("backtestWindow + backtestPortfolio over a Map use it too, with the same numbers", () => {
    const prices = universe(5, days, 13);
    const holdings = [0, 1, 2, 3, 4].map((i) => ({ id: `S${i}`, weight: 5 - i }));
    const window = backtestWindow({ calendar: days, prices, benchmark, years: 3 });
    const first = backtestPortfolio(window, holdings);
    const second = backtestPortfolio(window, holdings);
    expect(cachedMapTable(prices)).toBeDefined();
    expect(second).toStrictEqual(first);
    expect(Array.from(backtestPortfolio(window, holdings.slice(1)).nav)).toStrictEqual(
      (
        direct({ calendar: days, holdings: holdings.slice(1), prices, benchmark, years: 3 }) as {
          timeSeries: [number, number][];
        }
      ).timeSeries.map(([, v]) => v),
    );
  });

  it("off for tests: useMapPriceCache(false) reads the Map on every call", () => {
    const prices = universe(2, days, 17);
    const input = {
      calendar: days,
      holdings: [
        { id: "S0", weight: 1 },
        { id: "S1", weight: 1 },
      ],
      prices,
      benchmark,
    };
    expect(useMapPriceCache(false)).toBe(true);
    for (let call = 0; call < 3; call++) buyAndHoldBacktest(input);
    expect(cachedMapTable(prices)).toBeUndefined();
  });
});
