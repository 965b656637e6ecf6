/**
 * Arbitraries of companies as the scoring and optimizers see them: signals in [0, 1], market caps
 * log-uniform over 1e6..1e13 USD with unknown (null) and zero caps mixed in.
 */
import fc from "fast-check";
import type { OptimizerCompany } from "../optimize/types.ts";
import type { ConvictionInput } from "../scoring/types.ts";

/** A signal value in [0, 1] (linguistic beta, market buzz, conviction). */
export const arbitraryUnit = (): fc.Arbitrary<number> => fc.double({ min: 0, max: 1, noNaN: true });

/** A market cap from 1e6 to 1e13 USD, log-uniform. */
export const arbitraryMarketCap = (): fc.Arbitrary<number> =>
  fc.double({ min: 6, max: 13, noNaN: true }).map((u) => 10 ** u);

/** A market cap as the data has it: mostly known, sometimes unknown (null) or 0. */
export const arbitraryReportedMarketCap = (): fc.Arbitrary<number | null> =>
  fc.oneof(
    { arbitrary: arbitraryMarketCap(), weight: 8 },
    { arbitrary: fc.constant(null), weight: 1 },
    { arbitrary: fc.constant(0), weight: 1 },
  );

/** One company as `convictionScores` reads it. */
export const arbitraryConvictionInput = (): fc.Arbitrary<ConvictionInput> =>
  fc.record({ linguisticBeta: arbitraryUnit(), marketBuzz: arbitraryUnit(), marketCap: arbitraryReportedMarketCap() });

/** 0..`maxLength` companies for `convictionScores` (default 40). */
export const arbitraryConvictionInputs = ({
  maxLength = 40,
}: {
  maxLength?: number;
} = {}): fc.Arbitrary<ConvictionInput[]> => fc.array(arbitraryConvictionInput(), { maxLength });

/** A minimum market cap: 0, the service's default 500M, or any cap in range. */
export const arbitraryMinMarketCap = (): fc.Arbitrary<number> =>
  fc.oneof(fc.constant(0), fc.constant(500_000_000), arbitraryMarketCap());

/**
 * `minLength..maxLength` optimizer companies with unique ids `C000, C001, …`, signals in [0, 1],
 * conviction sometimes null, market caps as reported (null and 0 included).
 *
 * @example
 * fc.assert(fc.asyncProperty(arbitraryOptimizerCompanies(), async (cs) => (await scoreTilt(cs)).weights.length > 0));
 */
export function arbitraryOptimizerCompanies({
  minLength = 2,
  maxLength = 30,
}: {
  minLength?: number;
  maxLength?: number;
} = {}): fc.Arbitrary<OptimizerCompany[]> {
  const company = fc.record({
    marketCap: arbitraryReportedMarketCap(),
    linguisticBeta: arbitraryUnit(),
    marketBuzz: arbitraryUnit(),
    convictionScore: fc.oneof({ arbitrary: arbitraryUnit(), weight: 9 }, { arbitrary: fc.constant(null), weight: 1 }),
  });
  return fc
    .array(company, { minLength, maxLength })
    .map((cs) => cs.map((c, i) => ({ id: `C${String(i).padStart(3, "0")}`, ...c })));
}

/**
 * A permutation of 0..n−1 from random keys (ties broken by index).
 *
 * @example
 * fc.sample(permutationOf(3), 1)[0].sort() // => [0, 1, 2]
 */
export function permutationOf(n: number): fc.Arbitrary<number[]> {
  return fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: n, maxLength: n }).map((keys) =>
    keys
      .map((k, i) => [k, i] as const)
      .sort((a, b) => a[0] - b[0] || a[1] - b[1])
      .map(([, i]) => i),
  );
}
