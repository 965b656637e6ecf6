import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assetReturns, type AssetReturns } from "../data/assetReturns.ts";
import { isEngineError } from "../errors/EngineError.ts";
import { weightVector, type WeightsInput } from "../portfolio/weightVector.ts";
import { rebalancedBacktest } from "../backtest/rebalancedBacktest.ts";
import { tearSheet } from "../tearsheet/tearSheet.ts";
import { walkForward } from "./walkForward.ts";
import type { WalkForwardOptions } from "./types.ts";
import { equalWeight, fridays, inverseVariance, monthEnds } from "./_test/estimators.ts";

const rowsArb = (minT: number, maxT: number) =>
  fc.record({ T: fc.integer({ min: minT, max: maxT }), n: fc.integer({ min: 1, max: 5 }) }).chain(({ T, n }) =>
    fc.array(fc.array(fc.double({ min: -0.15, max: 0.15, noNaN: true }), { minLength: n, maxLength: n }), {
      minLength: T,
      maxLength: T,
    }),
  );
const assetsOf = (n: number) => Array.from({ length: n }, (_, i) => `S${i}`);

/**
 * The walk-forward written out as a plain loop over the engine's own calls: `assetReturns` builds
 * each window, `weightVector` reads the estimator's labelled weights, the post-trade value is found
 * by bisection on `V' = V − c Σ|w V' − v|`, and `tearSheet` reads the NAV.
 */
async function handRolled(
  rows: number[][],
  dates: number[],
  estimator: (w: AssetReturns) => WeightsInput,
  L: number,
  kind: "trailing" | "expanding",
  every: number,
  costBps: number,
  limit: number,
) {
  const assets = assetsOf(rows[0]!.length);
  const T = rows.length;
  let held = assets.map(() => 0);
  let cash = 1;
  const nav = [10000];
  const rebalances: { weights: number[]; turnover: number; cost: number }[] = [];
  for (let t = L - 1; t <= T - 2; t++) {
    const V = held.reduce((a, b) => a + b, cash);
    if ((t - (L - 1)) % every === 0) {
      const from = kind === "trailing" ? t - L + 1 : 0;
      const window = assetReturns(rows.slice(from, t + 1), {
        assets,
        frequency: "monthly",
        dates: dates.slice(from, t + 1),
      });
      const target = Array.from(weightVector("w", estimator(window), assets));
      const x = held.map((h) => h / V);
      const turn = (w: number[]) =>
        (w.reduce((a, wi, i) => a + Math.abs(wi - x[i]!), 0) +
          Math.abs(x.reduce((a, b) => a + b, 0) - w.reduce((a, b) => a + b, 0))) /
        2;
      const lambda = rebalances.length > 0 && turn(target) > limit ? limit / turn(target) : 1;
      const w = lambda === 1 ? target : target.map((wi, i) => x[i]! + lambda * (wi - x[i]!));
      const c = costBps / 10000;
      let lo = 0;
      let hi = V;
      for (let k = 0; k < 200; k++) {
        const mid = (lo + hi) / 2;
        if (mid < V - c * w.reduce((a, wi, i) => a + Math.abs(wi * mid - held[i]!), 0)) lo = mid;
        else hi = mid;
      }
      const after = c === 0 ? V : (lo + hi) / 2;
      held = w.map((wi) => wi * after);
      cash = after - held.reduce((a, b) => a + b, 0);
      rebalances.push({ weights: w, turnover: turn(w), cost: (V - after) / V });
    }
    held = held.map((h, i) => h * (1 + rows[t + 1]![i]!));
    nav.push(10000 * held.reduce((a, b) => a + b, cash));
  }
  const timeSeries = nav.map((v, j) => [dates[L - 1 + j]!, v] as [number, number]);
  let b = 10000;
  const benchmarkTimeSeries = nav.map(
    (_, j) =>
      [dates[L - 1 + j]!, j === 0 ? b : (b *= 1 + rows[L - 1 + j]!.reduce((a, r) => a + r, 0) / assets.length)] as [
        number,
        number,
      ],
  );
  return { nav, rebalances, sheet: tearSheet({ timeSeries, benchmarkTimeSeries }, { periodsPerYear: 12 }) };
}

const close = (a: number, b: number, tol = 1e-10) => Math.abs(a - b) <= tol * Math.max(1, Math.abs(a), Math.abs(b));

describe("walkForward", () => {
  it("equals a hand-rolled loop of the engine's own calls (windows, schedule, costs, turnover limit, tear sheet)", async () => {
    await fc.assert(
      fc.asyncProperty(
        rowsArb(8, 40),
        fc.record({
          L: fc.integer({ min: 1, max: 6 }),
          kind: fc.constantFrom("trailing" as const, "expanding" as const),
          every: fc.integer({ min: 1, max: 4 }),
          costBps: fc.constantFrom(0, 5, 25, 200),
          limit: fc.constantFrom(Infinity, 0.5, 0.1, 0.01),
          iv: fc.boolean(),
        }),
        async (rows, { L, kind, every, costBps, limit, iv }) => {
          const assets = assetsOf(rows[0]!.length);
          const dates = monthEnds(rows.length);
          const estimator = iv
            ? inverseVariance
            : (w: AssetReturns) => Object.fromEntries(Array.from(equalWeight(w), (v, i) => [assets[i]!, v]));
          const data = assetReturns(rows, { assets, frequency: "monthly", dates });
          const got = await walkForward(data, estimator, {
            window: { kind, periods: L },
            rebalance: { every },
            costBps,
            ...(limit === Infinity ? {} : { turnoverLimit: limit }),
          });
          const want = await handRolled(rows, dates, estimator, L, kind, every, costBps, limit);
          expect(got.nav.length).toBe(want.nav.length);
          want.nav.forEach((v, j) => expect(close(got.nav[j]!, v), `nav[${j}] ${got.nav[j]} vs ${v}`).toBe(true));
          expect(got.rebalances.length).toBe(want.rebalances.length);
          want.rebalances.forEach((r, k) => {
            r.weights.forEach((w, i) => expect(close(got.rebalances[k]!.weights[i]!, w, 1e-12)).toBe(true));
            expect(close(got.rebalances[k]!.turnover, r.turnover, 1e-9)).toBe(true);
            expect(close(got.rebalances[k]!.cost, r.cost, 1e-9)).toBe(true);
          });
          expect(
            close(got.tearSheet.sortinoRatio, want.sheet.sortinoRatio, 1e-8) ||
              (!Number.isFinite(want.sheet.sortinoRatio) && got.tearSheet.sortinoRatio === want.sheet.sortinoRatio),
          ).toBe(true);
          expect(close(got.tearSheet.beta, want.sheet.beta, 1e-8)).toBe(true);
          expect(close(got.tearSheet.drawdowns[0]?.depth ?? 0, want.sheet.drawdowns[0]?.depth ?? 0, 1e-8)).toBe(true);
        },
      ),
      { numRuns: 60, seed: 20261128 },
    );
  });

  it("with a constant estimator and no costs equals the engine's monthly rebalanced backtest", async () => {
    await fc.assert(
      fc.asyncProperty(rowsArb(20, 60), async (rows) => {
        const n = rows[0]!.length;
        const assets = assetsOf(n);
        const weights = Array.from({ length: n }, (_, i) => (i + 1) / ((n * (n + 1)) / 2));
        // Daily closes, Monday to Friday, constant within a week and moved by the week's return on its Friday.
        const W = rows.length;
        const fri = fridays(W);
        const days = fri.flatMap((f) => [4, 3, 2, 1, 0].map((d) => f - d * 86400));
        const level = assets.map(() => 100);
        const closes = assets.map(() => [] as number[]);
        for (let k = 0; k < W; k++) {
          for (let i = 0; i < n; i++) {
            if (k > 0) level[i] = level[i]! * (1 + rows[k]![i]!);
            for (let d = 0; d < 5; d++)
              closes[i]!.push(k > 0 && d < 4 ? (closes[i]![closes[i]!.length - 1] ?? 100) : level[i]!);
          }
        }
        // Recompute the returns the backtest sees (Friday to Friday closes).
        const fridayClose = (i: number, k: number) => closes[i]![5 * k + 4]!;
        const weekly = Array.from({ length: W }, (_, k) =>
          assets.map((_, i) => (k === 0 ? 0 : fridayClose(i, k) / fridayClose(i, k - 1) - 1)),
        );
        const prices = new Map(assets.map((id, i) => [id, { start: 0, closes: closes[i]! }]));
        const bt = rebalancedBacktest({
          calendar: days,
          holdings: assets.map((id, i) => ({ id, weight: weights[i]! })),
          prices,
          benchmark: { symbol: "B", series: prices.get("S0")! },
          years: 5,
          rebalance: { frequency: "monthly" },
        });
        const stamps = bt.timeSeries.map(([t]) => t);
        const k0 = fri.indexOf(stamps[0]!);
        const data = assetReturns(weekly.slice(k0), { assets, frequency: "weekly", dates: fri.slice(k0) });
        const wf = await walkForward(data, () => weights, {
          window: { kind: "trailing", periods: 1 },
          rebalance: { calendar: "monthly" },
        });
        expect(Array.from(wf.dates!)).toEqual(stamps);
        bt.timeSeries.forEach(([, v], k) =>
          expect(close(wf.nav[k]!, v, 1e-9), `point ${k}: ${wf.nav[k]} vs ${v}`).toBe(true),
        );
        expect(wf.rebalances.length - 1).toBe(bt.rebalancing.count - (bt.rebalancing.dates[0] === stamps[0] ? 1 : 0));
      }),
      { numRuns: 30, seed: 7 },
    );
  });

  it("costs never raise the NAV, and the turnover limit holds at every rebalance after the first", async () => {
    await fc.assert(
      fc.asyncProperty(
        rowsArb(6, 40),
        fc.integer({ min: 1, max: 4 }),
        fc.double({ min: 0.001, max: 0.8, noNaN: true }),
        fc.integer({ min: 1, max: 1000 }),
        async (rows, L, limit, costBps) => {
          const assets = assetsOf(rows[0]!.length);
          const data = assetReturns(rows, { assets, frequency: "weekly" });
          const options: WalkForwardOptions = {
            window: { kind: "expanding", periods: Math.min(L, rows.length - 2) },
            turnoverLimit: limit,
          };
          const free = await walkForward(data, inverseVariance, options);
          const paid = await walkForward(data, inverseVariance, { ...options, costBps });
          free.nav.forEach((v, j) => expect(paid.nav[j]!).toBeLessThanOrEqual(v));
          for (const run of [free, paid])
            for (const r of run.rebalances.slice(1)) expect(r.turnover).toBeLessThanOrEqual(limit);
          expect(paid.costsPaid).toBeGreaterThanOrEqual(0);
          expect(free.costsPaid).toBe(0);
        },
      ),
      { numRuns: 60, seed: 11 },
    );
  });

  it("shows the estimator only the window that ends at the decision time", async () => {
    const rows = Array.from({ length: 12 }, (_, t) => [0.01 * t, -0.005 * t]);
    const dates = monthEnds(12);
    const data = assetReturns(rows, { assets: ["A", "B"], frequency: "monthly", dates });
    const seen: Array<[number, number, number, number | undefined]> = [];
    const spy = (w: AssetReturns, c: { period: number; date: number | undefined }) => {
      seen.push([c.period, w.periods, w.dates![w.periods - 1]!, c.date]);
      return [0.5, 0.5];
    };
    await walkForward(data, spy, { window: { kind: "trailing", periods: 3 }, rebalance: { calendar: "quarterly" } });
    expect(seen.map(([t]) => t)).toEqual([2, 5, 8]); // the first window's end, then each quarter's last month (not the last period)
    for (const [t, periods, last, date] of seen) {
      expect(periods).toBe(3);
      expect(last).toBe(dates[t]);
      expect(date).toBe(dates[t]);
    }
    seen.length = 0;
    await walkForward(data, spy, { window: { kind: "expanding", periods: 4 }, rebalance: { every: 3 } });
    expect(seen.map(([t, periods]) => [t, periods])).toEqual([
      [3, 4],
      [6, 7],
      [9, 10],
    ]);
  });

  it("refuses bad options naming the field", async () => {
    const data = assetReturns([[0.01], [0.02], [0.03], [0.0]], { assets: ["A"], frequency: "monthly" });
    const field = async (options: unknown) => {
      try {
        await walkForward(data, () => [1], options as WalkForwardOptions);
      } catch (e) {
        if (isEngineError(e)) return e.field;
        throw e;
      }
      return "none";
    };
    expect(await field({ window: { kind: "rolling", periods: 2 } })).toBe("options.window.kind");
    expect(await field({ window: { kind: "trailing", periods: 3 } })).toBe("options.window.periods");
    expect(await field({ window: { kind: "trailing", periods: 2 }, rebalance: { calendar: "monthly" } })).toBe(
      "options.rebalance.calendar",
    );
    expect(
      await field({ window: { kind: "trailing", periods: 2 }, rebalance: { every: 1, calendar: "monthly" } }),
    ).toBe("options.rebalance");
    expect(await field({ window: { kind: "trailing", periods: 2 }, turnoverLimit: 0 })).toBe("options.turnoverLimit");
    expect(await field({ window: { kind: "trailing", periods: 2 }, benchmark: "Z" })).toBe("options.benchmark");
    expect(await field({ window: { kind: "trailing", periods: 2 }, tearSheet: { rollingWindow: 1 } })).toBe(
      "options.tearSheet.rollingWindow",
    );
    expect(await field({})).toBe("options.window");
  });
});
