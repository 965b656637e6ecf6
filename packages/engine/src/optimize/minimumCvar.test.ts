import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assetReturns, type AssetReturns } from "../data/assetReturns.ts";
import { isEngineError } from "../errors/EngineError.ts";
import { conditionalValueAtRisk } from "../stats/index.ts";
import { syntheticUniverse } from "../testing/index.ts";
import { meanCvar } from "./meanCvar.ts";
import { minimumCvar } from "./minimumCvar.ts";
import oracle from "./_test/oracle_minimumCvar.json" with { type: "json" };

interface OracleCase {
  form: "minimum" | "targetReturn" | "targetCvar" | "tradeOff";
  maxWeight: number;
  targetReturn?: number;
  targetCvar?: number;
  returnMultiplier?: number;
  weights: number[];
  cvar: number;
  expectedReturn?: number;
  objective?: number;
}
interface OracleSet {
  seed: number;
  periods: number;
  assets: number;
  periodsPerYear: number;
  returns: number[];
  cases: OracleCase[];
}
const sets = (oracle as { dataSets: OracleSet[] }).dataSets;

const idsOf = (n: number) => Array.from({ length: n }, (_, i) => `A${String(i).padStart(2, "0")}`);

/** The portfolio's returns r_t = Σ_i w_i·R[t, i], recomputed from the labelled weights. */
function portfolioReturns(r: AssetReturns, weights: ReadonlyArray<{ id: string; weight: number }>): Float64Array {
  const out = new Float64Array(r.periods);
  const n = r.assets.length;
  for (const { id, weight } of weights) {
    const i = r.assets.indexOf(id);
    for (let t = 0; t < r.periods; t++) out[t]! += weight * r.returns[t * n + i]!;
  }
  return out;
}

const meanOf = (r: AssetReturns, weights: ReadonlyArray<{ id: string; weight: number }>) => {
  const p = portfolioReturns(r, weights);
  return p.reduce((a, x) => a + x, 0) / p.length;
};

describe("minimumCvar and meanCvar: scipy oracle (Rockafellar–Uryasev LP solved by linprog/HiGHS)", () => {
  for (const set of sets) {
    const returns = assetReturns(Float64Array.from(set.returns), {
      assets: idsOf(set.assets),
      periodsPerYear: set.periodsPerYear,
    });
    for (const c of set.cases) {
      const label = `seed ${set.seed} (${set.periods}×${set.assets}, ${set.periodsPerYear}/year): ${c.form}${c.returnMultiplier === undefined ? "" : ` m=${c.returnMultiplier}`}, maxWeight ${c.maxWeight}`;
      it(`${label}: the optimal objective to 1e-9, cutting plane and plain LP alike`, async () => {
        for (const method of ["cutting-plane", "plain-lp"] as const) {
          if (c.form === "minimum" || c.form === "targetReturn") {
            const r = await minimumCvar(returns, {
              maxWeight: c.maxWeight,
              method,
              ...(c.targetReturn === undefined ? {} : { targetReturn: c.targetReturn }),
            });
            expect(r.certificate.status).toBe("optimal");
            expect(r.certificate.solver).toBe(method === "plain-lp" ? "lp" : "cutting-plane-lp");
            expect(Math.abs(r.cvar - c.cvar)).toBeLessThanOrEqual(1e-9);
            expect(r.certificate.objective).toBe(r.cvar);
            expect(r.certificate.gap).toBeLessThanOrEqual(1e-9);
            expect(
              Math.abs(conditionalValueAtRisk(portfolioReturns(returns, r.weights), 0.95) - r.cvar),
            ).toBeLessThanOrEqual(1e-15);
            if (c.targetReturn !== undefined)
              expect(meanOf(returns, r.weights) * set.periodsPerYear).toBeGreaterThanOrEqual(c.targetReturn - 1e-9);
          } else if (c.form === "targetCvar") {
            const r = await meanCvar(returns, { maxWeight: c.maxWeight, targetCvar: c.targetCvar!, method });
            expect(r.certificate.status).toBe("optimal");
            expect(Math.abs(r.certificate.objective! - c.expectedReturn!)).toBeLessThanOrEqual(1e-9);
            expect(Math.abs(meanOf(returns, r.weights) - r.certificate.objective!)).toBeLessThanOrEqual(1e-15);
            expect(r.cvar).toBeLessThanOrEqual(c.targetCvar! + 1e-9);
            expect(r.objectiveTerms).toBeUndefined();
          } else {
            const r = await meanCvar(returns, {
              maxWeight: c.maxWeight,
              returnMultiplier: c.returnMultiplier!,
              method,
            });
            expect(r.certificate.status).toBe("optimal");
            expect(Math.abs(r.certificate.objective! - c.objective!)).toBeLessThanOrEqual(1e-9);
            expect(r.objectiveTerms!.map((t) => t.term)).toEqual(["expectedReturn", "tailRisk"]);
            expect(Math.abs(r.cvar - c.cvar)).toBeLessThanOrEqual(1e-7);
          }
        }
      });
    }
  }

  it("ReturnScenarios are read as daily returns labelled by their assetIds: the same portfolio as the AssetReturns", async () => {
    const set = sets[0]!;
    const ids = idsOf(set.assets);
    const labelled = await minimumCvar(
      assetReturns(Float64Array.from(set.returns), { assets: ids, frequency: "daily" }),
    );
    const scenarios = await minimumCvar({
      assetIds: ids,
      returns: Float64Array.from(set.returns),
      periods: set.periods,
    });
    expect(scenarios.weights).toEqual(labelled.weights);
    expect(scenarios.performance).toEqual(labelled.performance);
    expect(scenarios.performance.frequency).toBe("daily");
  });
});

describe("minimumCvar and meanCvar: the one portfolio result", () => {
  const universe = (seed: number, n: number, t: number, periodsPerYear: number) => {
    const { scenarios } = syntheticUniverse(seed, n, t);
    return assetReturns(scenarios.returns, { assets: scenarios.assetIds, periodsPerYear });
  };

  it("weights labelled with the input's ids in its order, zeros included; the typed array the same; Σw = 1 within the cap", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 1e6 }),
        fc.integer({ min: 2, max: 9 }),
        fc.double({ min: 0.3, max: 1, noNaN: true }),
        async (seed, n, cap) => {
          const r = universe(seed, n, 80, 252);
          const maxWeight = Math.max(cap, 1 / n);
          for (const result of [await minimumCvar(r, { maxWeight }), await meanCvar(r, { maxWeight })]) {
            expect(result.assets).toEqual(r.assets);
            expect(result.weights.map((x) => x.id)).toEqual(r.assets);
            expect(Array.from(result.vector)).toEqual(result.weights.map((x) => x.weight));
            expect(Math.abs(result.weights.reduce((a, x) => a + x.weight, 0) - 1)).toBeLessThanOrEqual(1e-9);
            for (const { weight } of result.weights) expect(weight >= 0 && weight <= maxWeight + 1e-12).toBe(true);
          }
        },
      ),
      { numRuns: 15 },
    );
  });

  it("permuting the assets permutes the weights (same optimum, same objective)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 1e6 }),
        fc.integer({ min: 3, max: 8 }),
        fc.integer({ min: 0, max: 1e9 }),
        async (seed, n, shuffleSeed) => {
          const r = universe(seed, n, 90, 52);
          const order = r.assets
            .map((_, i) => i)
            .sort((a, b) => ((a * 7919 + shuffleSeed) % 101) - ((b * 7919 + shuffleSeed) % 101) || a - b);
          const rows = Array.from({ length: r.periods }, (_, t) => order.map((i) => r.returns[t * n + i]!));
          const permuted = assetReturns(rows, { assets: order.map((i) => r.assets[i]!), frequency: "weekly" });
          for (const solve of [
            (x: AssetReturns) => minimumCvar(x, { maxWeight: 0.6 }),
            (x: AssetReturns) => meanCvar(x, { maxWeight: 0.6 }),
          ]) {
            const a = await solve(r);
            const b = await solve(permuted);
            expect(b.assets).toEqual(permuted.assets);
            expect(Math.abs(a.certificate.objective! - b.certificate.objective!)).toBeLessThanOrEqual(1e-9);
            const byId = new Map(b.weights.map((x) => [x.id, x.weight]));
            for (const { id, weight } of a.weights) expect(Math.abs(byId.get(id)! - weight)).toBeLessThanOrEqual(1e-6);
          }
        },
      ),
      { numRuns: 10 },
    );
  });

  it("performance: the scenarios' mean and sample covariance annualised with the data's frequency; Sharpe with the annual risk-free rate", async () => {
    const r = universe(4, 6, 120, 52);
    const result = await minimumCvar(r, { riskFreeRate: 0.03 });
    const p = portfolioReturns(r, result.weights);
    const mean = p.reduce((a, x) => a + x, 0) / p.length;
    const variance = p.reduce((a, x) => a + (x - mean) ** 2, 0) / (p.length - 1);
    expect(result.performance.frequency).toBe("weekly");
    expect(result.performance.periodsPerYear).toBe(52);
    expect(Math.abs(result.performance.expectedReturn! - mean * 52)).toBeLessThanOrEqual(1e-14);
    expect(Math.abs(result.performance.volatility! - Math.sqrt(variance * 52))).toBeLessThanOrEqual(1e-14);
    expect(
      Math.abs(result.performance.sharpeRatio! - (mean * 52 - 0.03) / Math.sqrt(variance * 52)),
    ).toBeLessThanOrEqual(1e-12);
    expect(result.performance.riskFreeRate).toBe(0.03);
  });

  it("a target return is annual: reached exactly when it binds, and the least CVaR rises with it", async () => {
    const r = universe(9, 7, 200, 252);
    const free = await minimumCvar(r);
    const freeReturn = meanOf(r, free.weights) * 252;
    const target = freeReturn + 0.05;
    const bound = await minimumCvar(r, { targetReturn: target });
    expect(Math.abs(meanOf(r, bound.weights) * 252 - target)).toBeLessThanOrEqual(1e-9);
    expect(bound.cvar).toBeGreaterThanOrEqual(free.cvar - 1e-12);
    // Below the unconstrained portfolio's return the floor does not bind.
    expect((await minimumCvar(r, { targetReturn: freeReturn - 0.01 })).weights).toEqual(free.weights);
  });

  it("a target CVaR between the least and the maximum-return portfolio's binds; above it the maximum-return portfolio comes back", async () => {
    const r = universe(12, 6, 150, 252);
    const least = (await minimumCvar(r, { maxWeight: 0.4 })).cvar;
    const mid = await meanCvar(r, { maxWeight: 0.4, targetCvar: least * 1.2 });
    expect(Math.abs(mid.cvar - least * 1.2)).toBeLessThanOrEqual(1e-9);
    const loose = await meanCvar(r, { maxWeight: 0.4, targetCvar: 0.99 });
    const mu = r.assets.map((_, i) => {
      let s = 0;
      for (let t = 0; t < r.periods; t++) s += r.returns[t * r.assets.length + i]!;
      return s / r.periods;
    });
    // The greedy fill: 0.4, 0.4, 0.2 on the three highest means.
    const top = mu
      .map((m, i) => [m, i] as const)
      .sort((a, b) => b[0] - a[0])
      .map(([, i]) => i);
    const expected = [0.4, 0.4, 0.2];
    top
      .slice(0, 3)
      .forEach((i, rank) => expect(Math.abs(loose.weights[i]!.weight - expected[rank]!)).toBeLessThanOrEqual(1e-9));
  });

  it("minHoldings (no default: the true optimum otherwise) turns on the MILP, and the rule holds", async () => {
    const r = universe(5, 10, 120, 252);
    const free = await minimumCvar(r, { maxWeight: 0.5 });
    const active = (w: ReadonlyArray<{ weight: number }>, floor: number) =>
      w.filter((x) => x.weight >= floor - 1e-9).length;
    expect(free.certificate.solver).toBe("cutting-plane-lp");
    const K = active(free.weights, 0.08) + 2;
    const ruled = await minimumCvar(r, { maxWeight: 0.5, minHoldings: K, minActiveWeight: 0.08 });
    expect(ruled.certificate.solver).toBe("cutting-plane-milp");
    expect(ruled.certificate.status).toBe("optimal");
    expect(active(ruled.weights, 0.08)).toBeGreaterThanOrEqual(K);
    expect(ruled.cvar).toBeGreaterThanOrEqual(free.cvar - 1e-12);
    const stopped = await minimumCvar(r, {
      maxWeight: 0.5,
      minHoldings: K,
      minActiveWeight: 0.08,
      timeLimitSeconds: 1e-9,
    });
    expect(stopped.certificate.status).toBe("time-limit");
    expect(active(stopped.weights, 0.08)).toBeGreaterThanOrEqual(K);
    expect(stopped.cvar + 1e-12).toBeGreaterThanOrEqual(ruled.cvar);
    expect(stopped.warnings[0]).toMatch(/^the solver stopped at the time limit \(1e-9 s\)/);
  });

  it("a target CVaR with a binding minHoldings, stopped by the time limit: a feasible answer from the least-CVaR portfolio's support", async () => {
    // Before, the fallback support (the LP's K largest weights) could not meet the CVaR limit: SOLVER_FAILURE (infeasible polish).
    const r = universe(8, 10, 120, 252);
    const rules = { maxWeight: 0.5, minHoldings: 6, minActiveWeight: 0.1 };
    const least = (await minimumCvar(r, rules)).cvar;
    for (const factor of [1, 1.05]) {
      const stopped = await meanCvar(r, { ...rules, targetCvar: least * factor, timeLimitSeconds: 1e-9 });
      expect(stopped.certificate.status).toBe("time-limit");
      expect(stopped.cvar).toBeLessThanOrEqual(least * factor + 1e-9);
      expect(stopped.weights.filter((x) => x.weight >= 0.1 - 1e-9).length).toBeGreaterThanOrEqual(6);
      const certified = await meanCvar(r, { ...rules, targetCvar: least * factor });
      expect(stopped.certificate.objective!).toBeLessThanOrEqual(certified.certificate.objective! + 1e-12);
      expect(stopped.certificate.objective! + stopped.certificate.gap).toBeGreaterThanOrEqual(
        certified.certificate.objective! - 1e-12,
      );
    }
  });

  it("a target return with a binding minHoldings, stopped by the time limit: a feasible answer from the maximum-return portfolio's support", async () => {
    // Before, the fallback support (the LP's K largest weights) could miss the return floor: SOLVER_FAILURE (infeasible polish).
    const r = universe(19, 10, 120, 252);
    const rules = { maxWeight: 0.5, minHoldings: 6, minActiveWeight: 0.1 };
    const free = await minimumCvar(r, rules);
    const target = meanOf(r, free.weights) * 252 + 0.02;
    const stopped = await minimumCvar(r, { ...rules, targetReturn: target, timeLimitSeconds: 1e-9 });
    expect(stopped.certificate.status).toBe("time-limit");
    expect(meanOf(r, stopped.weights) * 252).toBeGreaterThanOrEqual(target - 1e-9);
    expect(stopped.weights.filter((x) => x.weight >= 0.1 - 1e-9).length).toBeGreaterThanOrEqual(6);
    const certified = await minimumCvar(r, { ...rules, targetReturn: target });
    expect(stopped.cvar).toBeGreaterThanOrEqual(certified.cvar - 1e-12);
    expect(stopped.cvar - stopped.certificate.gap).toBeLessThanOrEqual(certified.cvar + 1e-12);
  });

  it("the trade-off warns when tail risk alone decides the weights, naming the one lever", async () => {
    const r = universe(3, 5, 100, 252);
    const result = await meanCvar(r, { returnMultiplier: 1e-12 });
    expect(
      result.warnings.some(
        (w) =>
          w.startsWith("tail risk (CVaR) alone decides the weights") && w.includes("raise returnMultiplier to blend"),
      ),
    ).toBe(true);
  });
});

describe("minimumCvar and meanCvar: refusals", () => {
  const r = assetReturns(
    [
      [0.01, -0.02, 0.005],
      [-0.03, 0.01, 0.002],
      [0.02, 0, -0.01],
      [0, -0.01, 0.004],
    ],
    { assets: ["A01", "A02", "A03"], frequency: "daily" },
  );
  const errorOf = (p: Promise<unknown>) =>
    p.then(
      () => undefined,
      (e: unknown) => e,
    );

  it("a target return above the largest the rules allow: INFEASIBLE naming it and that largest return (annual)", async () => {
    const e = await errorOf(minimumCvar(r, { targetReturn: 0.9 }));
    expect(isEngineError(e, "INFEASIBLE") && e.field === "targetReturn").toBe(true);
    // The largest mean is A03's, 0.00025 a day: 0.063 a year.
    expect((e as Error).message).toContain("above the largest expected return the weight rules allow, 0.063 a year");
  });

  it("a target CVaR below the least the rules allow: INFEASIBLE naming it and that least CVaR", async () => {
    const e = await errorOf(meanCvar(r, { targetCvar: -0.5 }));
    expect(isEngineError(e, "INFEASIBLE") && e.field === "targetCvar").toBe(true);
    expect((e as Error).message).toMatch(/below the least CVaR the weight rules allow/);
  });

  it("options that break their rule, each named; a percent typed as an annual rate gets the hint", async () => {
    const cases: Array<[() => Promise<unknown>, string, RegExp]> = [
      [() => meanCvar(r, { returnMultiplier: 1, targetCvar: 0.02 }), "targetCvar", /not both/],
      [() => minimumCvar(r, { riskFreeRate: 4 }), "riskFreeRate", /0\.04 for 4 %/],
      [() => minimumCvar(r, { targetReturn: 12 }), "targetReturn", /0\.04 for 4 %/],
      [() => minimumCvar(r, { maxWieght: 0.5 } as never), "options.maxWieght", /did you mean maxWeight/],
      [() => minimumCvar(r, { confidence: 1 }), "confidence", /confidence/],
      [() => minimumCvar(r, { minHoldings: 0 }), "minHoldings", /minHoldings/],
      [() => meanCvar(r, { returnMultiplier: 0 }), "returnMultiplier", /returnMultiplier/],
      [() => meanCvar(r, { targetCvar: 2 }), "targetCvar", /targetCvar/],
      [
        () => minimumCvar(assetReturns([[0.01, 0.02]], { assets: ["A", "B"], frequency: "daily" })),
        "returns.periods",
        /at least 2 periods/,
      ],
      [
        () => minimumCvar({ assetIds: ["A"], returns: Float64Array.of(0.01, Number.NaN), periods: 2 }),
        "returns.returns[1]",
        /finite number > -1/,
      ],
      [() => minimumCvar([[0.01]] as never), "returns.assets", /array of asset ids/],
    ];
    for (const [run, field, message] of cases) {
      const e = await errorOf(run());
      expect(isEngineError(e, "INVALID_INPUT") && e.field === field, `${field}: ${String(e)}`).toBe(true);
      expect((e as Error).message).toMatch(message);
    }
  });

  it("weight rules no portfolio of the assets can meet: INFEASIBLE naming the rule, with the generic defaults", async () => {
    const e = await errorOf(minimumCvar(r, { maxWeight: 0.3 }));
    expect(isEngineError(e, "INFEASIBLE") && e.field === "maxWeight").toBe(true);
    expect((e as Error).message).toBe(
      "maxWeight cannot hold: 3 assets × maxWeight 0.3 = 0.9 < 1; raise maxWeight to at least 0.333333",
    );
    const k = await errorOf(minimumCvar(r, { minHoldings: 4 }));
    expect((k as Error).message).toBe("minHoldings 4 exceeds the 3 assets");
  });
});
