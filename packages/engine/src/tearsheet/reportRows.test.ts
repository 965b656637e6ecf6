/**
 * Properties of the benchmark-relative and calendar rows of a quant report
 * (docs/maths.md#report-rows) and of tearSheet's `portfolio` / `benchmark` rows: closed forms,
 * bounds, the quantstats preset against the engine's, the joint-days option, and daily, weekly
 * and monthly points. numpy's values are in reportRows.oracle.test.ts.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { correlation } from "./correlation.ts";
import { beta } from "./beta.ts";
import { treynorRatio } from "./treynorRatio.ts";
import { smartSortinoRatio } from "./smartSortinoRatio.ts";
import { sortinoRatio } from "./sortinoRatio.ts";
import { trailingReturns } from "./trailingReturns.ts";
import { drawdownStatistics } from "./drawdownStatistics.ts";
import { drawdownTable } from "./drawdownTable.ts";
import { quarterlyReturns, monthlyReturns, annualReturns } from "./periodReturns.ts";
import { tearSheet } from "./tearSheet.ts";
import { rollingSharpe } from "./rollingSharpe.ts";
import { rollingSortino } from "./rollingSortino.ts";
import { autocorrelationPenalty } from "../stats/autocorrelationPenalty.ts";
import { averageWinLoss } from "../stats/averageWinLoss.ts";
import { simpleReturns } from "../stats/simpleReturns.ts";
import { expectClose } from "../stats/_test/helpers.ts";

const DAY = 86400;
const returnArb = fc.oneof(
  fc.double({ min: -0.1, max: 0.1, noNaN: true }).filter((x) => Math.abs(x) > 1e-9),
  fc.constant(0),
);
const pairArb = fc
  .integer({ min: 3, max: 80 })
  .chain((n) =>
    fc.tuple(fc.array(returnArb, { minLength: n, maxLength: n }), fc.array(returnArb, { minLength: n, maxLength: n })),
  );
/** A NAV on points `step` days apart from 2020-01-06 (a Monday). */
const pointsArb = (step: number) =>
  fc.array(fc.double({ min: -0.08, max: 0.08, noNaN: true }), { minLength: 3, maxLength: 200 }).map((r) => {
    const out: Array<[number, number]> = [[1578268800, 100]];
    r.forEach((x, i) => out.push([1578268800 + (i + 1) * step * DAY, out[i]![1] * (1 + x)]));
    return out;
  });

describe("correlation and R²", () => {
  it("is in [-1, 1], symmetric, 1 against a positive multiple, and ρ² equals β_rb · β_br", () => {
    expect(correlation([-0.09999999982679482, -0.09999999982679474, -0.0999999996535897], [1e-9, -1e-9, 0])).toBe(0);
    fc.assert(
      fc.property(pairArb, ([r, b]) => {
        const rho = correlation(r, b);
        expect(Math.abs(rho)).toBeLessThanOrEqual(1);
        expectClose(correlation(b, r), rho, 1e-12, 1e-15);
        if (rho !== 0) expectClose(rho * rho, beta(r, b) * beta(b, r), 1e-9, 1e-12);
        // A series constant to EPS (relative) has no correlation (0); otherwise it is 1 with a positive multiple of itself.
        if (correlation(r, r) !== 0)
          expectClose(
            correlation(
              r,
              r.map((x) => 3 * x),
            ),
            1,
            1e-12,
          );
      }),
    );
  });
});

describe("treynorRatio", () => {
  it("is p (r̄ - r_f) / β (engine) and (Π(1 + r) - 1 - rf) / β (quantstats), 0 for a constant benchmark", () => {
    fc.assert(
      fc.property(pairArb, fc.constantFrom(0, 0.03), ([r, b], rf) => {
        const bt = beta(r, b);
        const o = { riskFreeRate: rf, periodsPerYear: 52 };
        if (bt === 0) {
          expect(treynorRatio(r, b, o)).toBe(0);
          return;
        }
        const mean = r.reduce((a, x) => a + x, 0) / r.length;
        expectClose(treynorRatio(r, b, o) * bt, 52 * (mean - ((1 + rf) ** (1 / 52) - 1)), 1e-9, 1e-12);
        const total = r.reduce((a, x) => a * (1 + x), 1) - 1;
        // β can be tiny: compare the numerators, TR · β.
        expectClose(treynorRatio(r, b, { ...o, convention: "quantstats" }) * bt, total - rf, 1e-9, 1e-12);
      }),
    );
    expect(treynorRatio([0.01, 0.02, 0.03], [0.01, 0.01, 0.01])).toBe(0);
  });
});

describe("smartSortinoRatio", () => {
  it("is the Sortino ratio over the autocorrelation penalty", () => {
    fc.assert(
      fc.property(pairArb, ([r]) => {
        expectClose(
          smartSortinoRatio(r, { periodsPerYear: 52 }),
          sortinoRatio(r, { periodsPerYear: 52 }) / autocorrelationPenalty(r),
          1e-12,
          1e-15,
        );
      }),
    );
  });
});

describe("trailingReturns", () => {
  it.each([1, 7, 30])(
    "on points %i days apart: windows compound to the total, month and year to date agree across presets",
    (step) => {
      fc.assert(
        fc.property(pointsArb(step), (points) => {
          const engine = trailingReturns(points, { periodsPerYear: 365 / step });
          const qs = trailingReturns(points, { periodsPerYear: 365 / step, convention: "quantstats" });
          expect(qs.monthToDate).toBe(engine.monthToDate);
          expect(qs.yearToDate).toBe(engine.yearToDate);
          // A window reaching before the first point: null in the engine, the whole series in quantstats.
          const total = points[points.length - 1]![1] / points[0]![1] - 1;
          const span = (points[points.length - 1]![0] - points[0]![0]) / DAY;
          if (span < 85) {
            expect(engine.threeMonths).toBeNull();
            expectClose(qs.threeMonths!, total, 1e-9, 1e-12);
          }
          expect(engine.tenYears).toBeNull();
          // The month to date is the last calendar month's return (monthlyReturns) when it starts inside the series.
          const months = monthlyReturns(points);
          expectClose(engine.monthToDate, months[months.length - 1]!.return, 1e-12, 1e-15);
          const years = annualReturns(points);
          expectClose(engine.yearToDate, years[years.length - 1]!.return, 1e-12, 1e-15);
        }),
        { numRuns: 60 },
      );
    },
  );
  it("3M and 1Y go back calendar months from the last point (the day clamped), engine from the point at or before", () => {
    const jan31 = Date.UTC(2023, 0, 31) / 1000;
    const points: Array<[number, number]> = [];
    for (let d = 0; d <= 400; d++) points.push([jan31 - 365 * DAY + d * DAY, 100 + d]);
    const T = points[points.length - 1]![0]; // 2023-03-07
    const back3 = Date.UTC(2022, 11, 7) / 1000;
    const base = points.find(([t]) => t === back3)!;
    expectClose(trailingReturns(points).threeMonths!, points[points.length - 1]![1] / base[1] - 1, 1e-12);
    // quantstats compounds the returns dated on or after that day: one period more.
    const prev = points[points.indexOf(base) - 1]!;
    expectClose(
      trailingReturns(points, { convention: "quantstats" }).threeMonths!,
      points[points.length - 1]![1] / prev[1] - 1,
      1e-12,
    );
    expect(T).toBeGreaterThan(back3);
  });
});

describe("drawdownStatistics", () => {
  it("matches drawdownTable: the deepest depth and dates, the longest and mean days, quantstats' spans inside the engine's", () => {
    fc.assert(
      fc.property(pointsArb(7), (points) => {
        const v = points.map(([, x]) => x);
        const episodes = drawdownTable(v);
        const s = drawdownStatistics(points);
        const q = drawdownStatistics(points, { convention: "quantstats" });
        expect(s.episodes).toBe(episodes.length);
        expect(q.episodes).toBe(episodes.length);
        if (episodes.length === 0) {
          expect([s.maxDrawdown, s.maxDrawdownStart, q.longestDrawdownDays]).toEqual([0, null, 0]);
          return;
        }
        expect(s.maxDrawdown).toBe(episodes[0]!.depth);
        expect(s.maxDrawdownStart).toBe(points[episodes[0]!.start]![0]);
        expect(q.maxDrawdownStart).toBe(points[episodes[0]!.start + 1]![0]);
        expect(q.maxDrawdownTrough).toBe(s.maxDrawdownTrough);
        expect(s.longestDrawdownDays).toBeGreaterThanOrEqual(s.averageDrawdownDays - 1e-9);
        expect(q.longestDrawdownDays).toBeLessThanOrEqual(s.longestDrawdownDays - 6); // weekly: from the peak vs from the first point below it
        expect(Number.isInteger(q.averageDrawdownDays)).toBe(true);
        expect(s.averageDrawdown).toBeLessThanOrEqual(0);
        expect(s.averageDrawdown).toBeGreaterThanOrEqual(s.maxDrawdown);
      }),
      { numRuns: 60 },
    );
  });
});

describe("quarterlyReturns", () => {
  it("compound to the annual returns", () => {
    fc.assert(
      fc.property(pointsArb(7), (points) => {
        const byYear = new Map<number, number>();
        for (const q of quarterlyReturns(points)) byYear.set(q.year, (byYear.get(q.year) ?? 1) * (1 + q.return));
        for (const y of annualReturns(points)) expectClose(byYear.get(y.year)! - 1, y.return, 1e-9, 1e-12);
      }),
      { numRuns: 40 },
    );
  });
});

describe("tearSheet report rows", () => {
  const series = (step: number, seed: number) => {
    let x = seed;
    const rand = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648 - 0.5;
    const p: Array<[number, number]> = [[1578268800, 100]];
    const b: Array<[number, number]> = [[1578268800, 100]];
    for (let i = 1; i < 400; i++) {
      const m = rand() * 0.04;
      const z = i % 5 === 0 ? 0 : m * 0.8 + rand() * 0.02;
      b.push([1578268800 + i * step * DAY, b[i - 1]![1] * (1 + m)]);
      p.push([1578268800 + i * step * DAY, p[i - 1]![1] * (1 + z)]);
    }
    return { timeSeries: p, benchmarkTimeSeries: b };
  };
  it.each([
    [1, 252],
    [7, 52],
    [30, 12],
  ])("on points %i days apart: finite rows, the benchmark's rows are its own sheet's portfolio rows", (step, p) => {
    const input = series(step, 7);
    for (const convention of ["engine", "empyrical", "quantstats"] as const) {
      const sheet = tearSheet(input, { periodsPerYear: p, convention, riskFreeRate: 0.03 });
      const swapped = tearSheet(
        { timeSeries: input.benchmarkTimeSeries, benchmarkTimeSeries: input.timeSeries },
        { periodsPerYear: p, convention, riskFreeRate: 0.03 },
      );
      expect(swapped.portfolio).toEqual(sheet.benchmark);
      for (const [k, x] of Object.entries(sheet.portfolio))
        if (typeof x === "number") expect(Number.isFinite(x), k).toBe(true);
      expect(sheet.rSquared).toBeCloseTo(sheet.correlation ** 2, 15);
      expect(sheet.start).toBe(input.timeSeries[0]![0]);
    }
  });
  it("jointDays: the averages, payoff, Kelly and CPC use the periods where both series qualify; the rest is unchanged", () => {
    const input = series(1, 11);
    const plain = tearSheet(input, { periodsPerYear: 252 });
    const joint = tearSheet(input, { periodsPerYear: 252, jointDays: true });
    const r = simpleReturns(input.timeSeries.map(([, v]) => v));
    const b = simpleReturns(input.benchmarkTimeSeries.map(([, v]) => v));
    const a = averageWinLoss(r, { jointWith: b });
    expect([joint.portfolio.averageWin, joint.portfolio.averageLoss, joint.portfolio.averageReturn]).toEqual([
      a.win,
      a.loss,
      a.return,
    ]);
    expectClose(joint.portfolio.payoffRatio, a.win / -a.loss, 1e-12);
    expect(joint.portfolio.kellyCriterion).not.toBe(plain.portfolio.kellyCriterion);
    const same = (s: typeof plain.portfolio) => ({
      ...s,
      averageReturn: 0,
      averageWin: 0,
      averageLoss: 0,
      payoffRatio: 0,
      kellyCriterion: 0,
      cpcIndex: 0,
      averageUpMonth: 0,
      averageDownMonth: 0,
    });
    expect(same(joint.portfolio)).toEqual(same(plain.portfolio));
  });
  it("quantstats 0.0.81 de-annualises the rate over the rolling window in the rolling Sharpe and Sortino ratios", () => {
    const input = series(1, 5);
    const r = simpleReturns(input.timeSeries.map(([, v]) => v));
    const sheet = tearSheet(input, {
      periodsPerYear: 252,
      riskFreeRate: 0.05,
      rollingWindow: 126,
      convention: "quantstats",
      quantstatsVersion: "0.0.81",
    });
    const perWindow = Math.expm1(Math.log1p(0.05) / 126);
    const shifted = rollingSharpe(
      r.map((x) => x - perWindow + Math.expm1(Math.log1p(0.05) / 252)),
      126,
      { periodsPerYear: 252, riskFreeRate: 0.05 },
    );
    sheet.rollingSharpe.forEach(([, x], i) => expectClose(x, shifted[i]!, 1e-9, 1e-12));
    const current = tearSheet(input, {
      periodsPerYear: 252,
      riskFreeRate: 0.05,
      rollingWindow: 126,
      convention: "quantstats",
    });
    expect(current.rollingSortino.map(([, x]) => x)).toEqual(
      Array.from(rollingSortino(r, 126, { periodsPerYear: 252, riskFreeRate: 0.05 })),
    );
    expect(sheet.rollingSortino[0]![1]).toBeLessThan(current.rollingSortino[0]![1]);
  });
  it("rejects a confidence outside (0, 1), a non-boolean jointDays and a release without the quantstats convention", () => {
    const input = series(7, 3);
    expect(() => tearSheet(input, { confidence: 1 })).toThrowError(/confidence/);
    expect(() => tearSheet(input, { jointDays: "yes" as never })).toThrowError(/jointDays must be a boolean/);
    expect(() => tearSheet(input, { quantstatsVersion: "0.0.81" })).toThrowError(
      /quantstatsVersion applies to convention "quantstats" only/,
    );
  });
});
