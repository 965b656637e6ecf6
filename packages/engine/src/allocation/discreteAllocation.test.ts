import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isEngineError } from "../errors/EngineError.ts";
import { covariance } from "../data/covariance.ts";
import { expectedReturns } from "../data/expectedReturns.ts";
import { seededRandom } from "../testing/index.ts";
import type { WeightsInput } from "../portfolio/weightVector.ts";
import { discreteAllocation } from "./discreteAllocation.ts";
import oracle from "./_test/oracle_discreteAllocation.json" with { type: "json" };

interface OracleCase {
  name: string;
  weights: number[];
  prices: number[];
  cash: number;
  trackingError: number;
  shares: number[];
  roundDownTrackingError: number;
}
const cases = (oracle as { cases: OracleCase[] }).cases;

const l1 = (w: number[], p: number[], C: number, x: number[]) =>
  w.reduce((s, wi, i) => s + Math.abs(wi - (x[i]! * p[i]!) / C), 0);

/** Best L1 tracking error over every affordable share vector (tiny problems only). */
function bruteForce(w: number[], p: number[], C: number): number {
  let best = Infinity;
  const x = new Array<number>(w.length).fill(0);
  const visit = (i: number, spent: number) => {
    if (i === w.length) {
      best = Math.min(best, l1(w, p, C, x));
      return;
    }
    for (let k = 0; spent + k * p[i]! <= C; k++) {
      x[i] = k;
      visit(i + 1, spent + k * p[i]!);
    }
    x[i] = 0;
  };
  visit(0, 0);
  return best;
}

const problemArb = (maxN: number, maxCashOverPrice: number) =>
  fc.integer({ min: 1, max: maxN }).chain((n) =>
    fc
      .tuple(
        fc.array(fc.integer({ min: 0, max: 100 }), { minLength: n, maxLength: n }).filter((a) => a.some((x) => x > 0)),
        fc.array(fc.double({ min: 1, max: 100, noNaN: true }), { minLength: n, maxLength: n }),
        fc.double({ min: 1, max: maxCashOverPrice, noNaN: true }),
      )
      .map(([raw, prices, k]) => {
        const total = raw.reduce((a, b) => a + b, 0);
        return { weights: raw.map((x) => x / total), prices, cash: k * Math.min(...prices) };
      }),
  );

describe("discreteAllocation: oracle (scipy.optimize.milp; exhaustive search for the small cases)", () => {
  for (const c of cases) {
    it(`${c.name}: the optimal tracking error, affordable shares`, async () => {
      const r = await discreteAllocation(c.weights, c.prices, c.cash);
      expect(r.certificate.status).toBe("optimal");
      expect(r.certificate.solver).toBe("milp");
      expect(r.certificate.objective).toBe(r.trackingError);
      expect(r.certificate.gap).toBeLessThanOrEqual(1e-9);
      expect(Math.abs(r.trackingError - c.trackingError)).toBeLessThan(1e-9);
      expect(Math.abs(r.roundDownTrackingError - c.roundDownTrackingError)).toBeLessThan(1e-12);
      expect(r.spent).toBeLessThanOrEqual(c.cash);
      expect(
        Math.abs(
          r.trackingError -
            l1(
              c.weights,
              c.prices,
              c.cash,
              r.shares.map((x) => x.shares),
            ),
        ),
      ).toBeLessThan(1e-12);
    });
  }

  it("closed forms: prices that divide the targets give them exactly; the doc example", async () => {
    const r = await discreteAllocation([0.25, 0.25, 0.5], [25, 50, 10], 1000);
    expect(r.shares.map((x) => x.shares)).toEqual([10, 5, 50]);
    expect([r.leftover, r.trackingError]).toEqual([0, 0]);
    expect((await discreteAllocation({ A: 0.5, B: 0.5 }, { A: 30, B: 70 }, 100)).shares).toEqual([
      { id: "A", shares: 1 },
      { id: "B", shares: 1 },
    ]);
  });
});

describe("discreteAllocation: properties", () => {
  it("never spends more than the cash; whole shares; leftover = cash − spent; tracking error no worse than rounding down", async () => {
    await fc.assert(
      fc.asyncProperty(problemArb(8, 200), async ({ weights, prices, cash }) => {
        const r = await discreteAllocation(weights, prices, cash);
        const shares = r.shares.map((x) => x.shares);
        for (const x of shares) expect(Number.isInteger(x) && x >= 0).toBe(true);
        const spent = shares.reduce((s, x, i) => s + x * prices[i]!, 0);
        expect(spent).toBeLessThanOrEqual(cash);
        expect(Math.abs(r.spent - spent)).toBeLessThanOrEqual(1e-9 * cash);
        expect(Math.abs(r.leftover - (cash - spent))).toBeLessThanOrEqual(1e-9 * cash);
        expect(r.trackingError).toBeLessThanOrEqual(r.roundDownTrackingError);
        const naive = weights.map((w, i) => Math.floor((w * cash) / prices[i]!));
        expect(r.trackingError).toBeLessThanOrEqual(l1(weights, prices, cash, naive) + 1e-12);
      }),
      { numRuns: 80 },
    );
  });

  it("is optimal: matches exhaustive search on small problems", async () => {
    await fc.assert(
      fc.asyncProperty(problemArb(3, 12), async ({ weights, prices, cash }) => {
        const r = await discreteAllocation(weights, prices, cash);
        expect(Math.abs(r.trackingError - bruteForce(weights, prices, cash))).toBeLessThan(1e-9);
      }),
      { numRuns: 80 },
    );
  });

  it("rejects bad input naming the field (the promise rejects)", async () => {
    const bad: Array<[() => Promise<unknown>, string]> = [
      [() => discreteAllocation([0.5, 0.6], [1, 1], 10), "weights"],
      [() => discreteAllocation([1.5, -0.5], [1, 1], 10), "weights[1]"],
      [() => discreteAllocation([0.5, 0.5], [1, 0], 10), "prices[1]"],
      [() => discreteAllocation([0.5, 0.5], [1], 10), "prices"],
      [() => discreteAllocation([1], [1], 0), "cash"],
      [() => discreteAllocation([1], [1e-3], 1e7), "prices[0]"],
      [() => discreteAllocation([1], [1], 10, { timeLimitSeconds: 0 }), "timeLimitSeconds"],
    ];
    for (const [run, field] of bad) {
      const e = await run().then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(isEngineError(e, "INVALID_INPUT") && e.field === field, `${field}: ${String(e)}`).toBe(true);
    }
  });
});

describe("discreteAllocation: labelled weights and prices", () => {
  it("reads { id: w }, a Map, { id, weight }[] and a portfolio result alike, prices by id in any order; the result is labelled in the weights' order", async () => {
    const expected = await discreteAllocation([0.5, 0.3, 0.2], [101.5, 43.2, 12.9], 1000);
    const prices = { C: 12.9, A: 101.5, B: 43.2, UNUSED: 5 };
    const forms: WeightsInput[] = [
      { A: 0.5, B: 0.3, C: 0.2 },
      new Map([
        ["A", 0.5],
        ["B", 0.3],
        ["C", 0.2],
      ]),
      [
        { id: "A", weight: 0.5 },
        { id: "B", weight: 0.3 },
        { id: "C", weight: 0.2 },
      ],
      {
        weights: [
          { id: "A", weight: 0.5 },
          { id: "B", weight: 0.3 },
          { id: "C", weight: 0.2 },
        ],
      },
    ];
    for (const weights of forms) {
      const r = await discreteAllocation(weights, new Map(Object.entries(prices)), 1000);
      expect(r.method).toBe("discrete-allocation");
      expect(r.assets).toEqual(["A", "B", "C"]);
      expect(r.shares).toEqual([
        { id: "A", shares: expected.shares[0]!.shares },
        { id: "B", shares: expected.shares[1]!.shares },
        { id: "C", shares: expected.shares[2]!.shares },
      ]);
      expect(r.weights.map((x) => x.weight)).toEqual(expected.weights.map((x) => x.weight));
      expect(Array.from(r.vector)).toEqual(r.weights.map((x) => x.weight));
      // Held weights: shares × price / cash, summing to spent / cash.
      r.weights.forEach((x, i) => expect(x.weight).toBe((r.shares[i]!.shares * [101.5, 43.2, 12.9][i]!) / 1000));
      expect(r.performance).toEqual({
        expectedReturn: null,
        volatility: null,
        sharpeRatio: null,
        riskFreeRate: 0,
        periodsPerYear: 1,
        frequency: "custom",
      });
    }
  });

  it("permuting the assets permutes the shares (same tracking error)", async () => {
    await fc.assert(
      fc.asyncProperty(
        problemArb(7, 100),
        fc.integer({ min: 0, max: 1e9 }),
        async ({ weights, prices, cash }, shuffle) => {
          const ids = weights.map((_, i) => `S${i}`);
          const byId = Object.fromEntries(ids.map((id, i) => [id, prices[i]!]));
          const a = await discreteAllocation(Object.fromEntries(ids.map((id, i) => [id, weights[i]!])), byId, cash);
          const order = ids
            .map((_, i) => i)
            .sort((x, y) => ((x * 7919 + shuffle) % 89) - ((y * 7919 + shuffle) % 89) || x - y);
          const b = await discreteAllocation(new Map(order.map((i) => [ids[i]!, weights[i]!])), byId, cash);
          expect(b.assets).toEqual(order.map((i) => ids[i]!));
          expect(Math.abs(a.trackingError - b.trackingError)).toBeLessThanOrEqual(1e-12);
          const shares = new Map(b.shares.map((x) => [x.id, x.shares]));
          for (const { id, shares: k } of a.shares) expect(shares.get(id)).toBe(k);
        },
      ),
      { numRuns: 30 },
    );
  });

  it("refuses an asset of positive weight without a price, naming it and the closest priced ids; an asset of weight 0 needs none", async () => {
    const e = await discreteAllocation({ A01: 0.5, A3: 0.5 }, { A01: 10, A03: 20, B07: 5 }, 100).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isEngineError(e, "INVALID_INPUT") && e.field === "prices.A3").toBe(true);
    expect((e as Error).message).toBe(
      'prices.A3 is missing: asset "A3" has weight 0.5 and no price (closest priced ids: A03, A01, B07)',
    );
    const r = await discreteAllocation({ A01: 1, ZERO: 0 }, { A01: 10 }, 100);
    expect(r.shares).toEqual([
      { id: "A01", shares: 10 },
      { id: "ZERO", shares: 0 },
    ]);
    expect(r.weights).toEqual([
      { id: "A01", weight: 1 },
      { id: "ZERO", weight: 0 },
    ]);
  });

  it("the performance block of the held weights when estimates are given (cash earns nothing)", async () => {
    const cov = covariance(
      [
        [0.04, 0.01],
        [0.01, 0.09],
      ],
      { assets: ["A", "B"], frequency: "annual" },
    );
    const mu = expectedReturns({ A: 0.06, B: 0.1 }, { frequency: "annual" });
    const r = await discreteAllocation({ A: 0.6, B: 0.4 }, { A: 7, B: 11 }, 100, {
      covariance: cov,
      expectedReturns: mu,
      riskFreeRate: 0.02,
    });
    const [wa, wb] = r.weights.map((x) => x.weight) as [number, number];
    expect(r.performance.expectedReturn).toBeCloseTo(0.06 * wa + 0.1 * wb, 15);
    expect(r.performance.volatility).toBeCloseTo(Math.sqrt(0.04 * wa * wa + 2 * 0.01 * wa * wb + 0.09 * wb * wb), 15);
    expect(r.performance.riskFreeRate).toBe(0.02);
    expect(r.performance.frequency).toBe("annual");
  });
});

describe("discreteAllocation: least cash (PyPortfolioOpt's lp_portfolio)", () => {
  const leastCash = (w: number[], p: number[], C: number, x: number[]) =>
    w.reduce((s, wi, i) => s + Math.abs(wi * C - x[i]! * p[i]!), 0) + C - x.reduce((s, k, i) => s + k * p[i]!, 0);

  for (const c of cases as Array<OracleCase & { leastCash: { objective: number; leftover: number } }>) {
    it(`${c.name}: the optimal objective (scipy.optimize.milp; exhaustive search for the small cases)`, async () => {
      const r = await discreteAllocation(c.weights, c.prices, c.cash, { objective: "least-cash" });
      expect(r.certificate.status).toBe("optimal");
      expect(Math.abs(r.certificate.objective! - c.leastCash.objective)).toBeLessThanOrEqual(1e-9 * c.cash);
      expect(
        Math.abs(
          r.certificate.objective! -
            leastCash(
              c.weights,
              c.prices,
              c.cash,
              r.shares.map((x) => x.shares),
            ),
        ),
      ).toBeLessThanOrEqual(1e-9 * c.cash);
      expect(r.spent).toBeLessThanOrEqual(c.cash);
    });
  }

  it("leaves no more cash than the default objective, and less than the largest price", async () => {
    await fc.assert(
      fc.asyncProperty(problemArb(8, 200), async ({ weights, prices, cash }) => {
        const tracked = await discreteAllocation(weights, prices, cash);
        const least = await discreteAllocation(weights, prices, cash, { objective: "least-cash" });
        expect(least.leftover).toBeLessThanOrEqual(tracked.leftover + 1e-9 * cash);
        expect(least.leftover).toBeLessThan(Math.max(...prices));
        expect(least.spent).toBeLessThanOrEqual(cash);
      }),
      { numRuns: 60 },
    );
  });

  it("300 assets, $100,000: least cash invests what the default leaves", async () => {
    const random = seededRandom(29);
    const raw = Array.from({ length: 300 }, () => 0.2 + random());
    const total = raw.reduce((a, b) => a + b, 0);
    const weights = Object.fromEntries(raw.map((x, i) => [`A${i}`, x / total]));
    const prices = Object.fromEntries(raw.map((_, i) => [`A${i}`, Math.round((5 + 495 * random()) * 100) / 100]));
    const tracked = await discreteAllocation(weights, prices, 100_000);
    const least = await discreteAllocation(weights, prices, 100_000, { objective: "least-cash" });
    expect(least.leftover).toBeLessThan(tracked.leftover);
    expect(least.leftover).toBeLessThan(Math.max(...Object.values(prices)));
    expect(least.trackingError).toBeGreaterThanOrEqual(tracked.trackingError - 1e-12);
  });

  it("refuses an unknown objective, naming it", async () => {
    const e = await discreteAllocation([1], [1], 10, { objective: "most-shares" as never }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isEngineError(e, "INVALID_INPUT") && e.field === "objective").toBe(true);
  });
});
