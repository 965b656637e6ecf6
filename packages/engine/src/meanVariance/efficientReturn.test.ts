import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { efficientReturn } from "./efficientReturn.ts";
import { minimumVariance } from "./minimumVariance.ts";
import { covarianceOf, expectValid, expectWeightsClose, oracle, problemArb } from "./_test/helpers.ts";

describe("efficientReturn", () => {
  it("equals the exact face enumeration with the return row (numpy) on the oracle cases", () => {
    for (const c of oracle.exact) {
      const r = efficientReturn(c.mu, covarianceOf(c), c.targetReturn, { maxWeight: c.maxWeight });
      expectValid(r, c.maxWeight);
      expectWeightsClose(r.vector, c.efficientReturn, 1e-9);
      expect(Math.abs(r.performance.expectedReturn! - c.targetReturn)).toBeLessThanOrEqual(1e-15);
    }
  });

  it("properties: earns the target (or more, at the minimum variance); variance non-decreasing in the target", () => {
    fc.assert(
      fc.property(
        problemArb,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        ({ covariance, mu, maxWeight }, a, b) => {
          const minVar = minimumVariance(covariance, { maxWeight });
          let r0 = 0;
          for (let i = 0; i < mu.length; i++) r0 += mu[i]! * minVar.vector[i]!;
          // The largest return within the caps: fill the best assets first.
          const order = mu.map((m, i) => [m, i] as const).sort((x, y) => y[0] - x[0]);
          let left = 1;
          let rMax = 0;
          for (const [m] of order) {
            const take = Math.min(maxWeight, left);
            rMax += take * m;
            left -= take;
          }
          const [lo, hi] = [Math.min(a, b), Math.max(a, b)];
          const ra = efficientReturn(mu, covariance, r0 + lo * (rMax - r0) * 0.999, { maxWeight });
          const rb = efficientReturn(mu, covariance, r0 + hi * (rMax - r0) * 0.999, { maxWeight });
          expectValid(ra, maxWeight);
          expect(ra.performance.expectedReturn!).toBeGreaterThanOrEqual(r0 + lo * (rMax - r0) * 0.999 - 1e-12);
          expect(rb.variance).toBeGreaterThanOrEqual(ra.variance * (1 - 1e-10));
        },
      ),
      { numRuns: 60 },
    );
  });

  it("a target above every attainable return is INFEASIBLE naming targetReturn", () => {
    expect(() =>
      efficientReturn([0.001, 0.002], { size: 2, values: new Float64Array([1e-4, 0, 0, 1e-4]) }, 0.0021),
    ).toThrowError(expect.objectContaining({ code: "INFEASIBLE", field: "targetReturn" }));
  });
});
