import { expect } from "vitest";
import fc from "fast-check";
import { readFileSync } from "node:fs";
import type { CovarianceMatrix } from "../../riskModels/types.ts";
import type { MeanVarianceResult } from "../types.ts";

interface ExactCase {
  n: number;
  maxWeight: number;
  mu: number[];
  covariance: number[];
  riskFreeRate: number;
  minimumVariance: number[];
  maximumSharpe: number[];
  targetReturn: number;
  efficientReturn: number[];
}
interface SlsqpCase {
  n: number;
  maxWeight: number;
  mu: number[];
  covariance: number[];
  riskFreeRate: number;
  minimumVarianceObjective: number;
  maximumSharpeObjective: number;
  targetVolatility: number;
  efficientRiskObjective: number;
}

/** oracle_meanVariance.json: see oracle_meanVariance.py. */
export const oracle: { exact: ExactCase[]; slsqp: SlsqpCase[] } = JSON.parse(
  readFileSync(new URL("./oracle_meanVariance.json", import.meta.url), "utf8"),
);

export const covarianceOf = (c: { n: number; covariance: number[] }): CovarianceMatrix => ({
  size: c.n,
  values: Float64Array.from(c.covariance),
});

export function expectWeightsClose(actual: ArrayLike<number>, expected: ArrayLike<number>, tolerance: number): void {
  expect(actual.length).toBe(expected.length);
  for (let i = 0; i < expected.length; i++) {
    if (!(Math.abs(actual[i]! - expected[i]!) <= tolerance))
      expect.fail(`weight ${i}: ${actual[i]} vs ${expected[i]} (tolerance ${tolerance})`);
  }
}

/** The weight rules hold: Σw = 1 to 1e-12, 0 <= w_i <= maxWeight, and the certificate is a certificate. */
export function expectValid(r: MeanVarianceResult, maxWeight = 1): void {
  let sum = 0;
  for (const w of r.vector) {
    expect(w).toBeGreaterThanOrEqual(0);
    expect(w).toBeLessThanOrEqual(maxWeight);
    sum += w;
  }
  expect(Math.abs(sum - 1)).toBeLessThanOrEqual(1e-12);
  const c = r.certificate.residuals!;
  expect(Math.max(c.stationarity, c.primalFeasibility, c.dualFeasibility, c.complementarity)).toBeLessThanOrEqual(1e-9);
  expect(r.weights.map((x) => x.id)).toEqual(r.assets);
  r.weights.forEach((x, i) => expect(x.weight).toBe(r.vector[i]));
}

/**
 * A random mean–variance problem: n in [2, 12] assets, Σ = BBᵀ/k + diag(d) (positive definite,
 * daily-sized), μ daily-sized, and a feasible cap maxWeight in [1/n, 1].
 */
export const problemArb = fc.integer({ min: 2, max: 12 }).chain((n) =>
  fc
    .record({
      n: fc.constant(n),
      factors: fc.array(fc.double({ min: -0.02, max: 0.02, noNaN: true }), { minLength: n * 3, maxLength: n * 3 }),
      idio: fc.array(fc.double({ min: 1e-5, max: 4e-4, noNaN: true }), { minLength: n, maxLength: n }),
      // Returns below 1e-12 in size are 0: subnormal returns make every test's own arithmetic round.
      mu: fc.array(
        fc.double({ min: -0.001, max: 0.002, noNaN: true }).map((x) => (Math.abs(x) < 1e-12 ? 0 : x)),
        { minLength: n, maxLength: n },
      ),
      capSlack: fc.double({ min: 0, max: 1, noNaN: true }),
    })
    .map(({ n, factors, idio, mu, capSlack }) => {
      const values = new Float64Array(n * n);
      for (let i = 0; i < n; i++) {
        for (let j = 0; j < n; j++) {
          let s = 0;
          for (let k = 0; k < 3; k++) s += factors[i * 3 + k]! * factors[j * 3 + k]!;
          values[i * n + j] = s + (i === j ? idio[i]! : 0);
        }
      }
      for (let i = 0; i < n; i++) for (let j = 0; j < i; j++) values[i * n + j] = values[j * n + i]!;
      const maxWeight = Math.min(1, 1 / n + capSlack * (1 - 1 / n) + 1e-9);
      return { n, covariance: { size: n, values } as CovarianceMatrix, mu, maxWeight };
    }),
);
