/**
 * Properties of the risk measures and of minimumRisk / meanRisk: optimality against equal weights
 * and any feasible portfolio, invariance under a permutation of the assets, positive homogeneity,
 * the frontier's monotonicity in λ, and the identities between the measures.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scaled } from "../../../../test/_support/timeScale.ts";
import { assetReturns, type AssetReturns } from "../data/assetReturns.ts";
import { syntheticUniverse } from "../testing/index.ts";
import { conditionalDrawdownAtRisk } from "./conditionalDrawdownAtRisk.ts";
import { meanAbsoluteDeviation } from "./meanAbsoluteDeviation.ts";
import { meanRisk } from "./meanRisk.ts";
import { minimumRisk } from "./minimumRisk.ts";
import { portfolioRisk } from "./portfolioRisk.ts";
import { RISK_MEASURES, type RiskMeasure } from "./RiskMeasure.ts";
import { semiAbsoluteDeviation } from "./semiAbsoluteDeviation.ts";
import { uncompoundedDrawdowns } from "./uncompoundedDrawdowns.ts";
import { uncompoundedMaxDrawdown } from "./uncompoundedMaxDrawdown.ts";
import { worstRealisation } from "./worstRealisation.ts";

const SEED = 20261128;
const RUNS = 12;
const measureArb = fc.constantFrom(...RISK_MEASURES);
const seriesArb = fc.array(fc.double({ min: -0.2, max: 0.2, noNaN: true }), { minLength: 1, maxLength: 60 });
const problemArb = fc.record({
  seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
  n: fc.integer({ min: 2, max: 7 }),
  periods: fc.integer({ min: 8, max: 60 }),
  measure: measureArb,
});
const close = (a: number, b: number, tol = 1e-9) => Math.abs(a - b) <= tol * Math.max(1, Math.abs(a), Math.abs(b));

function data(seed: number, n: number, periods: number, scale = 1, order?: number[]): AssetReturns {
  const u = syntheticUniverse(seed, n, periods).scenarios;
  const columns = order ?? Array.from({ length: n }, (_, i) => i);
  const values = new Float64Array(n * periods);
  for (let t = 0; t < periods; t++)
    for (let j = 0; j < n; j++) values[t * n + j] = scale * u.returns[t * n + columns[j]!]!;
  return assetReturns(values, { assets: columns.map((i) => u.assetIds[i]!), frequency: "daily" });
}

const rules = (measure: RiskMeasure) => ({ riskMeasure: measure, ...(measure === "cdar" ? { confidence: 0.8 } : {}) });
const riskAt = (r: AssetReturns, w: Record<string, number>, measure: RiskMeasure) =>
  portfolioRisk(r, w, rules(measure));

describe("the measures on a return series", () => {
  it("semi-absolute deviation is half the mean absolute deviation; both ignore a shift of the returns", () => {
    fc.assert(
      fc.property(seriesArb, fc.double({ min: -0.1, max: 0.1, noNaN: true }), (r, shift) => {
        expect(close(semiAbsoluteDeviation(r), meanAbsoluteDeviation(r) / 2, 1e-12)).toBe(true);
        const moved = r.map((x) => x + shift);
        expect(Math.abs(meanAbsoluteDeviation(moved) - meanAbsoluteDeviation(r))).toBeLessThanOrEqual(
          1e-15 * r.length + 1e-15,
        );
      }),
      { seed: SEED, numRuns: 200 },
    );
  });

  it("each is positively homogeneous: ρ(c·r) = c·ρ(r) for c > 0", () => {
    fc.assert(
      fc.property(seriesArb, fc.double({ min: 0.01, max: 100, noNaN: true }), (r, c) => {
        const s = r.map((x) => c * x);
        expect(close(meanAbsoluteDeviation(s), c * meanAbsoluteDeviation(r), 1e-12)).toBe(true);
        expect(close(conditionalDrawdownAtRisk(s, 0.9), c * conditionalDrawdownAtRisk(r, 0.9), 1e-12)).toBe(true);
        expect(close(uncompoundedMaxDrawdown(s), c * uncompoundedMaxDrawdown(r), 1e-12)).toBe(true);
        expect(close(worstRealisation(s), c * worstRealisation(r), 1e-12)).toBe(true);
      }),
      { seed: SEED, numRuns: 200 },
    );
  });

  it("CDaR lies between the mean and the largest drawdown, grows with β and reaches the largest drawdown once (1−β)T <= 1", () => {
    fc.assert(
      fc.property(seriesArb, fc.double({ min: 0.01, max: 0.98, noNaN: true }), (r, beta) => {
        const d = uncompoundedDrawdowns(r);
        const mean = d.reduce((a, x) => a + x, 0) / d.length;
        const cdar = conditionalDrawdownAtRisk(r, beta);
        const tol = 1e-12;
        expect(cdar).toBeGreaterThanOrEqual(mean - tol);
        expect(cdar).toBeLessThanOrEqual(uncompoundedMaxDrawdown(r) + tol);
        expect(conditionalDrawdownAtRisk(r, Math.min(0.99, beta + 0.01))).toBeGreaterThanOrEqual(cdar - tol);
        expect(close(conditionalDrawdownAtRisk(r, 1 - 0.5 / r.length), uncompoundedMaxDrawdown(r), 1e-12)).toBe(true);
        for (const x of d) expect(x).toBeGreaterThanOrEqual(0);
      }),
      { seed: SEED, numRuns: 200 },
    );
  });

  it("the worst realisation falls by a when every return rises by a", () => {
    fc.assert(
      fc.property(seriesArb, fc.double({ min: -0.1, max: 0.1, noNaN: true }), (r, a) => {
        expect(Math.abs(worstRealisation(r.map((x) => x + a)) - (worstRealisation(r) - a))).toBeLessThanOrEqual(1e-15);
      }),
      { seed: SEED, numRuns: 200 },
    );
  });
});

describe("minimumRisk", () => {
  it(
    "is no riskier than equal weights or any other feasible portfolio",
    async () => {
      await fc.assert(
        fc.asyncProperty(
          problemArb,
          fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 7, maxLength: 7 }),
          async ({ seed, n, periods, measure }, raw) => {
            const r = data(seed, n, periods);
            const p = await minimumRisk(r, rules(measure));
            const equal = Object.fromEntries(r.assets.map((id) => [id, 1 / n]));
            const total = raw.slice(0, n).reduce((a, x) => a + x, 0) || 1;
            const other = Object.fromEntries(
              r.assets.map((id, i) => [id, total === 1 && raw[i] === 0 ? 1 / n : raw[i]! / total]),
            );
            const tol = 1e-9;
            expect(p.risk).toBeLessThanOrEqual(riskAt(r, equal, measure) + tol);
            expect(p.risk).toBeLessThanOrEqual(riskAt(r, other, measure) + tol);
            expect(close(p.risk, portfolioRisk(r, p, rules(measure)), 1e-12)).toBe(true);
            expect(p.certificate.objective).toBe(p.risk);
          },
        ),
        { seed: SEED, numRuns: RUNS },
      );
    },
    scaled(120_000),
  );

  it(
    "permuting the assets permutes the solution set: the same optimal risk, and the permuted weights are optimal for the original order",
    async () => {
      await fc.assert(
        fc.asyncProperty(
          problemArb,
          fc.integer({ min: 1, max: 1000 }),
          async ({ seed, n, periods, measure }, shuffle) => {
            const order = Array.from({ length: n }, (_, i) => i).sort(
              (a, b) => ((a * 7919 + shuffle) % 13) - ((b * 7919 + shuffle) % 13) || a - b,
            );
            const original = data(seed, n, periods);
            const permuted = data(seed, n, periods, 1, order);
            const a = await minimumRisk(original, { ...rules(measure), maxWeight: 0.6 });
            const b = await minimumRisk(permuted, { ...rules(measure), maxWeight: 0.6 });
            expect(b.assets).toEqual(order.map((i) => original.assets[i]));
            expect(close(a.risk, b.risk)).toBe(true);
            expect(
              close(riskAt(original, Object.fromEntries(b.weights.map((x) => [x.id, x.weight])), measure), a.risk),
            ).toBe(true);
          },
        ),
        { seed: SEED, numRuns: RUNS },
      );
    },
    scaled(120_000),
  );

  it(
    "scaling every return by c > 0 scales the optimal risk by c",
    async () => {
      await fc.assert(
        fc.asyncProperty(
          problemArb,
          fc.double({ min: 0.05, max: 3, noNaN: true }),
          async ({ seed, n, periods, measure }, c) => {
            const a = await minimumRisk(data(seed, n, periods), rules(measure));
            const b = await minimumRisk(data(seed, n, periods, c), rules(measure));
            expect(close(b.risk, c * a.risk)).toBe(true);
          },
        ),
        { seed: SEED, numRuns: RUNS },
      );
    },
    scaled(120_000),
  );

  it(
    "a target return that does not bind changes nothing; one that binds is met",
    async () => {
      await fc.assert(
        fc.asyncProperty(problemArb, async ({ seed, n, periods, measure }) => {
          const r = data(seed, n, periods);
          const free = await minimumRisk(r, rules(measure));
          // Annual targets are refused outside (−1, 1): only the cases whose returns allow both targets are compared.
          const best = (await meanRisk(r, { ...rules(measure), riskAversion: 0 })).performance.expectedReturn!;
          const target = (free.performance.expectedReturn! + best) / 2;
          const below = free.performance.expectedReturn! - 0.1;
          if (!(below > -1 && target < 1)) return;
          const loose = await minimumRisk(r, { ...rules(measure), targetReturn: below });
          expect(close(loose.risk, free.risk)).toBe(true);
          const tight = await minimumRisk(r, { ...rules(measure), targetReturn: target });
          expect(tight.performance.expectedReturn!).toBeGreaterThanOrEqual(target - 1e-9 * r.periodsPerYear);
          expect(tight.risk).toBeGreaterThanOrEqual(free.risk - 1e-9);
        }),
        { seed: SEED, numRuns: RUNS },
      );
    },
    scaled(120_000),
  );
});

describe("meanRisk", () => {
  it(
    "its objective beats the minimum-risk and equal-weight portfolios', and its risk does not grow with λ",
    async () => {
      await fc.assert(
        fc.asyncProperty(
          problemArb,
          fc.double({ min: 0, max: 5, noNaN: true }),
          fc.double({ min: 0.01, max: 5, noNaN: true }),
          async ({ seed, n, periods, measure }, lambda, step) => {
            const r = data(seed, n, periods);
            const p = await meanRisk(r, { ...rules(measure), riskAversion: lambda });
            const q = await meanRisk(r, { ...rules(measure), riskAversion: lambda + step });
            const m = await minimumRisk(r, rules(measure));
            const P = r.periodsPerYear;
            const value = (x: { performance: { expectedReturn: number | null } }, risk: number) =>
              x.performance.expectedReturn! / P - lambda * risk;
            const equal = Object.fromEntries(r.assets.map((id) => [id, 1 / n]));
            const equalMean =
              (await meanRisk(r, { ...rules(measure), riskAversion: 0, maxWeight: 1 / n })).performance
                .expectedReturn! / P;
            const tol = 1e-9;
            expect(close(p.certificate.objective!, value(p, p.risk), 1e-9)).toBe(true);
            expect(p.certificate.objective!).toBeGreaterThanOrEqual(value(m, m.risk) - tol);
            expect(p.certificate.objective!).toBeGreaterThanOrEqual(
              equalMean - lambda * riskAt(r, equal, measure) - tol,
            );
            expect(q.risk).toBeLessThanOrEqual(p.risk + tol);
          },
        ),
        { seed: SEED, numRuns: RUNS },
      );
    },
    scaled(120_000),
  );
});
