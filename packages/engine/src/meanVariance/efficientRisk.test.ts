import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { efficientRisk } from "./efficientRisk.ts";
import { efficientReturn } from "./efficientReturn.ts";
import { minimumVariance } from "./minimumVariance.ts";
import { covarianceOf, expectValid, oracle, problemArb } from "./_test/helpers.ts";

describe("efficientRisk", () => {
  it("reaches scipy SLSQP's return at the target volatility to 1e-8 relative (and never below it)", () => {
    for (const c of oracle.slsqp) {
      const r = efficientRisk(c.mu, covarianceOf(c), c.targetVolatility, { maxWeight: c.maxWeight });
      expectValid(r, c.maxWeight);
      expect(r.performance.volatility!).toBeLessThanOrEqual(c.targetVolatility * (1 + 1e-12));
      expect(r.performance.expectedReturn!).toBeGreaterThanOrEqual(
        c.efficientRiskObjective - 1e-8 * Math.abs(c.efficientRiskObjective),
      );
      expect(Math.abs(r.performance.expectedReturn! - c.efficientRiskObjective)).toBeLessThanOrEqual(
        1e-8 * Math.abs(c.efficientRiskObjective),
      );
    }
  });

  it("is the inverse of efficientReturn on the frontier (the same portfolio)", () => {
    for (const c of oracle.exact) {
      const byReturn = efficientReturn(c.mu, covarianceOf(c), c.targetReturn, { maxWeight: c.maxWeight });
      const byRisk = efficientRisk(c.mu, covarianceOf(c), byReturn.performance.volatility!, { maxWeight: c.maxWeight });
      expect(Math.abs(byRisk.performance.expectedReturn! - byReturn.performance.expectedReturn!)).toBeLessThanOrEqual(
        1e-12,
      );
    }
  });

  it("properties: volatility within the target; return non-decreasing in the target", () => {
    fc.assert(
      fc.property(problemArb, fc.double({ min: 1, max: 3, noNaN: true }), ({ covariance, mu, maxWeight }, k) => {
        const floor = minimumVariance(covariance, { maxWeight }).performance.volatility!;
        const a = efficientRisk(mu, covariance, floor * k, { maxWeight });
        const b = efficientRisk(mu, covariance, floor * k * 1.1, { maxWeight });
        expectValid(a, maxWeight);
        expect(a.performance.volatility!).toBeLessThanOrEqual(floor * k * (1 + 1e-12));
        expect(b.performance.expectedReturn!).toBeGreaterThanOrEqual(a.performance.expectedReturn! - 1e-15);
      }),
      { numRuns: 60 },
    );
  });

  it("regression: nearly equal returns made t huge and t·q lose every digit (KKT 1.8e-2); μ is now centred on the free set", () => {
    const n = 11;
    const values = new Float64Array(n * n);
    const diag = [3.452669830012437e-4, 1e-5, 1e-5, 1e-5, 2.3451164224351975e-5, 1e-5, 1e-5, 1e-5, 1e-5, 1e-5, 1e-5];
    diag.forEach((d, i) => (values[i * n + i] = d));
    const mu = [0, 0, 0, 0, -0.0009999999999999994, 0, 0, -0.0009999999999999998, 0, 0, 0];
    const maxWeight = 0.09090909190909091;
    const floor = minimumVariance({ size: n, values }, { maxWeight }).performance.volatility!;
    const r = efficientRisk(mu, { size: n, values }, floor, { maxWeight });
    expectValid(r, maxWeight);
    expect(r.performance.volatility!).toBeLessThanOrEqual(floor * (1 + 1e-12));
  });

  it("a target below the minimum volatility is INFEASIBLE naming targetVolatility", () => {
    expect(() =>
      efficientRisk([0.001, 0.002], { size: 2, values: new Float64Array([1e-4, 0, 0, 1e-4]) }, 0.001),
    ).toThrowError(expect.objectContaining({ code: "INFEASIBLE", field: "targetVolatility" }));
  });
});
