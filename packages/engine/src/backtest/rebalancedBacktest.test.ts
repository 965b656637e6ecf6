import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { outcome } from "./_test/outcome.ts";
import { buyAndHoldBacktest } from "./buyAndHoldBacktest.ts";
import { rebalancedBacktest, type RebalanceRule } from "./rebalancedBacktest.ts";
import { tradingCalendar } from "./tradingCalendar.ts";
import { weeklyPriceTable } from "./weeklyPriceTable.ts";
import type { BacktestInput } from "./types.ts";
import { scenarioArb } from "./_test/scenario.ts";
import { oracleWeeklyPoints } from "./_test/oracle.ts";

/**
 * Independent constant-mix simulation with Date-based periods, for scenarios where every holding
 * trades at every point: at the close of the last point of each period (not the last point) the
 * value is reset to the target weights, paying c·Σ|w·V' − v| with V' solved by bisection.
 */
function constantMixOracle(
  input: BacktestInput & { calendar: number[] },
  frequency: "monthly" | "quarterly" | "annually",
  costBps: number,
) {
  const points = oracleWeeklyPoints(input.calendar, input.years ?? 5, input.calendar[input.calendar.length - 1]!);
  const total = input.holdings.reduce((a, h) => a + h.weight, 0);
  const w = input.holdings.map((h) => h.weight / total);
  const price = (h: number, k: number) => {
    const s = input.prices.get(input.holdings[h]!.id)!;
    return s.closes[points[k]! - s.start]!;
  };
  const key = (t: number) => {
    const d = new Date(t * 1000);
    return frequency === "annually"
      ? d.getUTCFullYear()
      : frequency === "quarterly"
        ? `${d.getUTCFullYear()}Q${Math.floor(d.getUTCMonth() / 3)}`
        : `${d.getUTCFullYear()}-${d.getUTCMonth()}`;
  };
  let shares = w.map((x, h) => x / price(h, 0));
  const navs: number[] = [];
  let count = 0;
  for (let k = 0; k < points.length; k++) {
    const values = shares.map((s, h) => s * price(h, k));
    let v = values.reduce((a, b) => a + b, 0);
    if (k < points.length - 1 && key(input.calendar[points[k]!]!) !== key(input.calendar[points[k + 1]!]!)) {
      const c = costBps / 10000;
      let lo = 0;
      let hi = v;
      for (let i = 0; i < 200; i++) {
        const mid = (lo + hi) / 2;
        const f = mid + c * values.reduce((a, x, h) => a + Math.abs(w[h]! * mid - x), 0) - v;
        if (f > 0) hi = mid;
        else lo = mid;
      }
      v = (lo + hi) / 2;
      shares = w.map((x, h) => (x * v) / price(h, k));
      count++;
    }
    navs.push(v);
  }
  return { nav: navs.map((x) => (10000 * x) / navs[0]!), count };
}

describe("rebalancedBacktest", () => {
  it("a rule that never fires is buyAndHoldBacktest, bit for bit (Map or table)", () => {
    const never = fc.constantFrom<RebalanceRule>({}, { bands: { absolute: 1 } }, { costBps: 25 });
    fc.assert(
      fc.property(scenarioArb({ maxHoldings: 6 }), never, fc.boolean(), ({ input }, rule, tabled) => {
        const calendar = tradingCalendar(input.calendar);
        const run = tabled ? { ...input, calendar, prices: weeklyPriceTable(calendar, input.prices) } : input;
        const expected = outcome(() => buyAndHoldBacktest(input));
        const got = outcome(() => rebalancedBacktest({ ...run, rebalance: rule }));
        if (typeof got === "object" && got !== null && "rebalancing" in got) {
          const { rebalancing, ...rest } = got as { rebalancing: { count: number; turnover: number; costs: number } };
          expect([rebalancing.count, rebalancing.turnover, rebalancing.costs]).toEqual([0, 0, 0]);
          expect(rest).toStrictEqual(expected);
        } else expect(got).toStrictEqual(expected);
      }),
      { seed: 15050, numRuns: 150 },
    );
  });

  it("calendar rebalancing matches an independent constant-mix simulation, with and without costs", () => {
    fc.assert(
      fc.property(
        scenarioArb({ maxHoldings: 5, irregular: false }),
        fc.constantFrom("monthly", "quarterly", "annually") as fc.Arbitrary<"monthly" | "quarterly" | "annually">,
        fc.constantFrom(0, 5, 50, 500),
        ({ input }, frequency, costBps) => {
          const result = rebalancedBacktest({ ...input, rebalance: { frequency, costBps } });
          const oracle = constantMixOracle(input, frequency, costBps);
          expect(result.rebalancing.count).toBe(oracle.count);
          result.timeSeries.forEach(([, v], k) => {
            const tol = 1e-9 * Math.max(v, oracle.nav[k]!);
            if (!(Math.abs(v - oracle.nav[k]!) <= tol)) expect.fail(`point ${k}: ${v} vs oracle ${oracle.nav[k]}`);
          });
          if (costBps === 0) expect(result.rebalancing.costs).toBe(0);
        },
      ),
      { seed: 15051, numRuns: 80 },
    );
  });

  it("costs only lower the NAV; turnover and costs are reported together; one holding never trades", () => {
    fc.assert(
      fc.property(scenarioArb({ maxHoldings: 5 }), fc.constantFrom(10, 100, 1000), ({ input }, costBps) => {
        const free = outcome(() =>
          rebalancedBacktest({ ...input, rebalance: { frequency: "monthly", bands: { relative: 0.1 } } }),
        );
        fc.pre(typeof free === "object" && free !== null && "rebalancing" in free);
        const paid = rebalancedBacktest({
          ...input,
          rebalance: { frequency: "monthly", bands: { relative: 0.1 }, costBps },
        });
        const f = free as typeof paid;
        expect(paid.timeSeries.at(-1)![1]).toBeLessThanOrEqual(f.timeSeries.at(-1)![1] * (1 + 1e-12));
        expect(paid.rebalancing.costs > 0).toBe(paid.rebalancing.turnover > 0);
        expect(paid.rebalancing.costs).toBeLessThanOrEqual(
          2 * (costBps / 10000) * paid.rebalancing.turnover * (1 + 1e-9),
        );
        const single = { ...input, holdings: [input.holdings[0]!] };
        const one = outcome(() => rebalancedBacktest({ ...single, rebalance: { frequency: "monthly", costBps } }));
        if (typeof one === "object" && one !== null && "rebalancing" in one) {
          const r = one as typeof paid;
          expect(r.rebalancing.turnover).toBe(0);
          expect(r.timeSeries).toStrictEqual((buyAndHoldBacktest(single) as typeof paid).timeSeries);
        }
      }),
      { seed: 15052, numRuns: 80 },
    );
  });

  it("drift bands fire only when a weight leaves its band", () => {
    fc.assert(
      fc.property(
        scenarioArb({ maxHoldings: 4, irregular: false }),
        fc.double({ min: 0.01, max: 0.3, noNaN: true }),
        ({ input }, band) => {
          const r = rebalancedBacktest({ ...input, rebalance: { bands: { absolute: band } } });
          const wide = rebalancedBacktest({ ...input, rebalance: { bands: { absolute: band * 2 } } });
          // A wider band cannot fire before a narrower one: the first rebalance of the wide band is not earlier.
          if (wide.rebalancing.count > 0) expect(r.rebalancing.count).toBeGreaterThan(0);
          if (wide.rebalancing.count > 0)
            expect(wide.rebalancing.dates[0]!).toBeGreaterThanOrEqual(r.rebalancing.dates[0]!);
          expect(r.rebalancing.dates).toEqual([...r.rebalancing.dates].sort((a, b) => a - b));
        },
      ),
      { seed: 15053, numRuns: 60 },
    );
  });

  it("rejects a bad rule naming the field", () => {
    const { input } = fc.sample(scenarioArb({ maxHoldings: 2, irregular: false }), { seed: 1, numRuns: 1 })[0]!;
    const fieldOf = (rebalance: unknown) =>
      (outcome(() => rebalancedBacktest({ ...input, rebalance } as never)) as { field?: string }).field;
    expect(fieldOf(null)).toBe("rebalance");
    expect(fieldOf({ frequency: "weekly" })).toBe("rebalance.frequency");
    expect(fieldOf({ bands: { absolute: 0 } })).toBe("rebalance.bands.absolute");
    expect(fieldOf({ bands: { relative: -1 } })).toBe("rebalance.bands.relative");
    expect(fieldOf({ bands: 3 })).toBe("rebalance.bands");
    expect(fieldOf({ costBps: 1001 })).toBe("rebalance.costBps");
    expect(fieldOf({ costBps: Number.NaN })).toBe("rebalance.costBps");
    // Unknown keys (docs/maths.md#strict-inputs): refused, not ignored.
    expect(fieldOf({ frequncy: "monthly" })).toBe("rebalance.frequncy");
    expect(fieldOf({ bands: { absolut: 0.05 } })).toBe("rebalance.bands.absolut");
    expect((outcome(() => rebalancedBacktest({ ...input, rebalance: {}, year: 2 } as never)) as Error).message).toMatch(
      /^input has no option year \(did you mean years\?\)/,
    );
  });
});
