import fc from "fast-check";
import { sampleCorrelation } from "simple-statistics";
import { describe, expect, it } from "vitest";
import { isEngineError } from "../errors/EngineError.ts";
import { scoreTilt, type ScoreTiltOptions } from "./scoreTilt.ts";
import type { OptimizerCompany, OptimizerResult, ReturnScenarios } from "./types.ts";
import { arbitraryScoreTiltProblem, syntheticUniverse, uniformIn as uniform } from "../testing/index.ts";

const company = (
  id: string,
  convictionScore: number | null,
  extra: Partial<OptimizerCompany> = {},
): OptimizerCompany => ({
  id,
  marketCap: 1e9,
  linguisticBeta: 0.5,
  marketBuzz: 0.2,
  convictionScore,
  ...extra,
});

const weightOf = (result: OptimizerResult, id: string): number => result.weights.find((x) => x.id === id)?.weight ?? 0;
/** The positive weights, heaviest first then by id: how the mock lists a result. */
const held = (result: OptimizerResult) =>
  result.weights
    .filter((x) => x.weight > 0)
    .sort((x, y) => y.weight - x.weight || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));

/** Random companies (some null, some tied, some zero scores) and feasible bounds. */
const tiltCase = arbitraryScoreTiltProblem();

/**
 * Independent check of the water-filling optimality: there is one λ with w_i = clip(λ·s_i^p, lo, hi)
 * for every i (λ read off a weight strictly inside the bounds, else the largest λ that puts the capped
 * ones at hi). Zero scores sit at lo unless every positive one is at hi, then they share the rest.
 */
function expectWaterFilled(
  companies: readonly OptimizerCompany[],
  result: OptimizerResult,
  o: Required<Pick<ScoreTiltOptions, "tiltExponent" | "maxWeight" | "minWeight">>,
): void {
  const { tiltExponent: p, maxWeight: hi, minWeight: lo } = o;
  const a = companies.map((c) => Math.max(0, c.convictionScore ?? 0) ** p);
  if (a.every((x) => x === 0)) return; // equal weights, checked elsewhere
  const w = companies.map((c) => weightOf(result, c.id));
  const tol = 1e-9;
  if (a.some((x, i) => x === 0 && w[i]! > lo + tol)) {
    a.forEach((x, i) =>
      x > 0
        ? expect(w[i]!).toBeGreaterThanOrEqual(hi - tol)
        : expect(Math.abs(w[i]! - w[a.indexOf(0)]!)).toBeLessThanOrEqual(tol),
    );
    return;
  }
  let lambda = 0;
  let best = -1;
  a.forEach((x, i) => {
    if (x > 0 && w[i]! > lo + tol && w[i]! < hi - tol && w[i]! > best) [best, lambda] = [w[i]!, w[i]! / x];
  });
  if (best < 0) a.forEach((x, i) => x > 0 && w[i]! >= hi - tol && (lambda = Math.max(lambda, hi / x)));
  a.forEach((x, i) => expect(Math.abs(w[i]! - Math.min(hi, Math.max(lo, lambda * x)))).toBeLessThanOrEqual(tol));
}

describe("scoreTilt (pure tilt)", () => {
  it("weights sum to 1, respect both bounds exactly, follow the score and are water-filled", async () => {
    await fc.assert(
      fc.asyncProperty(tiltCase, async ({ companies, options }) => {
        const result = await scoreTilt(companies, undefined, options);
        const sum = result.weights.reduce((s, x) => s + x.weight, 0);
        expect(Math.abs(sum - 1)).toBeLessThanOrEqual(1e-9);
        for (const c of companies) {
          const w = weightOf(result, c.id);
          expect(w).toBeGreaterThanOrEqual(options.minWeight);
          expect(w).toBeLessThanOrEqual(options.maxWeight);
        }
        // A higher score never gets less weight.
        for (const x of companies) {
          for (const y of companies) {
            if ((x.convictionScore ?? 0) > (y.convictionScore ?? 0))
              expect(weightOf(result, x.id)).toBeGreaterThanOrEqual(weightOf(result, y.id));
          }
        }
        expectWaterFilled(companies, result, options);
        expect(result.certificate).toEqual({
          status: "closed-form",
          solver: "closed-form",
          objective: null,
          gap: 0,
          residuals: null,
          iterations: 0,
        });
      }),
      { numRuns: 200 },
    );
  });

  it("exponent 0 is exactly equal weight (1/n lies within any feasible bounds)", async () => {
    await fc.assert(
      fc.asyncProperty(tiltCase, async ({ companies, options }) => {
        const result = await scoreTilt(companies, undefined, { ...options, tiltExponent: 0 });
        expect(result.weights.map((x) => x.id)).toEqual(companies.map((c) => c.id));
        for (const x of result.weights) expect(x.weight).toBe(1 / companies.length);
      }),
      { numRuns: 100 },
    );
  });

  it("same input, same output; inputs are not mutated", async () => {
    await fc.assert(
      fc.asyncProperty(tiltCase, async ({ companies, options }) => {
        const frozen = Object.freeze(companies.map((c) => Object.freeze({ ...c })));
        expect(await scoreTilt(frozen, undefined, options)).toEqual(await scoreTilt(frozen, undefined, options));
      }),
      { numRuns: 50 },
    );
  });

  it("regression: scores spanning 16 orders of magnitude still sum to 1 (found by the property above)", async () => {
    // a = (0.001/0.5)^5.92 ≈ 1e-16 next to 1: a running slope 1 + 1e-16 − 1 cancelled to 0 in the
    // first water-filling implementation, which returned weights summing to 0.99867.
    const hi = 0.5006666666666667;
    const result = await scoreTilt([company("K00", 0.001), company("K01", 0.5), company("K02", 0)], undefined, {
      tiltExponent: 5.92,
      maxWeight: hi,
    });
    expect(held(result).map((x) => x.id)).toEqual(["K01", "K00"]);
    expect(held(result)[0]!.weight).toBe(hi);
    expect(Math.abs(held(result)[1]!.weight - (1 - hi))).toBeLessThanOrEqual(1e-15);
  });

  it("caps at maxWeight and shares the rest in proportion (the doc example)", async () => {
    const result = await scoreTilt([company("A", 0.6), company("B", 0.3), company("C", 0.1)], undefined, {
      maxWeight: 0.5,
    });
    expect(held(result).map((x) => x.id)).toEqual(["A", "B", "C"]);
    // By hand: A is capped at 0.5; B and C share 0.5 in the ratio 3:1.
    expect(held(result)[0]!.weight).toBe(0.5);
    expect(held(result)[1]!.weight).toBeCloseTo(0.375, 15);
    expect(held(result)[2]!.weight).toBeCloseTo(0.125, 15);
  });

  it("raises small weights to minWeight and takes the difference from the others", async () => {
    // Scores 8, 1, 1 with p = 1 and minWeight 0.2: B = C = 0.2, A = 0.6 (λ·8 = 0.6, λ·1 = 0.075 < 0.2).
    const result = await scoreTilt([company("A", 0.8), company("B", 0.1), company("C", 0.1)], undefined, {
      minWeight: 0.2,
    });
    expect(held(result).map((x) => [x.id, Number(x.weight.toFixed(15))])).toEqual([
      ["A", 0.6],
      ["B", 0.2],
      ["C", 0.2],
    ]);
  });

  it("uses equal weights, with a warning, when every score is 0 or null", async () => {
    const result = await scoreTilt([company("A", 0), company("B", null), company("C", 0)]);
    expect(held(result).map((x) => x.weight)).toEqual([1 / 3, 1 / 3, 1 / 3]);
    expect(result.warnings).toContain("every kept company has convictionScore 0; equal weights are used");
  });

  it("gives zero-score companies the rest, with a warning, when the positive ones are all at maxWeight", async () => {
    const result = await scoreTilt([company("A", 0.9), company("B", 0), company("C", 0), company("D", 0)], undefined, {
      maxWeight: 0.4,
    });
    expect(held(result).map((x) => [x.id, Number(x.weight.toFixed(15))])).toEqual([
      ["A", 0.4],
      ["B", 0.2],
      ["C", 0.2],
      ["D", 0.2],
    ]);
    expect(result.warnings.some((w) => w.includes("shared equally"))).toBe(true);
  });

  it("weights by the chosen signal; a negative value counts as 0 with a warning", async () => {
    const companies = [
      company("A", 0.9, { marketBuzz: 0.1 }),
      company("B", 0.1, { marketBuzz: 0.3 }),
      company("C", 0.5, { marketBuzz: -1 }),
    ];
    const result = await scoreTilt(companies, undefined, { signal: "marketBuzz" });
    expect(held(result).map((x) => [x.id, Number(x.weight.toFixed(15))])).toEqual([
      ["B", 0.75],
      ["A", 0.25],
    ]);
    expect(result.warnings).toContain("1 company has a negative marketBuzz, counted as 0");
  });

  it("keeps the top N by score, ties broken by id, and says why the others were dropped", async () => {
    const companies = [company("D", 0.5), company("A", 0.9), company("C", 0.5), company("B", 0.5)];
    const result = await scoreTilt(companies, undefined, { topN: 3 });
    expect(
      held(result)
        .map((x) => x.id)
        .sort(),
    ).toEqual(["A", "B", "C"]);
    expect(result.excluded).toEqual([{ id: "D", reason: "not among the top 3 by convictionScore" }]);
  });

  it("filters by market cap (a null cap only passes a zero minimum)", async () => {
    const companies = [
      company("A", 0.5, { marketCap: 1e8 }),
      company("B", 0.5, { marketCap: null }),
      company("C", 0.5),
      company("D", 0.2),
    ];
    expect(held(await scoreTilt(companies))).toHaveLength(4);
    const result = await scoreTilt(companies, undefined, { minMarketCap: 5e8 });
    expect(held(result).map((x) => x.id)).toEqual(["C", "D"]);
    expect(result.excluded).toEqual([
      { id: "A", reason: "marketCap 100,000,000 below minMarketCap 500,000,000" },
      { id: "B", reason: "marketCap unknown (null) while minMarketCap is 500,000,000" },
    ]);
  });

  it("reports the risk fields as 0 with a warning when there are no scenarios", async () => {
    const result = await scoreTilt([
      company("A", 0.6, { linguisticBeta: 0.2, marketBuzz: 0 }),
      company("B", 0.4, { linguisticBeta: 0.7 }),
    ]);
    expect(result.metadata).toEqual({
      numberStocks: 2,
      weightedLinguisticBeta: 0.6 * 0.2 + 0.4 * 0.7,
      marketBuzzCoverage: 0.4,
      annualizedReturn: 0,
      volatility: 0,
      cvar: 0,
      sharpeRatio: 0,
      expectedDailyReturn: 0,
      maxDrawdown: 0,
    });
    expect(result.warnings.some((w) => w.startsWith("no return scenarios"))).toBe(true);
  });

  it("with scenarios, drops companies without history (listed in excluded) and reports the risk of the weights", async () => {
    const { companies, scenarios } = syntheticUniverse(21, 6, 120);
    const extra = [...companies, company("NOHIST", 0.99)];
    const result = await scoreTilt(extra, scenarios, {});
    expect(result.excluded).toEqual([{ id: "NOHIST", reason: "no return history in scenarios" }]);
    expect(result.metadata.volatility).toBeGreaterThan(0);
    expect(result.metadata.maxDrawdown).toBeLessThanOrEqual(0);
    expect(result.warnings).toEqual([]);
  });

  describe("rejects", () => {
    const companies = [company("A", 0.5), company("B", 0.3), company("C", 0.2)];
    const invalid: Array<[ScoreTiltOptions, string]> = [
      [{ signal: "buzz" as never }, "signal"],
      [{ tiltExponent: 10.5 }, "tiltExponent"],
      [{ tiltExponent: -1 }, "tiltExponent"],
      [{ maxWeight: 0 }, "maxWeight"],
      [{ maxWeight: 1.5 }, "maxWeight"],
      [{ minWeight: -0.1 }, "minWeight"],
      [{ minMarketCap: -1 }, "minMarketCap"],
      [{ topN: 1 }, "topN"],
      [{ topN: 2.5 }, "topN"],
      [{ riskDiversification: 1.1 }, "riskDiversification"],
      [{ riskFreeRate: Number.POSITIVE_INFINITY }, "riskFreeRate"],
      [{ riskDiversification: 0.5 }, "scenarios"],
    ];
    for (const [options, field] of invalid) {
      it(`${JSON.stringify(options)} with INVALID_INPUT naming ${field}`, async () => {
        const error = await scoreTilt(companies, undefined, options).catch((e: unknown) => e);
        expect(isEngineError(error, "INVALID_INPUT")).toBe(true);
        expect((error as { field: string }).field).toBe(field);
      });
    }
    const infeasible: Array<[ScoreTiltOptions, string, string]> = [
      [{ minWeight: 0.4 }, "minWeight", "3 companies × minWeight 0.4"],
      [{ maxWeight: 0.3 }, "maxWeight", "3 companies × maxWeight 0.3"],
      [{ minWeight: 0.3, maxWeight: 0.2 }, "minWeight", "minWeight (0.3) exceeds maxWeight (0.2)"],
      [{ minMarketCap: 1e12 }, "minMarketCap", "no company has marketCap >= minMarketCap"],
    ];
    for (const [options, field, message] of infeasible) {
      it(`${JSON.stringify(options)} with INFEASIBLE naming ${field}`, async () => {
        const error = await scoreTilt(companies, undefined, options).catch((e: unknown) => e);
        expect(isEngineError(error, "INFEASIBLE")).toBe(true);
        expect((error as { field: string }).field).toBe(field);
        expect((error as Error).message).toContain(message);
      });
    }
    it("duplicate ids and non-finite fields with INVALID_INPUT", async () => {
      await expect(scoreTilt([company("A", 0.5), company("A", 0.2)])).rejects.toThrow(
        "companies[1].id A is listed more than once",
      );
      await expect(scoreTilt([company("A", Number.NaN)])).rejects.toThrow(
        "companies[0].convictionScore must be a finite number, got NaN",
      );
    });
  });
});

/** The sample correlation matrix of the held companies, computed with simple-statistics (independent of the engine). */
function correlation(ids: readonly string[], scenarios: ReturnScenarios): number[][] {
  const N = scenarios.assetIds.length;
  const column = (id: string) => {
    const i = scenarios.assetIds.indexOf(id);
    return Array.from({ length: scenarios.periods }, (_, t) => scenarios.returns[t * N + i]!);
  };
  const cols = ids.map(column);
  return cols.map((x, i) => cols.map((y, j) => (i === j ? 1 : sampleCorrelation(x, y))));
}

const quadratic = (C: number[][], w: number[]): number =>
  w.reduce((s, wi, i) => s + wi * C[i]!.reduce((r, c, j) => r + c * w[j]!, 0), 0);

describe("scoreTilt (risk-diversification overlay)", () => {
  const overlayCase = fc.record({
    seed: fc.integer({ min: 1, max: 100_000 }),
    assets: fc.integer({ min: 3, max: 12 }),
    delta: uniform(0.05, 1),
    hiShare: uniform(0, 1),
    loShare: uniform(0, 1),
  });

  it("stays feasible, lowers wᵀCw relative to the tilt, and satisfies the QP's optimality (KKT) conditions", async () => {
    await fc.assert(
      fc.asyncProperty(overlayCase, async ({ seed, assets, delta, hiShare, loShare }) => {
        const { companies, scenarios } = syntheticUniverse(seed, assets, 100);
        const n = assets;
        const maxWeight = 1 / n + hiShare * (1 - 1 / n);
        const minWeight = loShare / n;
        const options = { maxWeight, minWeight, tiltExponent: 2 };
        const tilt = await scoreTilt(companies, scenarios, options);
        const over = await scoreTilt(companies, scenarios, { ...options, riskDiversification: delta });
        const ids = companies.map((c) => c.id);
        const wt = ids.map((id) => weightOf(tilt, id));
        const w = ids.map((id) => weightOf(over, id));
        expect(Math.abs(w.reduce((a, b) => a + b, 0) - 1)).toBeLessThanOrEqual(1e-9);
        for (const wi of w) {
          expect(wi).toBeGreaterThanOrEqual(minWeight);
          expect(wi).toBeLessThanOrEqual(maxWeight);
        }
        const C = correlation(ids, scenarios);
        expect(quadratic(C, w)).toBeLessThanOrEqual(quadratic(C, wt) + 1e-10);
        // KKT of min (1−δ)‖w − w_t‖² + δ wᵀCw, Σw = 1, lo <= w <= hi: gradient g, one multiplier ν.
        const g = w.map(
          (_, i) => 2 * (1 - delta) * (w[i]! - wt[i]!) + 2 * delta * C[i]!.reduce((r, c, j) => r + c * w[j]!, 0),
        );
        const tol = 1e-6;
        const free = g.filter((_, i) => w[i]! > minWeight + 1e-9 && w[i]! < maxWeight - 1e-9);
        const nu = free.length > 0 ? free.reduce((a, b) => a + b, 0) / free.length : undefined;
        if (nu !== undefined) {
          g.forEach((gi, i) => {
            if (w[i]! > minWeight + 1e-9 && w[i]! < maxWeight - 1e-9)
              expect(Math.abs(gi - nu)).toBeLessThanOrEqual(tol);
            else if (w[i]! <= minWeight + 1e-9) expect(gi).toBeGreaterThanOrEqual(nu - tol);
            else expect(gi).toBeLessThanOrEqual(nu + tol);
          });
        }
        expect(over.certificate).toMatchObject({ status: "optimal", solver: "active-set-qp", gap: 0, residuals: null });
        expect(
          Math.abs(
            over.certificate.objective! -
              ((1 - delta) * w.reduce((s, wi, i) => s + (wi - wt[i]!) ** 2, 0) + delta * quadratic(C, w)),
          ),
        ).toBeLessThanOrEqual(1e-9);
      }),
      { numRuns: 40 },
    );
  });

  it("regression: lower bounds above 0 (HiGHS 1.15.1's QP solver reported a solve error here)", async () => {
    // seed 1, 10 assets, δ = 0.05, maxWeight 0.1117, minWeight 0.0001: HiGHS's active-set QP
    // "claims optimality, but with primal infeasibilities" (w below its lower bound), which is why
    // the overlay uses the engine's own exact active-set method.
    const { companies, scenarios } = syntheticUniverse(1, 10, 100);
    const result = await scoreTilt(companies, scenarios, {
      maxWeight: 0.1117,
      minWeight: 0.0001,
      tiltExponent: 2,
      riskDiversification: 0.05,
    });
    expect(result.weights.every((x) => x.weight >= 0.0001 && x.weight <= 0.1117)).toBe(true);
    expect(Math.abs(result.weights.reduce((a, x) => a + x.weight, 0) - 1)).toBeLessThanOrEqual(1e-9);
  });

  it("handles δ = 1 with a singular correlation matrix (fewer days than companies)", async () => {
    const { companies, scenarios } = syntheticUniverse(4, 12, 6);
    const result = await scoreTilt(companies, scenarios, { riskDiversification: 1, maxWeight: 0.3 });
    expect(Math.abs(result.weights.reduce((a, x) => a + x.weight, 0) - 1)).toBeLessThanOrEqual(1e-9);
    expect(result.certificate.status).toBe("optimal");
  });

  it("is deterministic", async () => {
    const { companies, scenarios } = syntheticUniverse(9, 10, 100);
    const options = { riskDiversification: 0.5, maxWeight: 0.3 };
    expect(await scoreTilt(companies, scenarios, options)).toEqual(await scoreTilt(companies, scenarios, options));
  });
});

describe("scoreTilt: the one portfolio result", () => {
  it("labels the kept companies in input order, zeros included; excluded companies are only in `excluded`; permuting the companies permutes the weights", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 1e6 }),
        fc.integer({ min: 3, max: 10 }),
        fc.integer({ min: 0, max: 1e9 }),
        uniform(0, 1),
        async (seed, n, shuffle, delta) => {
          const { companies, scenarios } = syntheticUniverse(seed, n, 60);
          const withDropped = [...companies, company("NOHIST", 0.9)];
          const options = {
            tiltExponent: 2,
            maxWeight: 0.5,
            minMarketCap: 1e9,
            riskDiversification: delta < 0.5 ? 0 : delta,
          };
          const kept = companies.filter((c) => (c.marketCap ?? 0) >= 1e9).map((c) => c.id);
          if (kept.length * 0.5 < 1) return; // infeasible cap for so few
          const a = await scoreTilt(withDropped, scenarios, options);
          expect(a.method).toBe("score-tilt");
          expect(a.assets).toEqual(kept);
          expect(a.weights.map((x) => x.id)).toEqual(kept);
          expect(Array.from(a.vector)).toEqual(a.weights.map((x) => x.weight));
          expect(a.excluded.map((e) => e.id)).toEqual([
            ...companies.filter((c) => (c.marketCap ?? 0) < 1e9).map((c) => c.id),
            "NOHIST",
          ]);
          const order = withDropped
            .map((_, i) => i)
            .sort((x, y) => ((x * 7919 + shuffle) % 97) - ((y * 7919 + shuffle) % 97) || x - y);
          const b = await scoreTilt(
            order.map((i) => withDropped[i]!),
            scenarios,
            options,
          );
          const byId = new Map(b.weights.map((x) => [x.id, x.weight]));
          for (const { id, weight } of a.weights) expect(Math.abs(byId.get(id)! - weight)).toBeLessThanOrEqual(1e-12);
        },
      ),
      { numRuns: 30 },
    );
  });

  it("keeps a tilt weight of 1e-20 (it is the tilt's, not a solver's rounding)", async () => {
    const result = await scoreTilt([company("A", 1), company("B", 0.01)], undefined, { tiltExponent: 10 });
    const b = weightOf(result, "B");
    expect(b).toBeGreaterThan(0);
    expect(b).toBeLessThan(1e-19);
    expect(result.metadata.numberStocks).toBe(2);
  });

  it("performance from the daily scenarios (252 a year); null-filled without scenarios", async () => {
    const { companies, scenarios } = syntheticUniverse(8, 5, 90);
    const result = await scoreTilt(companies, scenarios, { riskFreeRate: 0.02 });
    const n = scenarios.assetIds.length;
    const r = Array.from({ length: scenarios.periods }, (_, t) =>
      companies.reduce(
        (s, c) => s + weightOf(result, c.id) * scenarios.returns[t * n + scenarios.assetIds.indexOf(c.id)]!,
        0,
      ),
    );
    const mean = r.reduce((a, x) => a + x, 0) / r.length;
    const sd = Math.sqrt(r.reduce((a, x) => a + (x - mean) ** 2, 0) / (r.length - 1));
    expect(result.performance).toMatchObject({ periodsPerYear: 252, frequency: "daily", riskFreeRate: 0.02 });
    expect(Math.abs(result.performance.expectedReturn! - mean * 252)).toBeLessThanOrEqual(1e-13);
    expect(Math.abs(result.performance.volatility! - sd * Math.sqrt(252))).toBeLessThanOrEqual(1e-13);
    const none = await scoreTilt(companies);
    expect(none.performance).toEqual({
      expectedReturn: null,
      volatility: null,
      sharpeRatio: null,
      riskFreeRate: 0,
      periodsPerYear: 252,
      frequency: "daily",
    });
  });
});
