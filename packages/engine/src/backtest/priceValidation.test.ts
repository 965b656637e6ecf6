import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { isEngineError } from "../errors/EngineError.ts";
import { scenariosFromPrices } from "../optimize/scenariosFromPrices.ts";
import { backtestPortfolio } from "./backtestPortfolio.ts";
import { backtestWindow } from "./backtestWindow.ts";
import { batchBacktest } from "./batchBacktest.ts";
import { buyAndHoldBacktest } from "./buyAndHoldBacktest.ts";
import { rebalancedBacktest } from "./rebalancedBacktest.ts";
import { tradingCalendar } from "./tradingCalendar.ts";
import { weeklyPriceTable } from "./weeklyPriceTable.ts";
import type { BacktestInput, PriceSeries } from "./types.ts";
import { scenarioArb } from "./_test/scenario.ts";

/** `{ code, field }` of the EngineError `run` throws, "returned" when it returns. */
function refusal(run: () => unknown): unknown {
  try {
    run();
    return "returned";
  } catch (e) {
    if (isEngineError(e)) return { code: e.code, field: e.field };
    throw e;
  }
}

/** Every way the engine takes prices, each run on `input`: the refusal (or "returned") of each. */
function everyPath(input: BacktestInput & { calendar: number[] }): Record<string, unknown> {
  const { holdings, ...rest } = input;
  const calendar = tradingCalendar(input.calendar);
  const repeated = () => {
    // The same Map three times: read directly, then gathered into a table, then answered from it.
    const prices = new Map(input.prices);
    refusal(() => buyAndHoldBacktest({ ...input, prices }));
    refusal(() => buyAndHoldBacktest({ ...input, prices }));
    return buyAndHoldBacktest({ ...input, prices });
  };
  return {
    weekly: refusal(() => buyAndHoldBacktest(input)),
    "weekly, Map given again": refusal(repeated),
    "weekly, price table": refusal(() =>
      buyAndHoldBacktest({ ...input, calendar, prices: weeklyPriceTable(calendar, input.prices) }),
    ),
    daily: refusal(() => buyAndHoldBacktest({ ...input, frequency: "daily" })),
    rebalanced: refusal(() => rebalancedBacktest({ ...input, rebalance: { frequency: "monthly" } })),
    "window + portfolio": refusal(() => backtestPortfolio(backtestWindow(rest), holdings)),
    "window + batch": refusal(() => batchBacktest(backtestWindow(rest), [holdings])),
  };
}

/** A bad close of any kind: every non-finite or non-positive number, and (in a plain array) a non-number. */
const badNumber = fc.constantFrom(Number.NaN, Infinity, -Infinity, 0, -0, -1, -1e-300, -5e-324);
const badValue = fc.oneof(badNumber, fc.constantFrom<unknown>("7", null, undefined));

describe("every close given is checked, wherever it is", () => {
  it("a bad close anywhere in a held series or the benchmark's (sampled by the NAV or not, inside the window or before it) is refused by every backtest and by scenariosFromPrices, naming that close", () => {
    fc.assert(
      fc.property(
        scenarioArb({ maxHoldings: 5 }),
        fc.nat(),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        fc.boolean(),
        fc.oneof(
          badNumber.map((v) => ({ v, typed: true })),
          badValue.map((v) => ({ v, typed: false })),
        ),
        ({ input }, pick, at, benchmarkSeries, { v, typed }) => {
          // Clean input: every path answers (a scenario the engine refuses for another reason is skipped).
          const clean = everyPath(input);
          if (Object.values(clean).some((r) => r !== "returned")) return;
          const ids = input.holdings.map((h) => h.id);
          const id = ids[pick % ids.length]!;
          const series: PriceSeries = benchmarkSeries ? input.benchmark.series : input.prices.get(id)!;
          if (series.closes.length === 0) return;
          const j = Math.floor(at * series.closes.length);
          const closes = (typed ? Float64Array.from(series.closes) : Array.from(series.closes)) as unknown[];
          closes[j] = v;
          const bad: PriceSeries = { start: series.start, closes: closes as ArrayLike<number> };
          const corrupted = benchmarkSeries
            ? { ...input, benchmark: { ...input.benchmark, series: bad } }
            : { ...input, prices: new Map(input.prices).set(id, bad) };
          const field = benchmarkSeries
            ? `benchmark.series.closes[${j}]`
            : `prices[${JSON.stringify(id)}].closes[${j}]`;
          const expected = { code: "INVALID_INPUT", field };
          const refused = everyPath(corrupted);
          const batchField = benchmarkSeries ? field : `portfolios[0].${field}`;
          expect(refused).toStrictEqual({
            weekly: expected,
            "weekly, Map given again": expected,
            "weekly, price table": expected,
            daily: expected,
            rebalanced: expected,
            "window + portfolio": expected,
            "window + batch": { code: "INVALID_INPUT", field: batchField },
          });
          // Scenario building over the same series (the benchmark listed as one more id).
          const prices = new Map(corrupted.prices).set("SPY", corrupted.benchmark.series);
          const name = benchmarkSeries ? "SPY" : id;
          expect(refusal(() => scenariosFromPrices(input.calendar, prices, [...ids, "SPY"]))).toStrictEqual({
            code: "INVALID_INPUT",
            field: `prices.get(${name}).closes[${j}]`,
          });
        },
      ),
      { seed: 2907, numRuns: 60 },
    );
  });

  it("a close written into an array already checked is still refused when a backtest reads it", () => {
    const { input } = fc.sample(scenarioArb({ maxHoldings: 2, irregular: false }), { seed: 5, numRuns: 1 })[0]!;
    const closes = Float64Array.from(input.prices.get("H0")!.closes);
    const prices = new Map(input.prices).set("H0", { start: 0, closes });
    expect(refusal(() => buyAndHoldBacktest({ ...input, prices }))).toBe("returned");
    // The last close is read by every weekly backtest (the window's end).
    closes[closes.length - 1] = Number.NaN;
    expect(refusal(() => buyAndHoldBacktest({ ...input, prices: new Map(prices) }))).toStrictEqual({
      code: "INVALID_INPUT",
      field: `prices["H0"].closes[${closes.length - 1}]`,
    });
  });
});

describe("zero weights", () => {
  it("an optimizer's output (every asset listed, some at weight 0) gives exactly the result of the positive weights alone: no warning", () => {
    fc.assert(
      fc.property(
        scenarioArb({ maxHoldings: 8 }),
        fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
        fc.boolean(),
        ({ input }, zero, unknown) => {
          // Some weights set to 0 (never all), and maybe an id with no series at weight 0.
          const holdings = input.holdings.map((h, i) => ({ id: h.id, weight: i > 0 && zero[i] ? 0 : h.weight }));
          if (unknown) holdings.splice(1, 0, { id: "NOT-PRICED", weight: 0 });
          const positive = holdings.filter((h) => h.weight > 0);
          const withZeros = refusal(() => buyAndHoldBacktest({ ...input, holdings }));
          if (withZeros !== "returned") {
            expect(withZeros).toStrictEqual(refusal(() => buyAndHoldBacktest({ ...input, holdings: positive })));
            return;
          }
          const r = buyAndHoldBacktest({ ...input, holdings });
          expect(r).toStrictEqual(buyAndHoldBacktest({ ...input, holdings: positive }));
          expect(r.metadata.warnings.filter((w) => /weight 0|NOT-PRICED/.test(w))).toEqual([]);
          const calendar = tradingCalendar(input.calendar);
          const tabled = { ...input, calendar, holdings, prices: weeklyPriceTable(calendar, input.prices) };
          expect(buyAndHoldBacktest(tabled)).toStrictEqual(r);
          expect(
            rebalancedBacktest({ ...input, holdings, rebalance: { frequency: "quarterly" } }).metadata.warnings,
          ).toStrictEqual(r.metadata.warnings);
        },
      ),
      { seed: 2908, numRuns: 60 },
    );
  });
});
