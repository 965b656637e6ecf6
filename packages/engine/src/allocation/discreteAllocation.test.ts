import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isEngineError } from "../errors/EngineError.ts";
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

const l1 = (w: number[], p: number[], C: number, x: number[]) => w.reduce((s, wi, i) => s + Math.abs(wi - (x[i]! * p[i]!) / C), 0);

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
    fc.tuple(
      fc.array(fc.integer({ min: 0, max: 100 }), { minLength: n, maxLength: n }).filter((a) => a.some((x) => x > 0)),
      fc.array(fc.double({ min: 1, max: 100, noNaN: true }), { minLength: n, maxLength: n }),
      fc.double({ min: 1, max: maxCashOverPrice, noNaN: true }),
    ).map(([raw, prices, k]) => {
      const total = raw.reduce((a, b) => a + b, 0);
      return { weights: raw.map((x) => x / total), prices, cash: k * Math.min(...prices) };
    }),
  );

describe("discreteAllocation: oracle (scipy.optimize.milp; exhaustive search for the small cases)", () => {
  for (const c of cases) {
    it(`${c.name}: the optimal tracking error, affordable shares`, async () => {
      const r = await discreteAllocation(c.weights, c.prices, c.cash);
      expect(r.status).toBe("optimal");
      expect(Math.abs(r.trackingError - c.trackingError)).toBeLessThan(1e-9);
      expect(Math.abs(r.roundDownTrackingError - c.roundDownTrackingError)).toBeLessThan(1e-12);
      expect(r.spent).toBeLessThanOrEqual(c.cash);
      expect(Math.abs(r.trackingError - l1(c.weights, c.prices, c.cash, r.shares))).toBeLessThan(1e-12);
    });
  }

  it("closed forms: prices that divide the targets give them exactly; the doc example", async () => {
    const r = await discreteAllocation([0.25, 0.25, 0.5], [25, 50, 10], 1000);
    expect(r.shares).toEqual([10, 5, 50]);
    expect([r.leftover, r.trackingError]).toEqual([0, 0]);
    expect((await discreteAllocation([0.5, 0.5], [30, 70], 100)).shares).toEqual([1, 1]);
  });
});

describe("discreteAllocation: properties", () => {
  it("never spends more than the cash; whole shares; leftover = cash − spent; tracking error no worse than rounding down", async () => {
    await fc.assert(
      fc.asyncProperty(problemArb(8, 200), async ({ weights, prices, cash }) => {
        const r = await discreteAllocation(weights, prices, cash);
        for (const x of r.shares) expect(Number.isInteger(x) && x >= 0).toBe(true);
        const spent = r.shares.reduce((s, x, i) => s + x * prices[i]!, 0);
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
      const e = await run().then(() => undefined, (error: unknown) => error);
      expect(isEngineError(e, "INVALID_INPUT") && e.field === field, `${field}: ${String(e)}`).toBe(true);
    }
  });
});
