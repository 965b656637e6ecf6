import fc from "fast-check";
import { seededRandom } from "../../testing/seededRandom.ts";

/**
 * Test helper (not exported): the sample covariance (n − 1 denominator) of T simulated daily returns
 * of n assets from a two-factor model with idiosyncratic noise, seeded. Rows as `number[][]`.
 */
export function sampleCovarianceOf(seed: number, n: number, periods: number): number[][] {
  const rand = seededRandom(seed);
  const normal = () => {
    const u = Math.max(rand(), 1e-12);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
  };
  const loadings = Array.from({ length: 2 }, () => Array.from({ length: n }, () => normal() * 0.01));
  const vols = Array.from({ length: n }, () => 0.005 + 0.025 * rand());
  const returns: number[][] = [];
  for (let t = 0; t < periods; t++) {
    const f = [normal(), normal()];
    returns.push(
      Array.from({ length: n }, (_, i) => f[0]! * loadings[0]![i]! + f[1]! * loadings[1]![i]! + vols[i]! * normal()),
    );
  }
  const mean = Array.from({ length: n }, (_, i) => returns.reduce((s, r) => s + r[i]!, 0) / periods);
  return Array.from({ length: n }, (_, i) =>
    Array.from(
      { length: n },
      (_, j) => returns.reduce((s, r) => s + (r[i]! - mean[i]!) * (r[j]! - mean[j]!), 0) / (periods - 1),
    ),
  );
}

/** A covariance of 1..maxN assets from a seeded factor model (T = 3n + 10, so full rank). */
export const covarianceArb = (maxN = 10, minN = 1): fc.Arbitrary<number[][]> =>
  fc
    .tuple(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: minN, max: maxN }))
    .map(([seed, n]) => sampleCovarianceOf(seed, n, 3 * n + 10));

/** Rows and columns of `cov` permuted: `out[i][j] = cov[p[i]][p[j]]`. */
export function permuteCovariance(cov: readonly (readonly number[])[], p: readonly number[]): number[][] {
  return p.map((pi) => p.map((pj) => cov[pi]![pj]!));
}

/** The oracle cases written by oracle_riskBased.py. */
export interface RiskBasedOracleCase {
  name: string;
  covariance: number[][];
  erc: { weights: number[] };
  budgeted: { budgets: number[]; weights: number[] };
  hrp: { weights: number[]; order: number[]; distances: number[]; clusters: number[][] };
}
