import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { closeTo } from "../testing/closeTo.ts";
import { hierarchicalRiskParity } from "./hierarchicalRiskParity.ts";
import { covarianceArb, permuteCovariance, type RiskBasedOracleCase } from "./_test/randomCovariance.ts";
import oracle from "./_test/oracle_riskBased.json" with { type: "json" };

const cases = (oracle as { cases: RiskBasedOracleCase[] }).cases;

/** Leaves of every merged cluster, sorted: the dendrogram without its left/right order. */
function clustersOf(linkage: ReturnType<typeof hierarchicalRiskParity>["linkage"], n: number): number[][] {
  const members: number[][] = Array.from({ length: n }, (_, i) => [i]);
  for (const s of linkage) members.push([...members[s.left]!, ...members[s.right]!].sort((a, b) => a - b));
  return members.slice(n).sort((a, b) => a.join(",").localeCompare(b.join(",")));
}

describe("hierarchicalRiskParity: oracle (scipy single linkage, numpy bisection)", () => {
  for (const c of cases) {
    it(`${c.name}: same dendrogram, merge distances, order and weights (1e-12)`, () => {
      const n = c.covariance.length;
      const r = hierarchicalRiskParity(c.covariance);
      expect(r.order).toEqual(c.hrp.order.map(String));
      expect(clustersOf(r.linkage, n)).toEqual(
        [...c.hrp.clusters].sort((a, b) => a.join(",").localeCompare(b.join(","))),
      );
      r.linkage.forEach((s, k) => expect(closeTo(s.distance, c.hrp.distances[k]!, 1e-12)).toBe(true));
      r.vector.forEach((w, i) => expect(closeTo(w, c.hrp.weights[i]!, 1e-10, 1e-15)).toBe(true));
    });
  }

  it("closed forms: one asset gets 1; two assets get inverse-variance weights; a block-diagonal 2+2 matches hand calculation", () => {
    expect(Array.from(hierarchicalRiskParity([[0.09]]).vector)).toEqual([1]);
    const w2 = hierarchicalRiskParity([
      [0.04, 0.01],
      [0.01, 0.01],
    ]).vector;
    expect(closeTo(w2[0]!, 0.01 / 0.05, 1e-12)).toBe(true);
    // Two uncorrelated blocks {0,1} (ρ = 0.8) and {2,3} (ρ = 0.8): the tree splits them first.
    const v = [0.04, 0.01, 0.09, 0.16];
    const cov = v.map((vi, i) =>
      v.map((vj, j) => (i === j ? vi : Math.floor(i / 2) === Math.floor(j / 2) ? 0.8 * Math.sqrt(vi * vj) : 0)),
    );
    const w = hierarchicalRiskParity(cov).vector;
    const ivp = (a: number, b: number) => {
      const x = 1 / v[a]! / (1 / v[a]! + 1 / v[b]!);
      return x * x * v[a]! + (1 - x) ** 2 * v[b]! + 2 * x * (1 - x) * cov[a]![b]!;
    };
    const va = ivp(0, 1);
    const vb = ivp(2, 3);
    const alpha = 1 - va / (va + vb);
    expect(closeTo(w[0]! + w[1]!, alpha, 1e-12)).toBe(true);
    expect(closeTo(w[0]! / (w[0]! + w[1]!), v[1]! / (v[0]! + v[1]!), 1e-12)).toBe(true);
    expect(closeTo(w[2]! / (w[2]! + w[3]!), v[3]! / (v[2]! + v[3]!), 1e-12)).toBe(true);
  });
});

describe("hierarchicalRiskParity: properties", () => {
  it("weights >= 0 sum to 1; the order is a permutation; merge distances are non-decreasing and in [0, 1]", () => {
    fc.assert(
      fc.property(covarianceArb(15), (cov) => {
        const n = cov.length;
        const r = hierarchicalRiskParity(cov);
        expect(
          closeTo(
            r.vector.reduce((a, b) => a + b, 0),
            1,
            1e-12,
          ),
        ).toBe(true);
        for (const w of r.vector) expect(w).toBeGreaterThanOrEqual(0);
        expect(r.order.map(Number).sort((a, b) => a - b)).toEqual([...Array(n).keys()]);
        expect(r.linkage.length).toBe(n - 1);
        r.linkage.forEach((s, k) => {
          expect(s.distance).toBeGreaterThanOrEqual(k > 0 ? r.linkage[k - 1]!.distance : 0);
          expect(s.distance).toBeLessThanOrEqual(1);
        });
      }),
      { numRuns: 150 },
    );
  });

  it("invariant under a permutation of the assets: HRP(PΣPᵀ) = P·HRP(Σ)", () => {
    fc.assert(
      fc.property(
        covarianceArb(15, 2).chain((cov) =>
          fc.tuple(fc.constant(cov), fc.shuffledSubarray([...cov.keys()], { minLength: cov.length })),
        ),
        ([cov, p]) => {
          const w = hierarchicalRiskParity(cov).vector;
          const wp = hierarchicalRiskParity(permuteCovariance(cov, p)).vector;
          p.forEach((pi, i) => expect(closeTo(wp[i]!, w[pi]!, 1e-10, 1e-15)).toBe(true));
        },
      ),
      { numRuns: 150 },
    );
  });

  it("invariant under scaling Σ by k > 0", () => {
    fc.assert(
      fc.property(covarianceArb(10), fc.double({ min: 1e-6, max: 1e6, noNaN: true }), (cov, k) => {
        const w = hierarchicalRiskParity(cov).vector;
        const ws = hierarchicalRiskParity(cov.map((row) => row.map((x) => x * k))).vector;
        w.forEach((wi, i) => expect(closeTo(ws[i]!, wi, 1e-9, 1e-15)).toBe(true));
      }),
      { numRuns: 60 },
    );
  });
});
