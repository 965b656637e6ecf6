import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { maximumSharpe } from "./maximumSharpe.ts";
import { efficientFrontier } from "./efficientFrontier.ts";
import { covarianceOf, expectValid, expectWeightsClose, oracle, problemArb } from "./_test/helpers.ts";

describe("maximumSharpe", () => {
  it("equals the exact Cornuejols–Tütüncü face enumeration (numpy) on the oracle cases", () => {
    for (const c of oracle.exact) {
      const r = maximumSharpe(c.mu, covarianceOf(c), { maxWeight: c.maxWeight, riskFreeRate: c.riskFreeRate });
      expectValid(r, c.maxWeight);
      expectWeightsClose(r.vector, c.maximumSharpe, 1e-9);
    }
  });

  it("reaches scipy SLSQP's Sharpe ratio to 1e-8 relative at 30 assets (and is never below it)", () => {
    for (const c of oracle.slsqp) {
      const r = maximumSharpe(c.mu, covarianceOf(c), { maxWeight: c.maxWeight, riskFreeRate: c.riskFreeRate });
      expectValid(r, c.maxWeight);
      expect(r.performance.sharpeRatio!).toBeGreaterThanOrEqual(c.maximumSharpeObjective * (1 - 1e-8));
      expect(Math.abs(r.performance.sharpeRatio! - c.maximumSharpeObjective)).toBeLessThanOrEqual(
        1e-8 * c.maximumSharpeObjective,
      );
    }
  });

  it("closed form without binding bounds: w ∝ Σ⁻¹(μ − r_f)", () => {
    const r = maximumSharpe([0.001, 0.002], { size: 2, values: new Float64Array([0.0004, 0.00006, 0.00006, 0.0009]) });
    expectWeightsClose(r.vector, [7.8 / 15.2, 7.4 / 15.2], 1e-15);
  });

  it("properties: certified; its Sharpe ratio is at least every frontier point's", () => {
    fc.assert(
      fc.property(problemArb, ({ covariance, mu, maxWeight }) => {
        // Skip when no portfolio within the cap beats r_f = 0 (the best assets filled first).
        let left = 1;
        let rMax = 0;
        for (const m of [...mu].sort((x, y) => y - x)) {
          const take = Math.min(maxWeight, left);
          rMax += take * m;
          left -= take;
        }
        if (rMax <= 1e-12) return;
        const r = maximumSharpe(mu, covariance, { maxWeight });
        expectValid(r, maxWeight);
        const f = efficientFrontier(mu, covariance, { maxWeight, points: 25 });
        // Rounding in μᵀw is about 1e-16·Σ|μ_i w_i|, which matters when the feasible set is nearly one point and μᵀw cancels.
        const slack =
          1e-9 * Math.abs(r.performance.sharpeRatio!) +
          (1e-13 * Math.max(...mu.map(Math.abs))) / r.performance.volatility!;
        for (const p of f.points)
          expect(r.performance.sharpeRatio!).toBeGreaterThanOrEqual(p.performance.sharpeRatio! - slack);
      }),
      { numRuns: 60 },
    );
  });

  it("the minHoldings rule: forced holdings meet minActiveWeight, the gap is the Sharpe ratio given up against the relaxation", () => {
    // One asset dominates (high return, low risk); K = 3 at 5% forces two more in.
    const mu = [0.002, 0.0002, 0.0001, 0.0001];
    const C = { size: 4, values: new Float64Array([1e-5, 0, 0, 0, 0, 4e-4, 0, 0, 0, 0, 4e-4, 0, 0, 0, 0, 4e-4]) };
    const free = maximumSharpe(mu, C);
    const forced = maximumSharpe(mu, C, { minHoldings: 3, minActiveWeight: 0.05 });
    expect(forced.certificate.status).toBe("cardinality-heuristic");
    expect(forced.vector.filter((w) => w >= 0.05 - 1e-15)).toHaveLength(3);
    expectValid(forced);
    expect(forced.certificate.gap).toBeCloseTo(free.performance.sharpeRatio! - forced.performance.sharpeRatio!, 14);
    expect(forced.certificate.gap).toBeGreaterThan(0);
  });

  it("no portfolio above the risk-free rate is INFEASIBLE naming riskFreeRate", () => {
    expect(() =>
      maximumSharpe([0.001, 0.002], { size: 2, values: new Float64Array([1e-4, 0, 0, 1e-4]) }, { riskFreeRate: 0.003 }),
    ).toThrowError(expect.objectContaining({ code: "INFEASIBLE", field: "riskFreeRate" }));
  });
});
