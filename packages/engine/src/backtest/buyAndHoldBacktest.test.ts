import { describe, expect, it } from "vitest";
import fc from "fast-check";
import * as ss from "simple-statistics";
import { isEngineError } from "../errors/EngineError.ts";
import { buyAndHoldBacktest } from "./buyAndHoldBacktest.ts";
import type { BacktestInput, BacktestResult, PriceSeries } from "./types.ts";
import { businessCalendar, mondayOf, utc } from "./_test/businessCalendar.ts";
import { geometricRandomWalk } from "./_test/randomWalk.ts";
import { seededRandom } from "../_test/seededRandom.ts";
import { oracleNav, oracleWeeklyPoints } from "./_test/oracle.ts";
import { scenarioArb } from "./_test/scenario.ts";

const DAY = 86400;

function expectClose(actual: number, expected: number, rel = 1e-12, abs = 1e-12): void {
  const tol = rel * Math.max(Math.abs(actual), Math.abs(expected)) + abs;
  if (!(Math.abs(actual - expected) <= tol)) expect.fail(`expected ${actual} to be within ${tol} of ${expected}`);
}

/** Runs the backtest, or returns the EngineError code when the scenario is (legitimately) rejected. */
function run(input: BacktestInput): BacktestResult | string {
  try {
    return buyAndHoldBacktest(input);
  } catch (e) {
    if (isEngineError(e) && (e.code === "NO_RESOLVABLE_HOLDINGS" || e.code === "INSUFFICIENT_DATA")) return e.code;
    throw e;
  }
}

/** The code and field of the EngineError `f` throws (fails when it returns). */
function outcomeOf(f: () => unknown): { code: string; field: string | undefined } {
  try {
    f();
  } catch (e) {
    if (isEngineError(e)) return { code: e.code, field: e.field };
    throw e;
  }
  return expect.fail("expected an EngineError");
}

function allStats(r: BacktestResult): number[] {
  const m = r.metadata;
  const b = r.benchmarkMetadata;
  return [
    m.returns,
    m.annualizedReturn,
    m.variance,
    m.sharpeRatio,
    m.maxDrawdown,
    b.returns,
    b.annualizedReturn,
    b.variance,
    b.sharpeRatio,
    b.maxDrawdown,
  ];
}

/** A fixed 5-year, 3-holding input on a real business-day calendar (2019-01-01..2024-12-31). */
function fixedInput(): BacktestInput & { calendar: number[] } {
  const random = seededRandom(42);
  const calendar = businessCalendar(utc("2019-01-01"), utc("2024-12-31"));
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
  };
}

describe("buyAndHoldBacktest: hand-checked", () => {
  it("three weeks, one holding: NAV follows the Friday closes (100, 105, 110 -> 10000, 10500, 11000)", () => {
    const monday = utc("2024-01-08");
    const calendar = Array.from({ length: 15 }, (_, i) => monday + (7 * Math.floor(i / 5) + (i % 5)) * DAY);
    const closes = calendar.map((_, i) => 100 + 5 * Math.floor(i / 5));
    const r = buyAndHoldBacktest({
      calendar,
      holdings: [{ id: "A", weight: 1 }],
      prices: new Map([["A", { start: 0, closes }]]),
      benchmark: { symbol: "SPY", series: { start: 0, closes } },
      years: 1,
    });
    expect(r.timeSeries).toEqual([
      [utc("2024-01-12"), 10000],
      [utc("2024-01-19"), 10500],
      [utc("2024-01-26"), 11000],
    ]);
    expect(r.metadata.weekCount).toBe(2);
    expect(r.metadata.stockCount).toBe(1);
    expectClose(r.metadata.returns, 0.1);
    // 14 days = 14 / 365.25 years: CAGR = 1.1^(365.25/14) - 1 (hand formula).
    expectClose(r.metadata.annualizedReturn, 1.1 ** (365.25 / 14) - 1, 1e-12);
    // Weekly returns 0.05 and 1/21: `variance` is σ = sqrt(sample variance ((0.05 - 1/21)²·2) / 1 · 52).
    const m = (0.05 + 1 / 21) / 2;
    expectClose(r.metadata.variance, Math.sqrt(2 * (0.05 - m) ** 2 * 52), 1e-9);
    expect(r.metadata.maxDrawdown).toBe(0);
    expect(r.benchmarkTimeSeries).toEqual(r.timeSeries);
    expect(r.metadata.warnings).toEqual([
      "price history starts on 2024-01-08, after the requested start 2023-01-27: the backtest starts on 2024-01-12 with 2 weekly returns instead of 52",
    ]);
  });

  it("two holdings 50/50: NAV is the average of the rebased prices (hand-checked)", () => {
    const calendar = businessCalendar(utc("2024-01-08"), utc("2024-01-26"));
    const a = calendar.map((_, i) => [10, 10, 10, 10, 10, 12, 12, 12, 12, 12, 8, 8, 8, 8, 8][i]!);
    const b = calendar.map((_, i) => [50, 50, 50, 50, 50, 50, 50, 50, 50, 40, 60, 60, 60, 60, 60][i]!);
    const r = buyAndHoldBacktest({
      calendar,
      holdings: [
        { id: "A", weight: 2 },
        { id: "B", weight: 2 },
      ],
      prices: new Map([
        ["A", { start: 0, closes: a }],
        ["B", { start: 0, closes: b }],
      ]),
      benchmark: { symbol: "QQQ", series: { start: 0, closes: b } },
      years: 1,
    });
    // Fridays: A 10, 12, 8; B 50, 40, 60. NAV = 5000·A/10 + 5000·B/50 = 10000, 6000 + 4000, 4000 + 6000.
    expect(r.timeSeries.map(([, v]) => v)).toEqual([10000, 10000, 10000]);
    expect(r.benchmarkTimeSeries.map(([, v]) => v)).toEqual([10000, 8000, 12000]);
    expect(r.benchmarkMetadata.symbol).toBe("QQQ");
    expectClose(r.benchmarkMetadata.maxDrawdown, -0.2);
    expect(r.metadata.sharpeRatio).toBe(0); // flat NAV: documented degenerate case
    expect(r.metadata.variance).toBe(0);
  });

  it("five years of weekly points gives 260 weekly returns, as the service reports", () => {
    const r = buyAndHoldBacktest(fixedInput());
    expect(r.metadata.weekCount).toBe(260);
    expect(r.timeSeries.length).toBe(r.metadata.weekCount + 1);
    expect(r.timeSeries.at(-1)![0]).toBe(utc("2024-12-31"));
    // The end is Tuesday 2024-12-31; the point before it Friday 2024-12-27, and 259 weeks before that (hand-computed).
    expect(r.timeSeries[0]![0]).toBe(utc("2020-01-10"));
    expect(r.metadata.warnings).toEqual([]);
    for (const [t] of r.timeSeries.slice(0, -1)) expect(new Date(t * 1000).getUTCDay()).toBe(5);
  });
});

describe("buyAndHoldBacktest: properties", () => {
  it("matches a day-by-day simulation of the documented rules; all outputs finite", () => {
    fc.assert(
      fc.property(scenarioArb(), ({ input }) => {
        const r = run(input);
        if (typeof r === "string") return;
        const o = oracleNav(input);
        expect(r.timeSeries.map(([t]) => t)).toEqual(o.points.map((i) => input.calendar[i]));
        r.timeSeries.forEach(([, v], k) => expectClose(v, o.nav[k]!, 1e-11));
        expect(r.metadata.stockCount).toBe(o.used.length);
        for (const x of allStats(r)) expect(Number.isFinite(x)).toBe(true);
        for (const [t, v] of [...r.timeSeries, ...r.benchmarkTimeSeries]) {
          expect(Number.isFinite(t) && Number.isFinite(v) && v > 0).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });

  it("timestamps: identical for benchmark and portfolio, 00:00 UTC, last trading day of their ISO week, complete", () => {
    fc.assert(
      fc.property(scenarioArb({ irregular: false, maxHoldings: 2 }), ({ input }) => {
        const r = run(input);
        if (typeof r === "string") return;
        const ts = r.timeSeries.map(([t]) => t);
        expect(r.benchmarkTimeSeries.map(([t]) => t)).toEqual(ts);
        const cal = Array.from(input.calendar);
        const end = ts.at(-1)!;
        for (const t of ts) {
          expect(t % DAY).toBe(0);
          expect(cal).toContain(t);
          // No later trading day (up to the end) in the same Monday-to-Sunday week.
          expect(cal.some((u) => u > t && u <= end && mondayOf(u) === mondayOf(t))).toBe(false);
        }
        // One point per week, weeks strictly increasing, weekCount = points - 1.
        for (let k = 1; k < ts.length; k++) expect(mondayOf(ts[k]!)).toBeGreaterThan(mondayOf(ts[k - 1]!));
        expect(r.metadata.weekCount).toBe(ts.length - 1);
        expect(ts).toEqual(oracleWeeklyPoints(cal, input.years ?? 5, cal.at(-1)!).map((i) => cal[i]));
      }),
      { numRuns: 60 },
    );
  });

  it("statistics agree with independent formulas on the weekly series", () => {
    fc.assert(
      fc.property(scenarioArb(), fc.double({ min: -0.02, max: 0.08, noNaN: true }), ({ input }, rf) => {
        const r = run({ ...input, riskFreeRate: rf });
        if (typeof r === "string") return;
        for (const [series, meta] of [
          [r.timeSeries, r.metadata],
          [r.benchmarkTimeSeries, r.benchmarkMetadata],
        ] as const) {
          const v = series.map(([, x]) => x);
          const t = series.map(([s]) => s);
          expect(v[0]).toBe(10000);
          expectClose(meta.returns, v.at(-1)! / 10000 - 1, 1e-12);
          const years = (t.at(-1)! - t[0]!) / (365.25 * DAY);
          expectClose(meta.annualizedReturn, (v.at(-1)! / v[0]!) ** (1 / years) - 1, 1e-9, 1e-12);
          let peak = v[0]!;
          let dd = 0;
          for (const x of v) {
            peak = Math.max(peak, x);
            dd = Math.min(dd, x / peak - 1);
          }
          expectClose(meta.maxDrawdown, dd, 1e-12);
          expect(meta.maxDrawdown).toBeGreaterThanOrEqual(-1);
          expect(meta.maxDrawdown).toBeLessThanOrEqual(0);
          const weekly = v.slice(1).map((x, k) => x / v[k]! - 1);
          if (weekly.length >= 2 && ss.sampleStandardDeviation(weekly) > 1e-9) {
            expectClose(meta.variance, Math.sqrt(ss.sampleVariance(weekly) * 52), 1e-8, 1e-15);
            const rfw = (1 + rf) ** (1 / 52) - 1;
            const excess = weekly.map((x) => x - rfw);
            expectClose(
              meta.sharpeRatio,
              (ss.mean(excess) / ss.sampleStandardDeviation(excess)) * Math.sqrt(52),
              1e-7,
              1e-9,
            );
          }
        }
      }),
      { numRuns: 100 },
    );
  });

  it("NAV is unchanged when all weights are scaled by c > 0", () => {
    fc.assert(
      fc.property(scenarioArb(), fc.double({ min: 1e-6, max: 1e6, noNaN: true }), ({ input }, c) => {
        const a = run(input);
        const b = run({ ...input, holdings: input.holdings.map((h) => ({ id: h.id, weight: h.weight * c })) });
        if (typeof a === "string" || typeof b === "string") {
          expect(b).toBe(a); // both rejected, with the same code
          return;
        }
        b.timeSeries.forEach(([t, v], k) => {
          expect(t).toBe(a.timeSeries[k]![0]);
          expectClose(v, a.timeSeries[k]![1], 1e-12);
        });
      }),
      { numRuns: 80 },
    );
  });

  it("a single holding's NAV is its own rebased price 10000·P_t/P_0 on the weekly dates", () => {
    fc.assert(
      fc.property(scenarioArb({ irregular: false, maxHoldings: 1 }), ({ input }) => {
        const r = run(input);
        if (typeof r === "string") return;
        const { closes, start } = input.prices.get("H0")!;
        const cal = Array.from(input.calendar);
        const p0 = closes[cal.indexOf(r.timeSeries[0]![0]) - start]!;
        for (const [t, v] of r.timeSeries) expectClose(v, (10000 * closes[cal.indexOf(t) - start]!) / p0, 1e-13);
        const b = input.benchmark.series.closes;
        const b0 = b[cal.indexOf(r.timeSeries[0]![0])]!;
        for (const [t, v] of r.benchmarkTimeSeries) expectClose(v, (10000 * b[cal.indexOf(t)]!) / b0, 1e-13);
      }),
      { numRuns: 60 },
    );
  });

  it("late listings and delistings produce warnings naming the id and date, and keep NAV finite and positive", () => {
    fc.assert(
      fc.property(scenarioArb(), ({ input }) => {
        const r = run(input);
        if (typeof r === "string") return;
        const cal = Array.from(input.calendar);
        const inception = cal.indexOf(r.timeSeries[0]![0]);
        const endIdx = cal.indexOf(r.timeSeries.at(-1)![0]);
        const o = oracleNav(input);
        for (const id of o.used) {
          const { start, closes } = input.prices.get(id)!;
          const last = start + closes.length - 1;
          const warn = r.metadata.warnings.filter((w) => w.startsWith(`holding ${id} `));
          if (start > inception) {
            expect(
              warn.some(
                (w) =>
                  w.includes("no close at inception") &&
                  w.includes(new Date(cal[inception]! * 1000).toISOString().slice(0, 10)),
              ),
            ).toBe(true);
          }
          if (last < endIdx) {
            const date = new Date(cal[last]! * 1000).toISOString().slice(0, 10);
            expect(warn).toContain(
              `holding ${id} stopped trading on ${date}; it was converted to cash at that close and held flat`,
            );
          }
          if (start <= inception && last >= endIdx) expect(warn).toEqual([]);
        }
        for (const [, v] of r.timeSeries) expect(v > 0 && Number.isFinite(v)).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it("never mutates its input", () => {
    fc.assert(
      fc.property(scenarioArb({ maxHoldings: 3 }), ({ input }) => {
        const frozen: BacktestInput = {
          ...input,
          calendar: Object.freeze(Array.from(input.calendar)),
          holdings: Object.freeze(input.holdings.map((h) => Object.freeze({ ...h }))),
        };
        const before = JSON.stringify([
          frozen.calendar,
          frozen.holdings,
          [...input.prices].map(([k, s]) => [k, s.start, Array.from(s.closes)]),
        ]);
        run(frozen);
        expect(
          JSON.stringify([
            frozen.calendar,
            frozen.holdings,
            [...input.prices].map(([k, s]) => [k, s.start, Array.from(s.closes)]),
          ]),
        ).toBe(before);
      }),
      { numRuns: 30 },
    );
  });
});

describe("buyAndHoldBacktest: holdings resolution", () => {
  it("merges duplicate ids (weights added) with a warning", () => {
    const base = fixedInput();
    const dup = buyAndHoldBacktest({
      ...base,
      holdings: [
        { id: "A", weight: 0.3 },
        { id: "B", weight: 0.3 },
        { id: "A", weight: 0.2 },
        { id: "C", weight: 0.2 },
      ],
    });
    const plain = buyAndHoldBacktest(base);
    dup.timeSeries.forEach(([, v], k) => expectClose(v, plain.timeSeries[k]![1], 1e-12));
    expect(dup.metadata.warnings).toEqual(["holding A is listed 2 times; its weights were added"]);
    expect(dup.metadata.stockCount).toBe(3);
  });

  it("drops unresolvable holdings with a warning and zero-weight ones quietly, and renormalises the rest", () => {
    const base = fixedInput();
    const r = buyAndHoldBacktest({
      ...base,
      holdings: [...base.holdings, { id: "GHOST", weight: 5 }, { id: "B", weight: 0 }, { id: "Z", weight: 0 }],
    });
    const plain = buyAndHoldBacktest(base);
    r.timeSeries.forEach(([, v], k) => expectClose(v, plain.timeSeries[k]![1], 1e-12));
    expect(r.metadata.warnings).toEqual([
      "holding B is listed 2 times; its weights were added",
      "holding GHOST has no price data and was dropped",
    ]);
    expect(r.metadata.stockCount).toBe(3);
  });

  it("drops a holding whose closes all fall outside the window's weekly dates", () => {
    const base = fixedInput();
    const prices = new Map(base.prices);
    prices.set("OLD", { start: 0, closes: [5, 6, 7] }); // trades 2019-01-01..03 only, before the window
    const r = buyAndHoldBacktest({ ...base, prices, holdings: [...base.holdings, { id: "OLD", weight: 1 }] });
    expect(r.metadata.warnings).toEqual([
      "holding OLD has no close on any weekly date from 2020-01-10 to 2024-12-31 and was dropped",
    ]);
    expect(r.metadata.stockCount).toBe(3);
  });

  it("throws NO_RESOLVABLE_HOLDINGS when nothing resolves", () => {
    const base = fixedInput();
    expect(() => buyAndHoldBacktest({ ...base, holdings: [{ id: "X", weight: 1 }] })).toThrowError(
      expect.objectContaining({ code: "NO_RESOLVABLE_HOLDINGS" }),
    );
  });

  it("a late listing waits in cash until its first weekly close; a delisting turns into cash (hand-checked)", () => {
    // Four weeks, Fridays at indices 4, 9, 14, 19. L lists on day 7 (first Friday close 20 at index 9, then 30);
    // D trades flat at 10 then ends on index 11 at 15.
    const calendar = businessCalendar(utc("2024-01-08"), utc("2024-02-02"));
    const lCloses = [20, 20, 20, 20, 20, 30, 30, 30, 30, 30, 30, 30, 30]; // calendar[7..19]
    const dCloses = [10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 15]; // calendar[0..11]
    const r = buyAndHoldBacktest({
      calendar,
      holdings: [
        { id: "L", weight: 1 },
        { id: "D", weight: 1 },
      ],
      prices: new Map([
        ["L", { start: 7, closes: lCloses }],
        ["D", { start: 0, closes: dCloses }],
      ]),
      benchmark: { symbol: "SPY", series: { start: 0, closes: calendar.map(() => 1) } },
      years: 1,
    });
    // Weeks: L cash 5000, 5000 (bought at 20), 7500, 7500. D: 5000, 5000, 7500 (cash since day 11), 7500.
    expect(r.timeSeries.map(([, v]) => v)).toEqual([10000, 10000, 15000, 15000]);
    expect(r.metadata.warnings.slice(1)).toEqual([
      "holding L has no close at inception (2024-01-12); its allocation was held as cash until 2024-01-19, when it was bought",
      "holding D stopped trading on 2024-01-23; it was converted to cash at that close and held flat",
    ]);
    expect(r.metadata.stockCount).toBe(2);
  });
});

describe("buyAndHoldBacktest: window", () => {
  it("snaps asOf to the last trading day on or before it; a mid-week asOf is the last point", () => {
    const base = fixedInput();
    const sat = buyAndHoldBacktest({ ...base, asOf: utc("2024-06-15") }); // Saturday
    expect(sat.timeSeries.at(-1)![0]).toBe(utc("2024-06-14"));
    const wed = buyAndHoldBacktest({ ...base, asOf: utc("2024-06-12") + 3600 });
    expect(wed.timeSeries.at(-1)![0]).toBe(utc("2024-06-12"));
    expect(wed.timeSeries.at(-2)![0]).toBe(utc("2024-06-07"));
  });

  it("handles Feb 29: one year before 2024-02-29 is 2023-02-28", () => {
    const calendar = businessCalendar(utc("2023-01-02"), utc("2024-02-29"));
    const closes = calendar.map((_, i) => 100 + i);
    const r = buyAndHoldBacktest({
      calendar,
      holdings: [{ id: "A", weight: 1 }],
      prices: new Map([["A", { start: 0, closes }]]),
      benchmark: { symbol: "SPY", series: { start: 0, closes } },
      years: 1,
    });
    // 2023-02-28 is a Tuesday: the first weekly point is Friday 2023-03-03.
    expect(r.timeSeries[0]![0]).toBe(utc("2023-03-03"));
    expect(r.timeSeries.at(-1)![0]).toBe(utc("2024-02-29"));
  });

  it("five years give 260 weekly returns whatever weekday a calendar-year start would fall on", () => {
    // Counted by hand: 260 weeks (1820 days) before Friday 2023-06-02 is Friday 2018-06-08, and before
    // Friday 2024-05-31 is Friday 2019-06-07 (a calendar-year window would have given 261 there).
    for (const [end, weeks, first] of [
      ["2023-06-02", 260, "2018-06-08"],
      ["2024-05-31", 260, "2019-06-07"],
    ] as const) {
      const calendar = businessCalendar(utc("2017-01-02"), utc(end));
      const series = { start: 0, closes: calendar.map(() => 1) };
      const r = buyAndHoldBacktest({
        calendar,
        holdings: [{ id: "A", weight: 1 }],
        prices: new Map([["A", series]]),
        benchmark: { symbol: "S", series },
      });
      expect(r.metadata.weekCount).toBe(weeks);
      expect(r.timeSeries[0]![0]).toBe(utc(first));
    }
  });

  it("years selects the window; default 5", () => {
    const base = fixedInput();
    const two = buyAndHoldBacktest({ ...base, years: 2 });
    expect(two.timeSeries[0]![0]).toBe(utc("2023-01-06")); // first Friday after 2022-12-31
    expect(buyAndHoldBacktest({ ...base, years: 5 })).toEqual(buyAndHoldBacktest(base));
  });
});

describe("buyAndHoldBacktest: errors", () => {
  const base = fixedInput();
  const cases: Array<[string, Partial<BacktestInput> & Record<string, unknown>, string, RegExp]> = [
    [
      "negative weight",
      { holdings: [{ id: "A", weight: -1 }] },
      "INVALID_INPUT",
      /holdings\[0\]\.weight must satisfy 0 <= holdings\[0\]\.weight, got -1/,
    ],
    [
      "NaN weight",
      { holdings: [{ id: "A", weight: Number.NaN }] },
      "INVALID_INPUT",
      /holdings\[0\]\.weight must be a finite number, got NaN/,
    ],
    [
      "all-zero weights",
      { holdings: [{ id: "A", weight: 0 }] },
      "INVALID_INPUT",
      /at least one holdings\[i\]\.weight must be > 0/,
    ],
    ["no holdings", { holdings: [] }, "INVALID_INPUT", /holdings must be a non-empty array/],
    [
      "empty id",
      { holdings: [{ id: "", weight: 1 }] },
      "INVALID_INPUT",
      /holdings\[0\]\.id must be a non-empty string/,
    ],
    ["years 0", { years: 0 }, "INVALID_INPUT", /years must satisfy 1 <= years <= 20, got 0/],
    ["years 21", { years: 21 }, "INVALID_INPUT", /years must satisfy 1 <= years <= 20, got 21/],
    ["years 2.5", { years: 2.5 }, "INVALID_INPUT", /years must be an integer, got 2.5/],
    ["riskFreeRate -1", { riskFreeRate: -1 }, "INVALID_INPUT", /riskFreeRate must satisfy -1 < riskFreeRate/],
    ["asOf NaN", { asOf: Number.NaN }, "INVALID_INPUT", /asOf must be a finite number, got NaN/],
    [
      "asOf before calendar",
      { asOf: utc("2018-01-01") },
      "INSUFFICIENT_DATA",
      /asOf \(2018-01-01\) is before the first calendar date \(2019-01-01\)/,
    ],
    [
      "calendar decreasing",
      { calendar: [utc("2020-01-02"), utc("2020-01-01")] },
      "INVALID_INPUT",
      /calendar must be strictly increasing: calendar\[1\]/,
    ],
    [
      "calendar not midnight",
      { calendar: [utc("2020-01-02") + 5] },
      "INVALID_INPUT",
      /calendar\[0\] must be a Unix timestamp at 00:00 UTC/,
    ],
    ["calendar NaN", { calendar: [Number.NaN] }, "INVALID_INPUT", /calendar\[0\] must be a finite number, got NaN/],
    [
      "benchmark without symbol",
      { benchmark: { symbol: "", series: { start: 0, closes: [1] } } },
      "INVALID_INPUT",
      /benchmark must be an object \{ symbol, series \}/,
    ],
    [
      "benchmark start fractional",
      { benchmark: { symbol: "SPY", series: { start: 0.5, closes: [1] } } },
      "INVALID_INPUT",
      /benchmark\.series\.start must be an integer/,
    ],
    [
      "benchmark too long",
      { benchmark: { symbol: "SPY", series: { start: base.calendar.length - 2, closes: [1, 2, 3] } } },
      "INVALID_INPUT",
      /benchmark\.series must end within the calendar/,
    ],
    [
      "benchmark late",
      { benchmark: { symbol: "SPY", series: { start: 800, closes: new Float64Array(765).fill(1) } } },
      "INSUFFICIENT_DATA",
      /benchmark SPY has no close at inception \(2020-01-10\)/,
    ],
    [
      "benchmark ends early",
      { benchmark: { symbol: "IWM", series: { start: 0, closes: new Float64Array(1000).fill(1) } } },
      "INSUFFICIENT_DATA",
      /benchmark IWM data ends on 2022-10-31, before the end of the window \(2024-12-31\)/,
    ],
  ];
  for (const [name, patch, code, message] of cases) {
    it(`${name}: ${code}`, () => {
      expect(() => buyAndHoldBacktest({ ...base, ...patch } as BacktestInput)).toThrowError(message);
      expect(() => buyAndHoldBacktest({ ...base, ...patch } as BacktestInput)).toThrowError(
        expect.objectContaining({ code }),
      );
    });
  }

  // Index of Friday 2022-06-03 in the fixed calendar: a weekly point, so its close is read.
  const friday = Array.from(base.calendar).indexOf(utc("2022-06-03"));
  const tuesday = friday - 3;

  it("a bad close that the backtest reads names the holding and the index", () => {
    for (const bad of [-3, 0, Number.NaN, Infinity]) {
      const prices = new Map(base.prices);
      const closes = Array.from(prices.get("B")!.closes);
      closes[friday] = bad;
      prices.set("B", { start: 0, closes });
      expect(() => buyAndHoldBacktest({ ...base, prices })).toThrowError(
        `prices["B"].closes[${friday}] must be a finite number > 0, got ${bad}`,
      );
    }
    const wrongType = Array.from(base.prices.get("C")!.closes) as unknown[];
    wrongType[friday] = "12";
    const prices = new Map(base.prices).set("C", { start: 0, closes: wrongType as number[] });
    expect(() => buyAndHoldBacktest({ ...base, prices })).toThrowError(
      `prices["C"].closes[${friday}] must be a finite number > 0, got string`,
    );
  });

  it("a bad benchmark close at a weekly point: INVALID_INPUT naming it", () => {
    const closes = Float64Array.from(base.benchmark.series.closes);
    closes[friday] = 0;
    expect(() =>
      buyAndHoldBacktest({ ...base, benchmark: { symbol: "SPY", series: { start: 0, closes } } }),
    ).toThrowError(`benchmark.series.closes[${friday}] must be a finite number > 0, got 0`);
  });

  it("a bad close on a day the weekly NAV does not sample (a Tuesday), or before the window, is refused naming it", () => {
    for (const at of [tuesday, 3]) {
      for (const closes of [
        Float64Array.from(base.prices.get("B")!.closes),
        Array.from(base.prices.get("B")!.closes),
      ]) {
        closes[at] = Number.NaN;
        const prices = new Map(base.prices).set("B", { start: 0, closes });
        expect(outcomeOf(() => buyAndHoldBacktest({ ...base, prices }))).toEqual({
          code: "INVALID_INPUT",
          field: `prices["B"].closes[${at}]`,
        });
      }
      const bench = Float64Array.from(base.benchmark.series.closes);
      bench[at] = -1;
      expect(
        outcomeOf(() =>
          buyAndHoldBacktest({ ...base, benchmark: { symbol: "SPY", series: { start: 0, closes: bench } } }),
        ),
      ).toEqual({
        code: "INVALID_INPUT",
        field: `benchmark.series.closes[${at}]`,
      });
    }
  });

  it("fewer than two weekly points: INSUFFICIENT_DATA", () => {
    const calendar = businessCalendar(utc("2024-01-08"), utc("2024-01-12"));
    const closes = [1, 2, 3, 4, 5];
    expect(() =>
      buyAndHoldBacktest({
        calendar,
        holdings: [{ id: "A", weight: 1 }],
        prices: new Map([["A", { start: 0, closes }]]),
        benchmark: { symbol: "SPY", series: { start: 0, closes } },
        years: 1,
      }),
    ).toThrowError(
      expect.objectContaining({
        code: "INSUFFICIENT_DATA",
        message: expect.stringMatching(/holds 1 weekly point\(s\); at least 2 are needed/),
      }),
    );
  });

  it("stays finite or throws INVALID_INPUT on extreme but valid closes", () => {
    const calendar = businessCalendar(utc("2024-01-08"), utc("2024-01-26"));
    const closes = calendar.map((_, i) => (i < 5 ? 1e-300 : 1e300));
    expect(() =>
      buyAndHoldBacktest({
        calendar,
        holdings: [{ id: "A", weight: 1 }],
        prices: new Map([["A", { start: 0, closes }]]),
        benchmark: { symbol: "SPY", series: { start: 0, closes: calendar.map(() => 1) } },
        years: 1,
      }),
    ).toThrowError(expect.objectContaining({ code: "INVALID_INPUT" }));
  });
});
