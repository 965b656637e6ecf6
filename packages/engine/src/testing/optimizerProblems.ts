/**
 * Arbitraries of optimizer problems: options within the contract's bounds (rest-interface.md
 * §4.2, §8) and whole instances (companies, return scenarios, options) that are feasible.
 */
import fc from "fast-check";
import type { MeanCvarOptimizeOptions } from "../optimize/meanCvarOptimize.ts";
import type { ScoreTiltOptions } from "../optimize/scoreTilt.ts";
import type { OptimizerCompany, ReturnScenarios } from "../optimize/types.ts";
import { uniformIn } from "./returns.ts";
import { syntheticUniverse } from "./syntheticUniverse.ts";

/**
 * Return scenarios (T × N daily simple returns, row-major) of a seeded one-factor market with fat
 * tails, with their companies: `assets` and `periods` drawn from the given ranges.
 *
 * @example
 * fc.assert(fc.property(arbitraryReturnScenarios(), ({ scenarios }) => scenarios.returns.every((r) => r > -1)));
 */
export function arbitraryReturnScenarios({
  minAssets = 2,
  maxAssets = 12,
  minPeriods = 20,
  maxPeriods = 250,
}: {
  minAssets?: number;
  maxAssets?: number;
  minPeriods?: number;
  maxPeriods?: number;
} = {}): fc.Arbitrary<{ companies: OptimizerCompany[]; scenarios: ReturnScenarios }> {
  return fc
    .record({
      seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
      assets: fc.integer({ min: minAssets, max: maxAssets }),
      periods: fc.integer({ min: minPeriods, max: maxPeriods }),
    })
    .map(({ seed, assets, periods }) => syntheticUniverse(seed, assets, periods));
}

/**
 * Mean-CVaR options feasible for `n` eligible companies, each within the contract's bounds:
 * 1/n <= maxWeight <= 1, 2 <= minHoldings <= n, 0.0001 < minActiveWeight <= min(maxWeight, 1/minHoldings),
 * 0.5 <= returnMultiplier <= 20, linguisticBetaWeight 0..0.3, buzzPenalty 0..0.05, β ∈ {0.9, 0.95}.
 * `binding` biases toward a cardinality constraint the LP optimum violates (K >= n/2, w_min near
 * its largest feasible value, a strong linguistic-beta reward that concentrates the LP).
 */
export function arbitraryMeanCvarOptions(
  n: number,
  { binding = false }: { binding?: boolean } = {},
): fc.Arbitrary<MeanCvarOptimizeOptions> {
  return fc
    .record({
      linguisticBetaWeight: uniformIn(0, binding ? 0.3 : 0.1),
      buzzPenalty: uniformIn(0, 0.05),
      returnMultiplier: uniformIn(0.5, 20),
      maxShare: uniformIn(0, 1),
      holdingsShare: uniformIn(binding ? 0.5 : 0, 1),
      activeShare: uniformIn(binding ? 0.6 : 0.05, 1),
      confidence: fc.constantFrom(0.9, 0.95),
    })
    .map((x) => {
      const maxWeight = 1 / n + x.maxShare * (1 - 1 / n);
      const minHoldings = 2 + Math.floor(x.holdingsShare * (n - 1.0001));
      const minActiveWeight = Math.max(0.00011, x.activeShare * Math.min(maxWeight, 1 / minHoldings));
      return {
        minMarketCap: 1e9,
        linguisticBetaWeight: x.linguisticBetaWeight,
        buzzPenalty: x.buzzPenalty,
        returnMultiplier: x.returnMultiplier,
        maxWeight,
        minHoldings,
        minActiveWeight,
        confidence: x.confidence,
      };
    });
}

/**
 * A small feasible mean-CVaR instance: 3..6 (binding) or 3..7 companies, all eligible (caps 1e10),
 * 30..90 scenarios, and options from {@link arbitraryMeanCvarOptions}. Small enough for
 * `bruteForce` of ./referenceLp.ts to check the optimum.
 *
 * @example
 * await fc.assert(fc.asyncProperty(arbitraryMeanCvarProblem(), async ({ companies, scenarios, options }) => (await meanCvarOptimize(companies, scenarios, options)).weights.length >= options.minHoldings!));
 */
export function arbitraryMeanCvarProblem({
  binding = false,
}: {
  binding?: boolean;
} = {}): fc.Arbitrary<{ companies: OptimizerCompany[]; scenarios: ReturnScenarios; options: MeanCvarOptimizeOptions }> {
  return arbitraryReturnScenarios({ minAssets: 3, maxAssets: binding ? 6 : 7, minPeriods: 30, maxPeriods: 90 }).chain(
    ({ companies, scenarios }) => {
      for (const c of companies) c.marketCap = 1e10; // every company eligible
      return arbitraryMeanCvarOptions(companies.length, { binding }).map((options) => ({
        companies,
        scenarios,
        options,
      }));
    },
  );
}

/**
 * Score-tilt bounds feasible for `n` companies: tiltExponent in 0..10 (0 and 1 often),
 * 1/n <= maxWeight <= 1, 0 <= minWeight <= 1/n.
 */
export function arbitraryScoreTiltOptions(
  n: number,
): fc.Arbitrary<Required<Pick<ScoreTiltOptions, "tiltExponent" | "maxWeight" | "minWeight">>> {
  return fc
    .record({
      tiltExponent: fc.oneof(uniformIn(0, 10), fc.constant(0), fc.constant(1)),
      hiShare: uniformIn(0, 1),
      loShare: uniformIn(0, 1),
    })
    .map(({ tiltExponent, hiShare, loShare }) => ({
      tiltExponent,
      maxWeight: 1 / n + hiShare * (1 - 1 / n),
      minWeight: loShare * (1 / n),
    }));
}

/**
 * A score-tilt instance: 2..40 companies `K00…` with conviction scores (some null, tied at 0.5, or
 * 0), caps 1e9, and feasible bounds from {@link arbitraryScoreTiltOptions}.
 */
export function arbitraryScoreTiltProblem({ maxCompanies = 40 }: { maxCompanies?: number } = {}): fc.Arbitrary<{
  companies: OptimizerCompany[];
  options: ReturnType<typeof arbitraryScoreTiltOptions> extends fc.Arbitrary<infer O> ? O : never;
}> {
  const score = fc.oneof(uniformIn(0, 1), fc.constant(0), fc.constant(null), fc.constant(0.5));
  return fc.array(score, { minLength: 2, maxLength: maxCompanies }).chain((scores) =>
    arbitraryScoreTiltOptions(scores.length).map((options) => ({
      companies: scores.map(
        (s, i): OptimizerCompany => ({
          id: `K${String(i).padStart(2, "0")}`,
          marketCap: 1e9,
          linguisticBeta: 0.5,
          marketBuzz: 0.2,
          convictionScore: s,
        }),
      ),
      options,
    })),
  );
}
