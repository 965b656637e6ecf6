import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isEngineError } from "../errors/EngineError.ts";
import { closeTo } from "../testing/closeTo.ts";
import { equalRiskContribution } from "./equalRiskContribution.ts";
import { riskBudgetWeights } from "./riskBudgetWeights.ts";
import { riskContributions } from "./riskContributions.ts";
import { covarianceArb, permuteCovariance, type RiskBasedOracleCase } from "./_test/randomCovariance.ts";
import oracle from "./_test/oracle_riskBased.json" with { type: "json" };

const cases = (oracle as { cases: RiskBasedOracleCase[] }).cases;

describe("riskBudgetWeights / equalRiskContribution: oracle (scipy trust-constr on Spinu's objective)", () => {
  for (const c of cases) {
    it(`${c.name}: ERC and budgeted weights match scipy to 1e-7`, () => {
      const erc = equalRiskContribution(c.covariance);
      erc.vector.forEach((w, i) => expect(Math.abs(w - c.erc.weights[i]!)).toBeLessThan(1e-7));
      const rb = riskBudgetWeights(c.covariance, { budgets: c.budgeted.budgets });
      rb.vector.forEach((w, i) => expect(Math.abs(w - c.budgeted.weights[i]!)).toBeLessThan(1e-7));
    });
  }

  it("closed forms: two assets ERC is inverse volatility whatever the correlation; uncorrelated assets get w ∝ sqrt(b_i)/σ_i", () => {
    for (const rho of [-0.9, -0.3, 0, 0.5, 0.95]) {
      const s1 = 0.2;
      const s2 = 0.05;
      const w = equalRiskContribution([
        [s1 * s1, rho * s1 * s2],
        [rho * s1 * s2, s2 * s2],
      ]).vector;
      expect(closeTo(w[0]!, 1 / s1 / (1 / s1 + 1 / s2), 1e-12)).toBe(true);
    }
    const sd = [0.1, 0.2, 0.4];
    const b = [0.2, 0.3, 0.5];
    const w = riskBudgetWeights(
      sd.map((s, i) => sd.map((_, j) => (i === j ? s * s : 0))),
      { budgets: b },
    ).vector;
    const raw = sd.map((s, i) => Math.sqrt(b[i]!) / s);
    const total = raw.reduce((x, y) => x + y, 0);
    w.forEach((wi, i) => expect(closeTo(wi, raw[i]! / total, 1e-12)).toBe(true));
  });

  it("accepts the covariance flat (n·n row-major Float64Array) with the same result", () => {
    const c = cases[3]!;
    const flat = Float64Array.from(c.covariance.flat());
    expect(Array.from(equalRiskContribution(flat).vector)).toEqual(
      Array.from(equalRiskContribution(c.covariance).vector),
    );
  });
});

describe("riskBudgetWeights: properties", () => {
  it("ERC: every risk contribution is 1/n (to 1e-9), weights > 0 sum to 1, and riskContributions() agrees", () => {
    fc.assert(
      fc.property(covarianceArb(12), (cov) => {
        const n = cov.length;
        const r = equalRiskContribution(cov);
        const rc = riskContributions(r.weights, cov).map((x) => x.contribution);
        let sum = 0;
        for (let i = 0; i < n; i++) {
          expect(r.vector[i]!).toBeGreaterThan(0);
          expect(Math.abs(rc[i]! - 1 / n)).toBeLessThan(1e-9);
          expect(Math.abs(r.riskContributions[i]!.contribution - rc[i]!)).toBeLessThan(1e-12);
          sum += r.vector[i]!;
        }
        expect(Math.abs(sum - 1)).toBeLessThan(1e-12);
      }),
      { numRuns: 150 },
    );
  });

  it("budgets: risk contributions equal the normalised budgets; the result is scale-free in Σ and b", () => {
    fc.assert(
      fc.property(
        covarianceArb(8),
        fc.array(fc.double({ min: 0.05, max: 10, noNaN: true }), { minLength: 8, maxLength: 8 }),
        fc.double({ min: 1e-6, max: 1e6, noNaN: true }),
        (cov, raw, k) => {
          const n = cov.length;
          const budgets = raw.slice(0, n);
          const total = budgets.reduce((a, b) => a + b, 0);
          const r = riskBudgetWeights(cov, { budgets });
          for (let i = 0; i < n; i++)
            expect(Math.abs(r.riskContributions[i]!.contribution - budgets[i]! / total)).toBeLessThan(1e-9);
          const scaled = riskBudgetWeights(
            cov.map((row) => row.map((x) => x * k)),
            { budgets: budgets.map((b) => b * 3) },
          );
          for (let i = 0; i < n; i++) expect(Math.abs(scaled.vector[i]! - r.vector[i]!)).toBeLessThan(1e-9);
          expect(closeTo(scaled.performance.volatility!, r.performance.volatility! * Math.sqrt(k), 1e-9)).toBe(true);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("permuting the assets permutes the weights", () => {
    fc.assert(
      fc.property(
        covarianceArb(8, 2).chain((cov) =>
          fc.tuple(fc.constant(cov), fc.shuffledSubarray([...cov.keys()], { minLength: cov.length })),
        ),
        ([cov, p]) => {
          const w = equalRiskContribution(cov).vector;
          const wp = equalRiskContribution(permuteCovariance(cov, p)).vector;
          p.forEach((pi, i) => expect(Math.abs(wp[i]! - w[pi]!)).toBeLessThan(1e-10));
        },
      ),
      { numRuns: 60 },
    );
  });

  it("a covariance with a long-only zero-variance portfolio has no solution: SOLVER_FAILURE, not a wrong answer", () => {
    // Two identical assets and their opposite mix... here: assets 0 and 1 perfectly negatively correlated, equal variance.
    try {
      equalRiskContribution([
        [1, -1],
        [-1, 1],
      ]);
      expect.fail("expected an EngineError");
    } catch (e) {
      expect(isEngineError(e, "SOLVER_FAILURE")).toBe(true);
    }
  });

  it("rejects a non-PSD, asymmetric or ragged covariance and bad budgets, naming the field", () => {
    const bad: Array<[() => unknown, string]> = [
      [
        () =>
          equalRiskContribution([
            [1, 2],
            [2, 1],
          ]),
        "covariance",
      ],
      [
        () =>
          equalRiskContribution([
            [1, 0.5],
            [0.4, 1],
          ]),
        "covariance[0][1]",
      ],
      [() => equalRiskContribution([[1, 0], [0]]), "covariance[1]"],
      [() => equalRiskContribution([1, 0, 0]), "covariance"],
      [
        () =>
          equalRiskContribution([
            [0, 0],
            [0, 1],
          ]),
        "covariance[0][0]",
      ],
      [
        () =>
          riskBudgetWeights(
            [
              [1, 0],
              [0, 1],
            ],
            { budgets: [1, 0] },
          ),
        "budgets[1]",
      ],
      [
        () =>
          riskBudgetWeights(
            [
              [1, 0],
              [0, 1],
            ],
            { budgets: [1] },
          ),
        "budgets",
      ],
      [
        () =>
          riskBudgetWeights(
            [
              [1, 0],
              [0, 1],
            ],
            { tolerance: 0 },
          ),
        "tolerance",
      ],
      [
        () =>
          riskContributions(
            [0, 0],
            [
              [1, 0],
              [0, 1],
            ],
          ),
        "weights",
      ],
    ];
    for (const [run, field] of bad) {
      try {
        run();
        expect.fail(`expected an EngineError naming ${field}`);
      } catch (e) {
        expect(isEngineError(e, "INVALID_INPUT") && e.field === field, String(e)).toBe(true);
      }
    }
  });
});

describe("regressions (counterexamples found while writing this area)", () => {
  it("n5_T120 with budgets: the Armijo test stalled at a residual of 3e-10 (f changes below its rounding); now full Newton steps near the optimum", () => {
    const c = cases.find((x) => x.name === "n5_T120")!;
    const r = riskBudgetWeights(c.covariance, { budgets: c.budgeted.budgets });
    expect(r.certificate.iterations).toBeLessThan(15);
    const total = c.budgeted.budgets.reduce((a, b) => a + b, 0);
    r.riskContributions.forEach((rc, i) =>
      expect(Math.abs(rc.contribution - c.budgeted.budgets[i]! / total)).toBeLessThan(1e-12),
    );
  });

  it("a non-array row after the first ([[...], 42]) was read as a flat matrix; now the row is blamed", () => {
    try {
      equalRiskContribution([[1, 0], 42] as never);
      expect.fail("expected an EngineError");
    } catch (e) {
      expect(isEngineError(e, "INVALID_INPUT") && e.field === "covariance[1]", String(e)).toBe(true);
    }
  });

  it("tolerance: null and maxIterations: null meant the defaults; now INVALID_INPUT naming them", () => {
    for (const field of ["tolerance", "maxIterations"] as const) {
      try {
        riskBudgetWeights([[1]], { [field]: null as never });
        expect.fail("expected an EngineError");
      } catch (e) {
        expect(isEngineError(e, "INVALID_INPUT") && e.field === field, String(e)).toBe(true);
      }
    }
  });
});
