import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isEngineError } from "../errors/EngineError.ts";
import { closeTo } from "../testing/closeTo.ts";
import { covarianceArb } from "../riskBased/_test/randomCovariance.ts";
import { blackLitterman, type BlackLittermanView } from "./blackLitterman.ts";
import { impliedEquilibriumReturns } from "./impliedEquilibriumReturns.ts";
import oracle from "./_test/oracle_blackLitterman.json" with { type: "json" };

interface OracleCase {
  name: string;
  covariance: number[][];
  marketWeights: number[];
  riskAversion: number;
  tau: number;
  prior: number[];
  views: BlackLittermanView[];
  omega: number[];
  returns: number[];
  posteriorCovariance: number[];
  certainViews: BlackLittermanView[];
  certainReturns: number[];
  certainCovariance: number[];
}
const cases = (oracle as unknown as { cases: OracleCase[] }).cases;

const expectAllClose = (actual: ArrayLike<number>, expected: ArrayLike<number>, rel: number, abs: number) => {
  expect(actual.length).toBe(expected.length);
  for (let i = 0; i < actual.length; i++) expect(closeTo(actual[i]!, expected[i]!, rel, abs), `[${i}] ${actual[i]} vs ${expected[i]}`).toBe(true);
};

/** (δΣ)⁻¹μ by Gaussian elimination (test-only, independent of the engine's Cholesky). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[p]![c]!)) p = r;
    [m[c], m[p]] = [m[p]!, m[c]!];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r]![c]! / m[c]![c]!;
      for (let k = c; k <= n; k++) m[r]![k] = m[r]![k]! - f * m[c]![k]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

describe("blackLitterman: oracle (numpy inverse form of the master formula; Idzorek's ω found numerically)", () => {
  for (const c of cases) {
    it(`${c.name}: prior, posterior mean and covariance, ω from confidence`, () => {
      expectAllClose(impliedEquilibriumReturns(c.covariance, c.marketWeights, c.riskAversion), c.prior, 1e-12, 1e-15);
      const r = blackLitterman({ covariance: c.covariance, prior: c.prior, views: c.views, tau: c.tau });
      expectAllClose(r.viewVariances, c.omega, 1e-9, 1e-15);
      expectAllClose(r.returns, c.returns, 1e-9, 1e-13);
      expectAllClose(r.covariance.values, c.posteriorCovariance, 1e-9, 1e-13);
      const certain = blackLitterman({ covariance: c.covariance, prior: c.prior, views: c.certainViews, tau: c.tau });
      expectAllClose(certain.returns, c.certainReturns, 1e-9, 1e-13);
      expectAllClose(certain.covariance.values, c.certainCovariance, 1e-9, 1e-13);
    });
  }
});

describe("blackLitterman: properties", () => {
  const priorArb = (n: number) => fc.array(fc.double({ min: -0.2, max: 0.3, noNaN: true }), { minLength: n, maxLength: n });
  const withPrior = covarianceArb(8).chain((cov) => fc.tuple(fc.constant(cov), priorArb(cov.length), fc.double({ min: 0.01, max: 1, noNaN: true })));

  it("no views returns the prior exactly, and the posterior covariance (1 + τ)Σ", () => {
    fc.assert(
      fc.property(withPrior, fc.boolean(), ([cov, prior, tau], explicitEmpty) => {
        const r = blackLitterman({ covariance: cov, prior, tau, ...(explicitEmpty ? { views: [] } : {}) });
        expect(Array.from(r.returns)).toEqual(prior.map((x) => x + 0));
        const n = cov.length;
        for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) expect(closeTo(r.covariance.values[i * n + j]!, (1 + tau) * cov[i]![j]!, 1e-12, 1e-18)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it("a view that agrees with the prior (q = p·π) leaves the prior unchanged", () => {
    fc.assert(
      fc.property(withPrior, fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 8, maxLength: 8 }), fc.double({ min: 0.05, max: 1, noNaN: true }), ([cov, prior, tau], raw, confidence) => {
        const p = raw.slice(0, cov.length);
        fc.pre(p.some((x) => Math.abs(x) > 0.01));
        const q = p.reduce((s, x, i) => s + x * prior[i]!, 0);
        const r = blackLitterman({ covariance: cov, prior, tau, views: [{ portfolio: p, expectedReturn: q, confidence }] });
        r.returns.forEach((x, i) => expect(Math.abs(x - prior[i]!)).toBeLessThan(1e-12));
      }),
      { numRuns: 100 },
    );
  });

  it("a certain view holds exactly (p·μ = q); less confidence moves p·μ less far from p·π; Idzorek's tilt is c times the certain tilt", () => {
    fc.assert(
      fc.property(
        covarianceArb(8, 2),
        fc.double({ min: 0.5, max: 5, noNaN: true }),
        fc.double({ min: 0.01, max: 0.99, noNaN: true }),
        fc.double({ min: -0.1, max: 0.1, noNaN: true }),
        fc.double({ min: 0.01, max: 1, noNaN: true }),
        (cov, delta, c, shift, tau) => {
          const n = cov.length;
          const wMkt = Array.from({ length: n }, (_, i) => (i + 1) / ((n * (n + 1)) / 2));
          const prior = Array.from(impliedEquilibriumReturns(cov, wMkt, delta));
          const p = Array.from({ length: n }, (_, i) => (i === 0 ? 1 : i === 1 ? -1 : 0));
          const pPi = prior[0]! - prior[1]!;
          const q = pPi + shift;
          const full = blackLitterman({ covariance: cov, prior, tau, views: [{ portfolio: p, expectedReturn: q, confidence: 1 }] }).returns;
          expect(Math.abs(full[0]! - full[1]! - q)).toBeLessThan(1e-12);
          const part = blackLitterman({ covariance: cov, prior, tau, views: [{ portfolio: p, expectedReturn: q, confidence: c }] }).returns;
          expect(Math.abs(part[0]! - part[1]! - pPi)).toBeLessThanOrEqual(Math.abs(full[0]! - full[1]! - pPi) + 1e-15);
          // Weights (δΣ)⁻¹μ: the tilt from w_mkt at confidence c is c × the tilt at confidence 1.
          const dS = cov.map((row) => row.map((x) => delta * x));
          const wFull = solve(dS, Array.from(full));
          const wPart = solve(dS, Array.from(part));
          for (let i = 0; i < n; i++) expect(Math.abs(wPart[i]! - wMkt[i]! - c * (wFull[i]! - wMkt[i]!))).toBeLessThan(1e-7);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("permuting the assets (and the views' portfolios) permutes the posterior", () => {
    fc.assert(
      fc.property(covarianceArb(6, 2).chain((cov) => fc.tuple(fc.constant(cov), fc.shuffledSubarray([...cov.keys()], { minLength: cov.length }))), ([cov, perm]) => {
        const n = cov.length;
        const prior = Array.from({ length: n }, (_, i) => 0.01 * (i + 1));
        const p = Array.from({ length: n }, (_, i) => (i === 0 ? 1 : 0));
        const views = [{ portfolio: p, expectedReturn: 0.2, confidence: 0.6 }];
        const r = blackLitterman({ covariance: cov, prior, views }).returns;
        const rp = blackLitterman({
          covariance: perm.map((a) => perm.map((b) => cov[a]![b]!)),
          prior: perm.map((a) => prior[a]!),
          views: [{ portfolio: perm.map((a) => p[a]!), expectedReturn: 0.2, confidence: 0.6 }],
        }).returns;
        perm.forEach((a, i) => expect(closeTo(rp[i]!, r[a]!, 1e-10, 1e-15)).toBe(true));
      }),
      { numRuns: 60 },
    );
  });

  it("rejects dependent certain views, an all-zero view, both confidence and variance, a wrong size", () => {
    const cov = [[0.04, 0.01], [0.01, 0.09]];
    const prior = [0.05, 0.06];
    const bad: Array<[BlackLittermanView[], string]> = [
      [[{ portfolio: [1, 0], expectedReturn: 0.1, confidence: 1 }, { portfolio: [2, 0], expectedReturn: 0.2, confidence: 1 }], "views"],
      [[{ portfolio: [0, 0], expectedReturn: 0.1 }], "views[0].portfolio"],
      [[{ portfolio: [1, 0], expectedReturn: 0.1, confidence: 0.5, variance: 0.1 }], "views[0].variance"],
      [[{ portfolio: [1, 0, 0], expectedReturn: 0.1 }], "views[0].portfolio"],
      [[{ portfolio: [1, 0], expectedReturn: 0.1, confidence: 0 }], "views[0].confidence"],
    ];
    for (const [views, field] of bad) {
      try {
        blackLitterman({ covariance: cov, prior, views });
        expect.fail(`expected an EngineError naming ${field}`);
      } catch (e) {
        expect(isEngineError(e, "INVALID_INPUT") && e.field === field, String(e)).toBe(true);
      }
    }
  });
});
