import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isEngineError } from "../errors/EngineError.ts";
import { conditionalValueAtRisk } from "../stats/index.ts";
import { meanCvarOptimize, type MeanCvarOptimizeOptions } from "./meanCvarOptimize.ts";
import type { OptimizerCompany, OptimizerResult, ReturnScenarios } from "./types.ts";
import {
  arbitraryMeanCvarProblem,
  bruteForce,
  referenceLp,
  type ReferenceProblem,
  syntheticUniverse,
} from "../testing/index.ts";

/** Everything needed to recheck a result from the outside: the eligible set as the optimizer defines it. */
function eligibleOf(
  companies: readonly OptimizerCompany[],
  scenarios: ReturnScenarios,
  minMarketCap: number,
): OptimizerCompany[] {
  return companies.filter(
    (c) => c.marketCap !== null && c.marketCap >= minMarketCap && scenarios.assetIds.includes(c.id),
  );
}

function portfolioReturns(result: OptimizerResult, scenarios: ReturnScenarios): Float64Array {
  const N = scenarios.assetIds.length;
  const r = new Float64Array(scenarios.periods);
  for (const { id, weight } of result.weights) {
    const i = scenarios.assetIds.indexOf(id);
    for (let t = 0; t < scenarios.periods; t++) r[t]! += weight * scenarios.returns[t * N + i]!;
  }
  return r;
}

type Settings = Required<Omit<MeanCvarOptimizeOptions, "method" | "timeLimitSeconds">>;
const ORIENT = [1, 1, -1, -1];

/** The four terms (μᵀw, ℓᵀw, CVaR_β, ‖w − b‖₁) recomputed from the returned weights, independently of the optimizer's internals. */
function termsOf(
  result: OptimizerResult,
  eligible: readonly OptimizerCompany[],
  scenarios: ReturnScenarios,
  o: Settings,
): number[] {
  const N = scenarios.assetIds.length;
  const T = scenarios.periods;
  const w = new Map(result.weights.map((x) => [x.id, x.weight]));
  const buzz = eligible.map((c) => Math.max(0, c.marketBuzz));
  const total = buzz.reduce((a, b) => a + b, 0);
  const values = [0, 0, conditionalValueAtRisk(portfolioReturns(result, scenarios), o.confidence), 0];
  eligible.forEach((c, j) => {
    const i = scenarios.assetIds.indexOf(c.id);
    let mean = 0;
    for (let t = 0; t < T; t++) mean += scenarios.returns[t * N + i]!;
    const wi = w.get(c.id) ?? 0;
    values[0]! += wi * (mean / T);
    values[1]! += wi * c.linguisticBeta;
    values[3]! += Math.abs(wi - (total > 0 ? buzz[j]! / total : 1 / eligible.length));
  });
  return values;
}

/**
 * The normalised objective −J = −Σ λ_j (distance of term j from its best)/s_j (docs/maths.md#scale-aware-objective),
 * from the terms recomputed here and the scaling (best_j, s_j) the result reports; the scaling itself is checked
 * independently in "reports the payoff-table scaling".
 */
function objectiveOf(
  result: OptimizerResult,
  eligible: readonly OptimizerCompany[],
  scenarios: ReturnScenarios,
  o: Settings,
): number {
  const values = termsOf(result, eligible, scenarios, o);
  const lambda = [o.returnMultiplier, o.linguisticBetaWeight, 1, o.buzzPenalty];
  return -result.objectiveTerms!.reduce(
    (a, t, j) => a + (t.scale > 0 ? (lambda[j]! * ORIENT[j]! * (t.best - values[j]!)) / t.scale : 0),
    0,
  );
}

const DEFAULTS = {
  minMarketCap: 500_000_000,
  returnMultiplier: 1,
  linguisticBetaWeight: 0.5,
  riskFreeRate: 0,
  minHoldings: 2,
  minActiveWeight: 0.01,
  maxWeight: 0.2,
  buzzPenalty: 0.25,
  confidence: 0.95,
};

/** Checks every constraint and every reported number of a result against its definition. */
function expectValidResult(
  result: OptimizerResult,
  companies: readonly OptimizerCompany[],
  scenarios: ReturnScenarios,
  options: MeanCvarOptimizeOptions,
  status: "optimal" | "time-limit" = "optimal",
): void {
  const o = { ...DEFAULTS, ...options };
  const eligible = eligibleOf(companies, scenarios, o.minMarketCap);
  const sum = result.weights.reduce((a, x) => a + x.weight, 0);
  expect(Math.abs(sum - 1)).toBeLessThanOrEqual(1e-9);
  // The one result: every eligible company in input order, zeros included; the typed array the same numbers.
  expect(result.method).toBe("mean-cvar");
  expect(result.assets).toEqual(eligible.map((c) => c.id));
  expect(result.weights.map((x) => x.id)).toEqual(eligible.map((c) => c.id));
  expect(Array.from(result.vector)).toEqual(result.weights.map((x) => x.weight));
  for (const { weight } of result.weights) {
    expect(weight).toBeGreaterThanOrEqual(0);
    expect(weight).toBeLessThanOrEqual(o.maxWeight + 1e-9);
  }
  const active = result.weights.filter((x) => x.weight >= o.minActiveWeight - 1e-9).length;
  expect(active).toBeGreaterThanOrEqual(o.minHoldings);
  // Reported CVaR = historical CVaR recomputed from the weights; objective = its definition.
  const cvar = conditionalValueAtRisk(portfolioReturns(result, scenarios), o.confidence);
  expect(Math.abs(result.metadata.cvar - cvar)).toBeLessThanOrEqual(1e-9);
  expect(result.certificate.status).toBe(status);
  expect(Math.abs(result.certificate.objective! - objectiveOf(result, eligible, scenarios, o))).toBeLessThanOrEqual(
    1e-9,
  );
  expect(result.certificate.gap).toBeGreaterThanOrEqual(0);
  if (status === "optimal") expect(result.certificate.gap).toBeLessThanOrEqual(1e-9);
  else expect(Number.isFinite(result.certificate.gap)).toBe(true);
  expect(result.metadata.numberStocks).toBe(result.weights.filter((x) => x.weight > 0).length);
  expect(result.certificate.residuals).toBeNull();
  // Performance: the daily scenarios' mean and sample covariance, annualised with 252 periods.
  const r = portfolioReturns(result, scenarios);
  const mean = r.reduce((a, x) => a + x, 0) / r.length;
  const variance = r.reduce((a, x) => a + (x - mean) ** 2, 0) / (r.length - 1);
  expect(result.performance.periodsPerYear).toBe(252);
  expect(result.performance.frequency).toBe("daily");
  expect(Math.abs(result.performance.expectedReturn! - mean * 252)).toBeLessThanOrEqual(1e-12);
  expect(Math.abs(result.performance.volatility! - Math.sqrt(variance * 252))).toBeLessThanOrEqual(1e-12);
  // The term report: values as recomputed, contributions and shares as defined.
  const values = termsOf(result, eligible, scenarios, o);
  const terms = result.objectiveTerms!;
  expect(terms.map((t) => t.term)).toEqual(["expectedReturn", "linguisticBeta", "tailRisk", "buzzDistance"]);
  terms.forEach((t, j) => {
    expect(Math.abs(t.value - values[j]!)).toBeLessThanOrEqual(1e-12);
    expect(t.contribution).toBeCloseTo(t.weight * t.normalized, 15);
  });
  const total = terms.reduce((a, t) => a + t.contribution, 0);
  if (total > 0) expect(terms.reduce((a, t) => a + t.share, 0)).toBeCloseTo(1, 12);
}

/**
 * A random small instance with a feasible parameter set, from one seed (replayable). `binding`
 * biases it toward a cardinality constraint the LP optimum violates (see arbitraryMeanCvarProblem).
 */
const instance = (binding: boolean) => arbitraryMeanCvarProblem({ binding });
const smallInstance = instance(false);

/**
 * The normalised problem as an independent LP-text reference (testing/referenceLp), from the scaling the result
 * reports: returns divided by s_C, return coefficient m·s_C/s_R on the scaled means, λ_ℓ/s_L, λ_b/s_D. Its optimum
 * minus `offset` is −J, comparable with `solver.objective`.
 */
function referenceOf(
  companies: readonly OptimizerCompany[],
  scenarios: ReturnScenarios,
  options: MeanCvarOptimizeOptions,
  result: OptimizerResult,
): { problem: ReferenceProblem; offset: number } {
  const o = { ...DEFAULTS, ...options };
  const [sR, sL, sC, sD] = result.objectiveTerms!.map((t) => t.scale) as [number, number, number, number];
  const unit = sC > 0 ? sC : 1;
  const coef = [
    sR > 0 ? o.returnMultiplier / sR : 0,
    sL > 0 ? o.linguisticBetaWeight / sL : 0,
    1 / unit,
    sD > 0 ? o.buzzPenalty / sD : 0,
  ];
  const offset = result.objectiveTerms!.reduce((a, t, j) => a + ORIENT[j]! * coef[j]! * t.best, 0);
  return {
    problem: {
      companies: eligibleOf(companies, scenarios, o.minMarketCap),
      scenarios: { ...scenarios, returns: scenarios.returns.map((r) => r / unit) },
      returnMultiplier: coef[0]! * unit,
      linguisticBetaWeight: coef[1]!,
      buzzPenalty: coef[3]!,
      maxWeight: o.maxWeight,
      confidence: o.confidence,
    },
    offset,
  };
}

const l1FromBuzz = (result: OptimizerResult, eligible: readonly OptimizerCompany[]): number => {
  const total = eligible.reduce((a, c) => a + Math.max(0, c.marketBuzz), 0);
  const w = new Map(result.weights.map((x) => [x.id, x.weight]));
  return eligible.reduce((a, c) => a + Math.abs((w.get(c.id) ?? 0) - Math.max(0, c.marketBuzz) / total), 0);
};

describe("meanCvarOptimize", () => {
  it("satisfies every constraint and reports CVaR and objective as recomputed from the weights (random instances)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(instance(false), instance(true)), async ({ companies, scenarios, options }) => {
        const result = await meanCvarOptimize(companies, scenarios, options);
        expectValidResult(result, companies, scenarios, options);
      }),
      { numRuns: 25 },
    );
  });

  it("cutting plane, plain LP and an independent LP-text formulation reach the same optimum (random instances)", async () => {
    await fc.assert(
      fc.asyncProperty(smallInstance, async ({ companies, scenarios, options }) => {
        // The LP case: w_max <= 0.6 forces a second holding of at least 0.4/(n − 1) > w_min.
        const relaxed = {
          ...options,
          minHoldings: 2,
          minActiveWeight: 0.00011,
          maxWeight: Math.min(options.maxWeight!, 0.6),
        };
        const cut = await meanCvarOptimize(companies, scenarios, relaxed);
        expect(cut.certificate.solver).toBe("cutting-plane-lp");
        const plain = await meanCvarOptimize(companies, scenarios, { ...relaxed, method: "plain-lp" });
        const { problem, offset } = referenceOf(companies, scenarios, relaxed, cut);
        const reference = await referenceLp(problem);
        expect(Math.abs(cut.certificate.objective! - plain.certificate.objective!)).toBeLessThanOrEqual(1e-9);
        expect(Math.abs(cut.certificate.objective! - (reference.objective - offset))).toBeLessThanOrEqual(1e-8);
      }),
      { numRuns: 15 },
    );
  });

  it("with the cardinality constraint, equals brute force over the supports (N <= 6)", async () => {
    await fc.assert(
      fc.asyncProperty(instance(true), async ({ companies, scenarios, options }) => {
        const K = options.minHoldings!;
        const result = await meanCvarOptimize(companies, scenarios, options);
        const plain = await meanCvarOptimize(companies, scenarios, { ...options, method: "plain-lp" });
        const { problem, offset } = referenceOf(companies, scenarios, options, result);
        const brute = await bruteForce(problem, K, options.minActiveWeight!);
        expect(Math.abs(result.certificate.objective! - (brute.objective - offset))).toBeLessThanOrEqual(1e-8);
        expect(Math.abs(plain.certificate.objective! - (brute.objective - offset))).toBeLessThanOrEqual(1e-8);
      }),
      { numRuns: 12 },
    );
  });

  it("with a time limit it cannot meet: feasible weights, status time-limit, a gap that bounds the true optimum", async () => {
    await fc.assert(
      fc.asyncProperty(instance(true), async ({ companies, scenarios, options }) => {
        const certified = await meanCvarOptimize(companies, scenarios, options);
        // 1 ns: the deadline passes during the LP phase, so the MILP never runs (deterministic).
        const limited = await meanCvarOptimize(companies, scenarios, { ...options, timeLimitSeconds: 1e-9 });
        if (certified.certificate.solver === "cutting-plane-lp" && limited.certificate.status === "optimal") {
          // The LP optimum already had K holdings and its first round certified it: nothing to limit.
          expect(limited).toEqual(certified);
          return;
        }
        expectValidResult(limited, companies, scenarios, options, "time-limit");
        const { objective, gap } = limited.certificate;
        expect(objective!).toBeLessThanOrEqual(certified.certificate.objective! + 1e-9);
        expect(objective! + gap).toBeGreaterThanOrEqual(certified.certificate.objective! - 1e-9);
        // (A one-term warning may follow it: the stopped point can sit at one term's best.)
        expect(
          limited.warnings.filter((w) =>
            /^the solver stopped at the time limit \(1e-9 s\) before proving the optimum/.test(w),
          ),
        ).toHaveLength(1);
      }),
      { numRuns: 15 },
    );
  });

  it("the time limit covers the LP phase too: past the deadline no new round starts, the best point so far is returned", async () => {
    const { companies, scenarios } = syntheticUniverse(11, 60, 750);
    const options = { minMarketCap: 1e8, maxWeight: 0.1 };
    const certified = await meanCvarOptimize(companies, scenarios, options);
    expect(certified.certificate.solver).toBe("cutting-plane-lp");
    expect(certified.certificate.iterations).toBeGreaterThan(1); // several rounds: there is something to cut short
    const limited = await meanCvarOptimize(companies, scenarios, { ...options, timeLimitSeconds: 1e-9 });
    expectValidResult(limited, companies, scenarios, options, "time-limit");
    expect(limited.certificate.iterations).toBe(1);
    expect(limited.certificate.objective!).toBeLessThanOrEqual(certified.certificate.objective! + 1e-9);
    expect(limited.certificate.objective! + limited.certificate.gap).toBeGreaterThanOrEqual(
      certified.certificate.objective! - 1e-9,
    );
  });

  it("a time limit the solve meets changes nothing", async () => {
    const { companies, scenarios } = syntheticUniverse(7, 12, 250);
    const n = eligibleOf(companies, scenarios, 1e8).length;
    const strict = { minMarketCap: 1e8, minHoldings: n, minActiveWeight: 0.5 / n };
    expect(await meanCvarOptimize(companies, scenarios, { ...strict, timeLimitSeconds: 600 })).toEqual(
      await meanCvarOptimize(companies, scenarios, strict),
    );
  });

  it("goes to the MILP only when the LP optimum has too few active holdings", async () => {
    const { companies, scenarios } = syntheticUniverse(7, 12, 250);
    const loose = await meanCvarOptimize(companies, scenarios, { minMarketCap: 1e8 });
    expect(loose.certificate.solver).toBe("cutting-plane-lp");
    const n = eligibleOf(companies, scenarios, 1e8).length;
    const strict = { minMarketCap: 1e8, minHoldings: n, minActiveWeight: 0.5 / n };
    const tight = await meanCvarOptimize(companies, scenarios, strict);
    expect(tight.certificate.solver).toBe("cutting-plane-milp");
    expectValidResult(tight, companies, scenarios, strict);
    expect((await meanCvarOptimize(companies, scenarios, { ...strict, method: "plain-lp" })).certificate.solver).toBe(
      "milp",
    );
  });

  it("raising the buzz penalty never moves the weights away from b (‖w − b‖₁ non-increasing)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 10_000 }), async (seed) => {
        const { companies, scenarios } = syntheticUniverse(seed, 10, 150);
        const eligible = eligibleOf(companies, scenarios, 1e8);
        let previous = Infinity;
        for (const buzzPenalty of [0, 0.001, 0.003, 0.01, 0.03, 0.1, 0.3, 1]) {
          const result = await meanCvarOptimize(companies, scenarios, {
            minMarketCap: 1e8,
            maxWeight: 0.5,
            buzzPenalty,
          });
          const distance = l1FromBuzz(result, eligible);
          expect(distance).toBeLessThanOrEqual(previous + 1e-7);
          previous = distance;
        }
      }),
      { numRuns: 4 },
    );
  });

  it("raising β never lowers the optimised CVaR (pure CVaR minimisation), which is the tail-risk term's reported best", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 10_000 }), async (seed) => {
        const { companies, scenarios } = syntheticUniverse(seed, 8, 200);
        const pure = {
          minMarketCap: 1e8,
          maxWeight: 1,
          linguisticBetaWeight: 0,
          buzzPenalty: 0,
          returnMultiplier: 1e-12,
        };
        let previousCvar = -Infinity;
        for (const confidence of [0.8, 0.9, 0.95, 0.975]) {
          const minimised = await meanCvarOptimize(companies, scenarios, { ...pure, confidence });
          expect(minimised.metadata.cvar).toBeGreaterThanOrEqual(previousCvar - 1e-12);
          previousCvar = minimised.metadata.cvar;
          // The same feasible set with every term weighted: its tail-risk anchor is that minimum.
          const full = await meanCvarOptimize(companies, scenarios, { minMarketCap: 1e8, maxWeight: 1, confidence });
          expect(Math.abs(full.objectiveTerms![2]!.best - minimised.metadata.cvar)).toBeLessThanOrEqual(1e-9);
        }
      }),
      { numRuns: 4 },
    );
  });

  it("golden instance: optimum verified three ways", async () => {
    // Seed 20240601, 8 companies × 120 days, K = 6 holdings of at least 10% each, w_max 0.3.
    // (1) the cutting-plane MILP, (2) the plain RU MILP (all 120 scenarios at once), and (3) brute
    // force over all 28 supports of size 6 with the independent LP-text formulation of the
    // normalised problem agree to 1e-9. The constraint binds: the LP optimum holds fewer than six.
    const { companies, scenarios } = syntheticUniverse(20240601, 8, 120);
    const options: MeanCvarOptimizeOptions = {
      minMarketCap: 1e8,
      minHoldings: 6,
      minActiveWeight: 0.1,
      maxWeight: 0.3,
    };
    const cut = await meanCvarOptimize(companies, scenarios, options);
    const plain = await meanCvarOptimize(companies, scenarios, { ...options, method: "plain-lp" });
    const { problem, offset } = referenceOf(companies, scenarios, options, cut);
    const brute = await bruteForce(problem, 6, 0.1);
    expect(cut.certificate.solver).toBe("cutting-plane-milp");
    expect(Math.abs(cut.certificate.objective! - plain.certificate.objective!)).toBeLessThanOrEqual(1e-9);
    expect(Math.abs(cut.certificate.objective! - (brute.objective - offset))).toBeLessThanOrEqual(1e-9);
    expect(cut.weights.filter((x) => x.weight >= 0.1 - 1e-9)).toHaveLength(6);
    expectValidResult(cut, companies, scenarios, options);
  });

  it("labels: the eligible companies' ids in input order; permuting the companies permutes the weights", async () => {
    await fc.assert(
      fc.asyncProperty(
        smallInstance,
        fc.integer({ min: 0, max: 1e9 }),
        async ({ companies, scenarios, options }, shuffle) => {
          const relaxed = { ...options, minHoldings: 2, minActiveWeight: 0.001 };
          const a = await meanCvarOptimize(companies, scenarios, relaxed);
          const order = companies
            .map((_, i) => i)
            .sort((x, y) => ((x * 7919 + shuffle) % 97) - ((y * 7919 + shuffle) % 97) || x - y);
          const b = await meanCvarOptimize(
            order.map((i) => companies[i]!),
            scenarios,
            relaxed,
          );
          expect(b.assets).toEqual(order.map((i) => companies[i]!.id).filter((id) => a.assets.includes(id)));
          expect(Math.abs(a.certificate.objective! - b.certificate.objective!)).toBeLessThanOrEqual(1e-9);
          const byId = new Map(b.weights.map((x) => [x.id, x.weight]));
          for (const { id, weight } of a.weights) expect(Math.abs(byId.get(id)! - weight)).toBeLessThanOrEqual(1e-6);
        },
      ),
      { numRuns: 15 },
    );
  });

  it("is deterministic and does not mutate its inputs", async () => {
    const { companies, scenarios } = syntheticUniverse(11, 15, 200);
    const frozen = Object.freeze(companies.map((c) => Object.freeze({ ...c })));
    const copy = scenarios.returns.slice();
    const a = await meanCvarOptimize(frozen, scenarios, { minMarketCap: 1e8 });
    const b = await meanCvarOptimize(frozen, scenarios, { minMarketCap: 1e8 });
    expect(b).toEqual(a);
    expect(scenarios.returns).toEqual(copy);
  });

  it("lists excluded companies with the reason and never gives them weight", async () => {
    const { companies, scenarios } = syntheticUniverse(5, 8, 100);
    const extra: OptimizerCompany[] = [
      ...companies.map((c) => ({ ...c, marketCap: 1e10 })),
      { id: "SMALL", marketCap: 1e6, linguisticBeta: 1, marketBuzz: 1, convictionScore: 1 },
      { id: "NOCAP", marketCap: null, linguisticBeta: 1, marketBuzz: 1, convictionScore: 1 },
      { id: "NOHIST", marketCap: 1e12, linguisticBeta: 1, marketBuzz: 1, convictionScore: 1 },
    ];
    const result = await meanCvarOptimize(extra, scenarios);
    expect(result.excluded).toEqual([
      { id: "SMALL", reason: "marketCap 1,000,000 below minMarketCap 500,000,000" },
      { id: "NOCAP", reason: "marketCap unknown (null) while minMarketCap is 500,000,000" },
      { id: "NOHIST", reason: "no return history in scenarios" },
    ]);
    expect(result.assets.every((id) => id.startsWith("C"))).toBe(true);
    expect(result.weights.every((x) => x.id.startsWith("C"))).toBe(true);
  });

  describe("rejects", () => {
    const { companies, scenarios } = syntheticUniverse(3, 10, 60);
    for (const c of companies) c.marketCap = 1e10;
    const cases: Array<[MeanCvarOptimizeOptions, string]> = [
      [{ minMarketCap: 0 }, "minMarketCap"],
      [{ returnMultiplier: 0 }, "returnMultiplier"],
      [{ linguisticBetaWeight: 1.5 }, "linguisticBetaWeight"],
      [{ linguisticBetaWeight: -0.1 }, "linguisticBetaWeight"],
      [{ riskFreeRate: Number.NaN }, "riskFreeRate"],
      [{ minHoldings: 1 }, "minHoldings"],
      [{ minHoldings: 2.5 }, "minHoldings"],
      [{ minActiveWeight: 0.0001 }, "minActiveWeight"],
      [{ maxWeight: 0 }, "maxWeight"],
      [{ maxWeight: 1.01 }, "maxWeight"],
      [{ buzzPenalty: 1.01 }, "buzzPenalty"],
      [{ confidence: 1 }, "confidence"],
      [{ method: "simplex" as never }, "method"],
    ];
    for (const [options, field] of cases) {
      it(`${JSON.stringify(options)} with INVALID_INPUT naming ${field}`, async () => {
        const error = await meanCvarOptimize(companies, scenarios, options).catch((e: unknown) => e);
        expect(isEngineError(error, "INVALID_INPUT")).toBe(true);
        expect((error as Error).message).toContain(field);
      });
    }
    const infeasible: Array<[MeanCvarOptimizeOptions, string, string]> = [
      [{ minHoldings: 11 }, "minHoldings", "minHoldings 11 exceeds the 10 eligible companies"],
      [
        { minHoldings: 5, minActiveWeight: 0.25, maxWeight: 0.5 },
        "minHoldings",
        "minHoldings × minActiveWeight > 1: minHoldings 5 × minActiveWeight 0.25 = 1.25",
      ],
      [
        { maxWeight: 0.09 },
        "maxWeight",
        "maxWeight cannot hold: 10 eligible companies × maxWeight 0.09 = 0.9 < 1; raise maxWeight to at least 0.1",
      ],
      [
        { minActiveWeight: 0.3, maxWeight: 0.2 },
        "minActiveWeight",
        "minActiveWeight 0.3 exceeds maxWeight 0.2: no holding can count as active",
      ],
      [{ minActiveWeight: 0.3 }, "minActiveWeight", "minActiveWeight 0.3 exceeds maxWeight 0.2 (default)"],
      [
        { minMarketCap: 1e11 },
        "minMarketCap",
        "no company is eligible: none with return history has marketCap >= minMarketCap 100,000,000,000",
      ],
    ];
    for (const [options, field, message] of infeasible) {
      it(`${JSON.stringify(options)} with INFEASIBLE naming ${field}`, async () => {
        const error = await meanCvarOptimize(companies, scenarios, options).catch((e: unknown) => e);
        expect(isEngineError(error, "INFEASIBLE")).toBe(true);
        expect((error as { field: string }).field).toBe(field);
        expect((error as Error).message).toContain(message);
      });
    }
    it("an unknown option with its name and the closest valid one; a default in a message marked as such, numbers rounded, exact values in details", async () => {
      const typo = await meanCvarOptimize(companies.slice(0, 3), scenarios, {
        maxWieght: 0.5,
      } as MeanCvarOptimizeOptions).catch((e: unknown) => e);
      expect(isEngineError(typo, "INVALID_INPUT")).toBe(true);
      expect((typo as Error).message).toMatch(
        /^options has no option maxWieght \(did you mean maxWeight\?\); valid: minMarketCap, /,
      );
      expect((typo as { field: string }).field).toBe("options.maxWieght");
      // The case without the typo: 3 × 0.2 is 0.6000000000000001 in floating point.
      const three = await meanCvarOptimize(companies.slice(0, 3), scenarios).catch((e: unknown) => e);
      expect((three as Error).message).toBe(
        "maxWeight cannot hold: 3 eligible companies × maxWeight 0.2 (default) = 0.6 < 1; raise maxWeight to at least 0.333333 or include more companies",
      );
      expect((three as { details: unknown }).details).toEqual({
        maxWeight: 0.2,
        product: 3 * 0.2,
        eligible: 3,
        defaults: ["maxWeight"],
      });
    });
    it("companies without any return history with NO_RESOLVABLE_HOLDINGS", async () => {
      const none = companies.map((c) => ({ ...c, id: `X${c.id}` }));
      const error = await meanCvarOptimize(none, scenarios).catch((e: unknown) => e);
      expect(isEngineError(error, "NO_RESOLVABLE_HOLDINGS")).toBe(true);
    });
    it("malformed scenarios with INVALID_INPUT", async () => {
      const bad = { ...scenarios, returns: scenarios.returns.slice() };
      bad.returns[7] = Number.NaN;
      const error = await meanCvarOptimize(companies, bad).catch((e: unknown) => e);
      expect((error as Error).message).toBe("scenarios.returns[7] must be a finite number > -1, got NaN");
    });
  });
});
