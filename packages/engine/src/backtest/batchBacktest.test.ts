import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { isEngineError } from "../errors/EngineError.ts";
import { backtestPortfolio } from "./backtestPortfolio.ts";
import { backtestWindow } from "./backtestWindow.ts";
import { batchBacktest } from "./batchBacktest.ts";
import { tradingCalendar } from "./tradingCalendar.ts";
import { weeklyPriceTable } from "./weeklyPriceTable.ts";
import { scenarioArb } from "./_test/scenario.ts";

describe("batchBacktest", () => {
  it("each portfolio's NAV and statistics are exactly backtestPortfolio's", () => {
    fc.assert(
      fc.property(
        scenarioArb({ maxHoldings: 8, irregular: true }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 1000 }),
        ({ input }, count, salt) => {
          const { holdings, prices, ...rest } = input;
          const calendar = tradingCalendar(input.calendar);
          const window = backtestWindow({ ...rest, calendar, prices: weeklyPriceTable(calendar, prices) });
          // Variations of the holdings: subsets and reweightings (at least one positive weight each).
          const portfolios = Array.from({ length: count }, (_, p) =>
            holdings.map((h, i) => ({ id: h.id, weight: i === 0 ? 1 : ((salt * (p + 1) * (i + 3)) % 7) / 3 })),
          );
          let expected;
          try {
            expected = portfolios.map((h) => backtestPortfolio(window, h));
          } catch {
            return;
          }
          const batch = batchBacktest(window, portfolios);
          expect([batch.count, batch.points]).toEqual([count, window.weekCount + 1]);
          expected.forEach((e, p) => {
            expect(batch.navs.subarray(p * batch.points, (p + 1) * batch.points)).toStrictEqual(e.nav);
            const m = e.metadata;
            expect([
              batch.returns[p],
              batch.annualizedReturn[p],
              batch.variance[p],
              batch.sharpeRatio[p],
              batch.maxDrawdown[p],
              batch.stockCount[p],
            ]).toStrictEqual([m.returns, m.annualizedReturn, m.variance, m.sharpeRatio, m.maxDrawdown, m.stockCount]);
            expect(batch.warnings[p]).toStrictEqual(m.warnings);
          });
        },
      ),
      { seed: 15020, numRuns: 80 },
    );
  });

  it("names the portfolio at fault, keeping the code", () => {
    const { input } = fc.sample(scenarioArb({ maxHoldings: 3, irregular: false }), { seed: 5, numRuns: 1 })[0]!;
    const { holdings, ...rest } = input;
    const window = backtestWindow(rest);
    const errorOf = (run: () => unknown) => {
      try {
        run();
      } catch (e) {
        if (isEngineError(e)) return { code: e.code, field: e.field };
      }
      return undefined;
    };
    expect(errorOf(() => batchBacktest(window, [holdings, [{ id: "H0", weight: -1 }]]))).toEqual({
      code: "INVALID_INPUT",
      field: "portfolios[1].holdings[0].weight",
    });
    expect(errorOf(() => batchBacktest(window, [holdings, [{ id: "zz", weight: 1 }]]))).toEqual({
      code: "NO_RESOLVABLE_HOLDINGS",
      field: "portfolios[1].holdings",
    });
    expect(errorOf(() => batchBacktest(window, []))).toEqual({ code: "INVALID_INPUT", field: "portfolios" });
    expect(errorOf(() => batchBacktest({ ...window }, [holdings]))).toEqual({ code: "INVALID_INPUT", field: "window" });
  });
});
