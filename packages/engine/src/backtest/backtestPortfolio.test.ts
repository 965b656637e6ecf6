import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { isEngineError } from "../errors/EngineError.ts";
import { backtestPortfolio } from "./backtestPortfolio.ts";
import { backtestWindow } from "./backtestWindow.ts";
import { buyAndHoldBacktest } from "./buyAndHoldBacktest.ts";
import { tradingCalendar } from "./tradingCalendar.ts";
import { weeklyPriceTable } from "./weeklyPriceTable.ts";
import { scenarioArb } from "./_test/scenario.ts";

function codeOf(run: () => unknown): unknown {
  try {
    run();
    return "returned";
  } catch (e) {
    return isEngineError(e) ? { code: e.code, field: e.field } : String(e);
  }
}

describe("backtestWindow + backtestPortfolio", () => {
  it("give exactly buyAndHoldBacktest's numbers and warnings, over a Map or a table, with or without `out`", () => {
    fc.assert(
      fc.property(scenarioArb({ maxHoldings: 8 }), fc.boolean(), ({ input }, tabled) => {
        let expected;
        try {
          expected = buyAndHoldBacktest(input);
        } catch {
          return; // rejected scenarios are covered by buyAndHoldBacktest's own tests
        }
        const { holdings, ...rest } = input;
        const calendar = tradingCalendar(input.calendar);
        const window = tabled
          ? backtestWindow({ ...rest, calendar, prices: weeklyPriceTable(calendar, input.prices) })
          : backtestWindow(rest);
        const out = new Float64Array(window.weekCount + 1);
        const run = backtestPortfolio(window, holdings, out);
        expect(run.nav).toBe(out);
        expect(run.metadata).toStrictEqual(expected.metadata);
        expect(Array.from(window.timestamps, (t, k) => [t, run.nav[k]])).toStrictEqual(expected.timeSeries);
        expect(Array.from(window.timestamps, (t, k) => [t, window.benchmark.nav[k]])).toStrictEqual(
          expected.benchmarkTimeSeries,
        );
        expect({ ...window.benchmark.statistics, symbol: window.benchmark.symbol }).toStrictEqual(
          expected.benchmarkMetadata,
        );
        expect(backtestPortfolio(window, holdings).metadata).toStrictEqual(expected.metadata);
      }),
      { seed: 15010, numRuns: 120 },
    );
  });

  it("bad input: a forged or cloned window, bad holdings, a wrong `out` are INVALID_INPUT naming the field", () => {
    const { input } = fc.sample(scenarioArb({ maxHoldings: 3, irregular: false }), { seed: 3, numRuns: 1 })[0]!;
    const { holdings, ...rest } = input;
    const window = backtestWindow(rest);
    expect(codeOf(() => backtestPortfolio({ ...window }, holdings))).toEqual({
      code: "INVALID_INPUT",
      field: "window",
    });
    expect(codeOf(() => backtestPortfolio(null as never, holdings))).toEqual({
      code: "INVALID_INPUT",
      field: "window",
    });
    expect(codeOf(() => backtestPortfolio(window, [] as never))).toEqual({ code: "INVALID_INPUT", field: "holdings" });
    expect(codeOf(() => backtestPortfolio(window, null as never))).toEqual({
      code: "INVALID_INPUT",
      field: "holdings",
    });
    expect(codeOf(() => backtestPortfolio(window, [{ id: "H0", weight: Number.NaN }]))).toEqual({
      code: "INVALID_INPUT",
      field: "holdings[0].weight",
    });
    expect(codeOf(() => backtestPortfolio(window, [{ id: "", weight: 1 }]))).toEqual({
      code: "INVALID_INPUT",
      field: "holdings[0].id",
    });
    expect(codeOf(() => backtestPortfolio(window, holdings, new Float64Array(1)))).toEqual({
      code: "INVALID_INPUT",
      field: "out",
    });
    expect(codeOf(() => backtestPortfolio(window, holdings, [] as never))).toEqual({
      code: "INVALID_INPUT",
      field: "out",
    });
    expect(codeOf(() => backtestPortfolio(window, [{ id: "nope", weight: 1 }]))).toEqual({
      code: "NO_RESOLVABLE_HOLDINGS",
      field: "holdings",
    });
  });
});
