import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  assetReturns,
  hierarchicalRiskParity,
  ledoitWolfCovariance,
  minimumCvar,
  minimumVariance,
  tearSheet,
  walkForward,
  type AssetReturns,
  type PortfolioResult,
} from "@thematic/engine";

/**
 * The walk-forward against the same evaluation written by hand as a user would write it, with the
 * engine's optimizers as the methods (labelled `PortfolioResult`s, one of them async and solved by
 * HiGHS), a calendar schedule on weekly dates, a benchmark given as returns, costs and a turnover
 * limit (docs/maths.md#walk-forward-evaluation). The loop below decides the month or quarter ends
 * from the dates, builds each window with `assetReturns`, reads the result's `weights` by id,
 * solves the post-trade value by bisection, drifts the holdings, and hands the NAV to `tearSheet`.
 */

type Method = (window: AssetReturns) => PortfolioResult | Promise<PortfolioResult>;

const METHODS: Record<string, Method> = {
  "minimum variance (Ledoit–Wolf)": (w) => minimumVariance(ledoitWolfCovariance(w), { maxWeight: 0.45 }),
  "minimum CVaR (HiGHS)": (w) => minimumCvar(w, { confidence: 0.9, maxWeight: 0.5 }),
  "hierarchical risk parity": (w) => hierarchicalRiskParity(ledoitWolfCovariance(w)),
};

/** Fridays (Unix seconds, UTC) of T consecutive weeks from Friday 2021-01-08. */
const fridays = (T: number): number[] =>
  Array.from({ length: T }, (_, t) => Date.UTC(2021, 0, 8) / 1000 + t * 7 * 86400);

/** Seeded weekly returns of a one-factor model: T rows of n assets, and a benchmark. */
function makeRows(seed: number, T: number, n: number): { rows: number[][]; bench: number[] } {
  let s = seed >>> 0;
  const u = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296 - 0.5;
  const rows: number[][] = [];
  const bench: number[] = [];
  for (let t = 0; t < T; t++) {
    const market = 0.05 * u();
    rows.push(Array.from({ length: n }, (_, i) => 0.001 * i + (0.6 + 0.2 * i) * market + 0.06 * u()));
    bench.push(0.8 * market + 0.01 * u());
  }
  return { rows, bench };
}

/** `[year·12 + month]` of a Unix second, UTC, divided into months or quarters. */
const bucket = (seconds: number, months: number) => {
  const d = new Date(seconds * 1000);
  return Math.floor((d.getUTCFullYear() * 12 + d.getUTCMonth()) / months);
};

interface Config {
  L: number;
  kind: "trailing" | "expanding";
  calendar: "monthly" | "quarterly";
  costBps: number;
  limit: number;
}

async function handRolled(rows: number[][], dates: number[], bench: number[], method: Method, c: Config) {
  const n = rows[0]!.length;
  const assets = Array.from({ length: n }, (_, i) => `A${i}`);
  const T = rows.length;
  const months = c.calendar === "monthly" ? 1 : 3;
  let held = new Array<number>(n).fill(0);
  let cash = 1;
  const nav = [10000];
  const rebalances: { period: number; windowEnd: number; weights: number[]; turnover: number; cost: number }[] = [];
  for (let t = c.L - 1; t <= T - 2; t++) {
    const V = held.reduce((a, b) => a + b, cash);
    if (t === c.L - 1 || bucket(dates[t]!, months) !== bucket(dates[t + 1]!, months)) {
      const from = c.kind === "trailing" ? t - c.L + 1 : 0;
      const window = assetReturns(rows.slice(from, t + 1), {
        assets,
        frequency: "weekly",
        dates: dates.slice(from, t + 1),
      });
      const result = await method(window);
      const target = assets.map((id) => result.weights.find((x) => x.id === id)?.weight ?? 0);
      const x = held.map((h) => h / V);
      const turn = (w: number[]) =>
        (w.reduce((a, wi, i) => a + Math.abs(wi - x[i]!), 0) +
          Math.abs(x.reduce((a, b) => a + b, 0) - w.reduce((a, b) => a + b, 0))) /
        2;
      const lambda = rebalances.length > 0 && turn(target) > c.limit ? c.limit / turn(target) : 1;
      const w = lambda === 1 ? target : target.map((wi, i) => x[i]! + lambda * (wi - x[i]!));
      const cost = c.costBps / 10000;
      let lo = 0;
      let hi = V;
      for (let k = 0; k < 200; k++) {
        const mid = (lo + hi) / 2;
        if (mid < V - cost * w.reduce((a, wi, i) => a + Math.abs(wi * mid - held[i]!), 0)) lo = mid;
        else hi = mid;
      }
      const after = cost === 0 ? V : (lo + hi) / 2;
      held = w.map((wi) => wi * after);
      cash = after - held.reduce((a, b) => a + b, 0);
      rebalances.push({
        period: t,
        windowEnd: window.dates!.at(-1)!,
        weights: w,
        turnover: turn(w),
        cost: (V - after) / V,
      });
    }
    held = held.map((h, i) => h * (1 + rows[t + 1]![i]!));
    nav.push(10000 * held.reduce((a, b) => a + b, cash));
  }
  const stamps = nav.map((_, j) => dates[c.L - 1 + j]!);
  const timeSeries = nav.map((v, j) => [stamps[j]!, v] as [number, number]);
  let b = 10000;
  const benchmarkTimeSeries = stamps.map(
    (s, j) => [s, j === 0 ? b : (b *= 1 + bench[c.L - 1 + j]!)] as [number, number],
  );
  return { nav, rebalances, stamps, sheet: tearSheet({ timeSeries, benchmarkTimeSeries }, { periodsPerYear: 52 }) };
}

const close = (a: number, b: number, tol: number) => Math.abs(a - b) <= tol * Math.max(1, Math.abs(a), Math.abs(b));

describe("walkForward with the engine's optimizers equals a hand-rolled loop", () => {
  for (const [name, method] of Object.entries(METHODS)) {
    it(`${name}: calendar schedule on weekly dates, given benchmark, costs and turnover limit`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 1, max: 2 ** 31 - 1 }),
          fc.record({
            L: fc.integer({ min: 20, max: 40 }),
            kind: fc.constantFrom("trailing" as const, "expanding" as const),
            calendar: fc.constantFrom("monthly" as const, "quarterly" as const),
            costBps: fc.constantFrom(0, 10, 50),
            limit: fc.constantFrom(Infinity, 0.3, 0.05),
          }),
          async (seed, c) => {
            const { rows, bench } = makeRows(seed, 90, 5);
            const dates = fridays(rows.length);
            const assets = rows[0]!.map((_, i) => `A${i}`);
            const data = assetReturns(rows, { assets, frequency: "weekly", dates });
            const got = await walkForward(data, method, {
              window: { kind: c.kind, periods: c.L },
              rebalance: { calendar: c.calendar },
              costBps: c.costBps,
              benchmark: bench,
              ...(c.limit === Infinity ? {} : { turnoverLimit: c.limit }),
            });
            const want = await handRolled(rows, dates, bench, method, c);

            expect(got.dates).toEqual(want.stamps);
            expect(got.nav.length).toBe(want.nav.length);
            want.nav.forEach((v, j) =>
              expect(close(got.nav[j]!, v, 1e-10), `nav[${j}] ${got.nav[j]} vs ${v}`).toBe(true),
            );
            expect(got.rebalances.map((r) => r.period)).toEqual(want.rebalances.map((r) => r.period));
            want.rebalances.forEach((r, k) => {
              const g = got.rebalances[k]!;
              expect(g.date).toBe(r.windowEnd); // the window ends at the decision date: nothing after it was seen
              r.weights.forEach((w, i) => expect(close(g.weights[i]!, w, 1e-12), `weights[${k}][${i}]`).toBe(true));
              expect(close(g.turnover, r.turnover, 1e-9)).toBe(true);
              expect(close(g.cost, r.cost, 1e-9)).toBe(true);
            });
            expect(close(got.tearSheet.portfolio.sharpeRatio, want.sheet.portfolio.sharpeRatio, 1e-8)).toBe(true);
            expect(close(got.tearSheet.beta, want.sheet.beta, 1e-8)).toBe(true);
            expect(
              close(got.tearSheet.portfolio.drawdown.maxDrawdown, want.sheet.portfolio.drawdown.maxDrawdown, 1e-8),
            ).toBe(true);
          },
        ),
        { numRuns: 12, seed: 20261128 },
      );
    });
  }
});
