import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { minimumVariance } from "./minimumVariance.ts";
import { covarianceOf, expectValid, expectWeightsClose, oracle, problemArb } from "./_test/helpers.ts";

describe("minimumVariance", () => {
  it("equals the exact face-enumeration optimum (numpy) on the oracle cases", () => {
    for (const c of oracle.exact) {
      const r = minimumVariance(covarianceOf(c), { maxWeight: c.maxWeight });
      expectValid(r, c.maxWeight);
      expectWeightsClose(r.vector, c.minimumVariance, 1e-9);
      expect(r.certificate.status).toBe("optimal");
    }
  });

  it("reaches scipy SLSQP's objective to 1e-8 relative at 30 assets (and is never worse)", () => {
    for (const c of oracle.slsqp) {
      const r = minimumVariance(covarianceOf(c), { maxWeight: c.maxWeight });
      expectValid(r, c.maxWeight);
      expect(r.variance).toBeLessThanOrEqual(c.minimumVarianceObjective * (1 + 1e-8));
      expect(Math.abs(r.variance - c.minimumVarianceObjective)).toBeLessThanOrEqual(1e-8 * c.minimumVarianceObjective);
    }
  });

  it("closed form without binding bounds: w = Σ⁻¹1 / 1ᵀΣ⁻¹1 for two assets", () => {
    const r = minimumVariance({ size: 2, values: new Float64Array([0.04, 0.006, 0.006, 0.09]) });
    expectWeightsClose(r.vector, [0.084 / 0.118, 0.034 / 0.118], 1e-15);
  });

  it("properties: feasible and certified; no feasible perturbation lowers the variance; a tighter cap never lowers it", () => {
    fc.assert(
      fc.property(problemArb, fc.integer({ min: 0, max: 1000 }), ({ n, covariance, maxWeight }, seed) => {
        const r = minimumVariance(covariance, { maxWeight });
        expectValid(r, maxWeight);
        // Move weight between two assets within the bounds: the variance cannot drop.
        const i = seed % n;
        const j = (seed * 7 + 1) % n;
        if (i !== j) {
          const room = Math.min(r.vector[i]!, maxWeight - r.vector[j]!);
          if (room > 1e-6) {
            const w = Float64Array.from(r.vector);
            w[i]! -= room / 2;
            w[j]! += room / 2;
            let v = 0;
            for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) v += w[a]! * covariance.values[a * n + b]! * w[b]!;
            expect(v).toBeGreaterThanOrEqual(r.variance * (1 - 1e-12));
          }
        }
        const tighter = Math.max(1 / n + 1e-9, maxWeight * 0.8);
        expect(minimumVariance(covariance, { maxWeight: tighter }).variance).toBeGreaterThanOrEqual(
          r.variance * (1 - 1e-12),
        );
      }),
    );
  });

  it("the minHoldings rule: met as solved, or forced by the documented heuristic with a gap", () => {
    // One very quiet asset takes almost everything; K = 3 at w_min = 0.05 forces two more.
    const values = new Float64Array([1e-6, 0, 0, 0, 4e-4, 1e-4, 0, 1e-4, 4e-4]);
    const free = minimumVariance({ size: 3, values });
    expect(free.vector[1]).toBeLessThan(0.05);
    const r = minimumVariance({ size: 3, values }, { minHoldings: 3, minActiveWeight: 0.05 });
    expect(r.certificate.status).toBe("cardinality-heuristic");
    for (const w of r.vector) expect(w).toBeGreaterThanOrEqual(0.05 - 1e-15);
    expect(r.certificate.gap).toBeCloseTo(r.variance - free.variance, 18);
    expect(r.certificate.gap).toBeGreaterThan(0);
  });

  it("a semi-definite covariance: exact duplicates are solved as one asset (warned), collinear assets on the optimum's face are named", () => {
    const dup = minimumVariance({ size: 2, values: new Float64Array([1, 1, 1, 1]) });
    expect(Array.from(dup.vector)).toEqual([0.5, 0.5]);
    expect(dup.certificate.status).toBe("optimal");
    expect(dup.warnings.join(" ")).toMatch(/exact duplicates .*"0" = "1"/);
    // Asset 2 is the half-half mix of assets 0 and 1: singular, and not a duplicate.
    expect(() =>
      minimumVariance([
        [1, 0, 0.5],
        [0, 1, 0.5],
        [0.5, 0.5, 0.5],
      ]),
    ).toThrowError(/collinear assets: "2" moves as 0\.5·"0" \+ 0\.5·"1"\. Drop "2", or use a shrinkage estimate/);
    expect(() => minimumVariance({ size: 2, values: new Float64Array([1, 0.5, 0.4, 1]) })).toThrowError(
      /covariance must be symmetric/,
    );
    expect(() =>
      minimumVariance({ size: 3, values: new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]) }, { maxWeight: 0.3 }),
    ).toThrowError(/maxWeight cannot hold/);
  });

  it("accepts the covariance as rows, like every method that reads one", () => {
    const rows = minimumVariance([
      [0.04, 0],
      [0, 0.09],
    ]);
    const flat = minimumVariance({ size: 2, values: new Float64Array([0.04, 0, 0, 0.09]) });
    expect(Array.from(rows.vector)).toEqual(Array.from(flat.vector));
    expect(rows.assets).toEqual(["0", "1"]);
  });
});
