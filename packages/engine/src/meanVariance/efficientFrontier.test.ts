import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { efficientFrontier } from "./efficientFrontier.ts";
import { efficientReturn } from "./efficientReturn.ts";
import { minimumVariance } from "./minimumVariance.ts";
import { covarianceOf, expectValid, oracle, problemArb } from "./_test/helpers.ts";

describe("efficientFrontier", () => {
  it("starts at the minimum variance and each point is the efficientReturn optimum of its return", () => {
    for (const c of oracle.exact) {
      const f = efficientFrontier(c.mu, covarianceOf(c), { maxWeight: c.maxWeight, points: 12 });
      expect(f.points).toHaveLength(12);
      expect(
        Math.abs(f.points[0]!.variance - minimumVariance(covarianceOf(c), { maxWeight: c.maxWeight }).variance),
      ).toBeLessThanOrEqual(1e-18);
      for (const p of f.points.slice(1)) {
        const e = efficientReturn(c.mu, covarianceOf(c), p.performance.expectedReturn!, { maxWeight: c.maxWeight });
        expect(Math.abs(e.variance - p.variance)).toBeLessThanOrEqual(1e-12 * p.variance);
      }
    }
  });

  it("properties: every point valid; return and volatility both non-decreasing along the curve", () => {
    fc.assert(
      fc.property(problemArb, fc.integer({ min: 2, max: 30 }), ({ covariance, mu, maxWeight }, points) => {
        const f = efficientFrontier(mu, covariance, { maxWeight, points });
        expect(f.points).toHaveLength(points);
        for (let k = 0; k < points; k++) {
          expectValid(f.points[k]!, maxWeight);
          if (k > 0) {
            expect(f.points[k]!.performance.expectedReturn!).toBeGreaterThanOrEqual(
              f.points[k - 1]!.performance.expectedReturn! - 1e-15,
            );
            expect(f.points[k]!.performance.volatility!).toBeGreaterThanOrEqual(
              f.points[k - 1]!.performance.volatility! * (1 - 1e-12),
            );
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it("regression: a lone free weight drifted by rounding toward a bound (KKT 8.3e-2); it is now held by the budget exactly", () => {
    const n = 12;
    const values = new Float64Array(n * n);
    for (let i = 0; i < n; i++) values[i * n + i] = 1e-5;
    values[6 * n + 6] = 3.684538333941022e-4;
    values[7 * n + 7] = 6.905339660024874e-4;
    values[8 * n + 8] = 4.2188293911497296e-5;
    values[6 * n + 8] = values[8 * n + 6] = 8.645056794887601e-5;
    const mu = [0, 0, 0, 0, 0, 0, 0, 0, -0.0009999996184787779, -0.0009999998992284308, 0, 0];
    const f = efficientFrontier(mu, { size: n, values }, { maxWeight: 0.08333333433333333, points: 2 });
    for (const p of f.points) expectValid(p, 0.08333333433333333);
  });

  it("rejects points outside [2, 10000]", () => {
    const C = { size: 2, values: new Float64Array([1e-4, 0, 0, 1e-4]) };
    expect(() => efficientFrontier([0.001, 0.002], C, { points: 1 })).toThrowError(
      /points must satisfy 2 <= points <= 10,000, got 1/,
    );
  });
});
