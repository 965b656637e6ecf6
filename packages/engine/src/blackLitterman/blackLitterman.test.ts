import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isEngineError } from "../errors/EngineError.ts";
import { closeTo } from "../testing/closeTo.ts";
import { covarianceArb } from "../riskBased/_test/randomCovariance.ts";
import { blackLitterman, type BlackLittermanView } from "./blackLitterman.ts";
import { covariance as labelCovariance } from "../data/covariance.ts";
import { expectedReturns } from "../data/expectedReturns.ts";
import { impliedEquilibriumReturns } from "./impliedEquilibriumReturns.ts";
import oracle from "./_test/oracle_blackLitterman.json" with { type: "json" };

/** A view as the oracle writes it: a portfolio of n weights (positional) and its return. */
interface PositionalView {
  portfolio: number[];
  expectedReturn: number;
  confidence?: number;
  variance?: number;
}

/** The same view by id ("0", "1", …, the ids of a bare covariance): the portfolio's non-zero weights as its long leg. */
function byId({ portfolio, expectedReturn, ...how }: PositionalView): BlackLittermanView {
  const legs = portfolio.flatMap((w, i) => (w === 0 ? [] : [[String(i), w] as const]));
  return { long: Object.fromEntries(legs), return: expectedReturn, ...how };
}

interface OracleCase {
  name: string;
  covariance: number[][];
  marketWeights: number[];
  riskAversion: number;
  tau: number;
  prior: number[];
  views: PositionalView[];
  omega: number[];
  returns: number[];
  posteriorCovariance: number[];
  certainViews: PositionalView[];
  certainReturns: number[];
  certainCovariance: number[];
}
const cases = (oracle as unknown as { cases: OracleCase[] }).cases;

const expectAllClose = (actual: ArrayLike<number>, expected: ArrayLike<number>, rel: number, abs: number) => {
  expect(actual.length).toBe(expected.length);
  for (let i = 0; i < actual.length; i++)
    expect(closeTo(actual[i]!, expected[i]!, rel, abs), `[${i}] ${actual[i]} vs ${expected[i]}`).toBe(true);
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
      expectAllClose(
        impliedEquilibriumReturns(c.covariance, c.marketWeights, c.riskAversion).values,
        c.prior,
        1e-12,
        1e-15,
      );
      const r = blackLitterman(c.prior, c.covariance, { views: c.views.map(byId), tau: c.tau });
      expectAllClose(r.viewVariances, c.omega, 1e-9, 1e-15);
      expectAllClose(r.expectedReturns.values, c.returns, 1e-9, 1e-13);
      expectAllClose(r.covariance.values, c.posteriorCovariance, 1e-9, 1e-13);
      const certain = blackLitterman(c.prior, c.covariance, { views: c.certainViews.map(byId), tau: c.tau });
      expectAllClose(certain.expectedReturns.values, c.certainReturns, 1e-9, 1e-13);
      expectAllClose(certain.covariance.values, c.certainCovariance, 1e-9, 1e-13);
    });
  }
});

describe("blackLitterman: properties", () => {
  const priorArb = (n: number) =>
    fc.array(fc.double({ min: -0.2, max: 0.3, noNaN: true }), { minLength: n, maxLength: n });
  const withPrior = covarianceArb(8).chain((cov) =>
    fc.tuple(fc.constant(cov), priorArb(cov.length), fc.double({ min: 0.01, max: 1, noNaN: true })),
  );

  it("no views returns the prior exactly, and the posterior covariance (1 + τ)Σ", () => {
    fc.assert(
      fc.property(withPrior, fc.boolean(), ([cov, prior, tau], explicitEmpty) => {
        const r = blackLitterman(prior, cov, { tau, ...(explicitEmpty ? { views: [] } : {}) });
        expect(Array.from(r.expectedReturns.values)).toEqual(prior.map((x) => x + 0));
        const n = cov.length;
        for (let i = 0; i < n; i++)
          for (let j = 0; j < n; j++)
            expect(closeTo(r.covariance.values[i * n + j]!, (1 + tau) * cov[i]![j]!, 1e-12, 1e-18)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it("a view that agrees with the prior (q = p·π) leaves the prior unchanged", () => {
    fc.assert(
      // View portfolios of weights within ±0.3, so that the view's return is a plausible rate (|q| < 1).
      fc.property(
        withPrior,
        fc.array(fc.double({ min: -0.3, max: 0.3, noNaN: true }), { minLength: 8, maxLength: 8 }),
        fc.double({ min: 0.05, max: 1, noNaN: true }),
        ([cov, prior, tau], raw, confidence) => {
          const p = raw.slice(0, cov.length);
          fc.pre(p.some((x) => Math.abs(x) > 0.01));
          const q = p.reduce((s, x, i) => s + x * prior[i]!, 0);
          const r = blackLitterman(prior, cov, { tau, views: [byId({ portfolio: p, expectedReturn: q, confidence })] });
          r.expectedReturns.values.forEach((x, i) => expect(Math.abs(x - prior[i]!)).toBeLessThan(1e-12));
        },
      ),
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
          const prior = Array.from(impliedEquilibriumReturns(cov, wMkt, delta).values);
          const pPi = prior[0]! - prior[1]!;
          const q = pPi + shift;
          const full = blackLitterman(prior, cov, {
            tau,
            views: [{ long: ["0"], short: ["1"], return: q, confidence: 1 }],
          }).expectedReturns.values;
          expect(Math.abs(full[0]! - full[1]! - q)).toBeLessThan(1e-12);
          const part = blackLitterman(prior, cov, {
            tau,
            views: [{ long: ["0"], short: ["1"], return: q, confidence: c }],
          }).expectedReturns.values;
          expect(Math.abs(part[0]! - part[1]! - pPi)).toBeLessThanOrEqual(Math.abs(full[0]! - full[1]! - pPi) + 1e-15);
          // Weights (δΣ)⁻¹μ: the tilt from w_mkt at confidence c is c × the tilt at confidence 1.
          const dS = cov.map((row) => row.map((x) => delta * x));
          const wFull = solve(dS, Array.from(full));
          const wPart = solve(dS, Array.from(part));
          for (let i = 0; i < n; i++)
            expect(Math.abs(wPart[i]! - wMkt[i]! - c * (wFull[i]! - wMkt[i]!))).toBeLessThan(1e-7);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("permuting the assets permutes the posterior: views and prior are read by id", () => {
    fc.assert(
      fc.property(
        covarianceArb(6, 2).chain((cov) =>
          fc.tuple(fc.constant(cov), fc.shuffledSubarray([...cov.keys()], { minLength: cov.length })),
        ),
        ([cov, perm]) => {
          const n = cov.length;
          const ids = Array.from({ length: n }, (_, i) => `A${i}`);
          const prior = expectedReturns(Object.fromEntries(ids.map((id, i) => [id, 0.01 * (i + 1)])), {
            frequency: "annual",
          });
          const views = [{ asset: "A0", return: 0.2, confidence: 0.6 }];
          const r = blackLitterman(prior, labelCovariance(cov, { assets: ids, frequency: "annual" }), { views });
          const rp = blackLitterman(
            prior,
            labelCovariance(
              perm.map((a) => perm.map((b) => cov[a]![b]!)),
              { assets: perm.map((a) => ids[a]!), frequency: "annual" },
            ),
            { views },
          );
          expect(r.expectedReturns.assets).toEqual(ids);
          expect(rp.expectedReturns.assets).toEqual(perm.map((a) => ids[a]!));
          perm.forEach((a, i) =>
            expect(closeTo(rp.expectedReturns.values[i]!, r.expectedReturns.values[a]!, 1e-10, 1e-15)).toBe(true),
          );
        },
      ),
      { numRuns: 60 },
    );
  });

  it("rejects dependent certain views, a view with no net position, both confidence and variance, an unknown id, confidence 0", () => {
    const cov = [
      [0.04, 0.01],
      [0.01, 0.09],
    ];
    const prior = [0.05, 0.06];
    const bad: Array<[BlackLittermanView[], string]> = [
      [
        [
          { asset: "0", return: 0.1, confidence: 1 },
          { long: { "0": 2 }, return: 0.2, confidence: 1 },
        ],
        "views",
      ],
      [[{ long: ["0"], short: ["0"], return: 0.1 }], "views[0]"],
      [[{ asset: "0", return: 0.1, confidence: 0.5, variance: 0.1 }], "views[0].variance"],
      [[{ asset: "2", return: 0.1 }], "views[0].asset"],
      [[{ asset: "0", return: 0.1, confidence: 0 }], "views[0].confidence"],
    ];
    for (const [views, field] of bad) {
      try {
        blackLitterman(prior, cov, { views });
        expect.fail(`expected an EngineError naming ${field}`);
      } catch (e) {
        expect(isEngineError(e, "INVALID_INPUT") && e.field === field, String(e)).toBe(true);
      }
    }
  });
});
