import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { covariance } from "../data/covariance.ts";
import { isEngineError } from "../errors/EngineError.ts";
import { equalRiskContribution } from "./equalRiskContribution.ts";
import { hierarchicalRiskParity } from "./hierarchicalRiskParity.ts";
import { riskBudgetWeights } from "./riskBudgetWeights.ts";
import { riskContributions } from "./riskContributions.ts";
import { covarianceArb, permuteCovariance } from "./_test/randomCovariance.ts";

const idsOf = (n: number) => Array.from({ length: n }, (_, i) => `R${i}`);
const byId = (weights: ReadonlyArray<{ id: string; weight: number }>) => new Map(weights.map((w) => [w.id, w.weight]));

describe("risk budgeting, ERC and HRP on labelled data", () => {
  it("results are labelled with the covariance's ids; permuting the assets permutes the weights (each method)", () => {
    fc.assert(
      fc.property(
        covarianceArb(10, 2).chain((cov) =>
          fc.tuple(
            fc.constant(cov),
            fc.shuffledSubarray([...cov.keys()], { minLength: cov.length, maxLength: cov.length }),
            fc.array(fc.double({ min: 0.1, max: 5, noNaN: true }), { minLength: cov.length, maxLength: cov.length }),
          ),
        ),
        ([rows, perm, raw]) => {
          const ids = idsOf(rows.length);
          const S = covariance(rows, { assets: ids, frequency: "weekly" });
          const Sp = covariance(permuteCovariance(rows, perm), {
            assets: perm.map((i) => ids[i]!),
            frequency: "weekly",
          });
          const budgets = Object.fromEntries(ids.map((id, i) => [id, raw[i]!]));
          const pairs = [
            [riskBudgetWeights(S, { budgets }), riskBudgetWeights(Sp, { budgets })],
            [equalRiskContribution(S), equalRiskContribution(Sp)],
            [hierarchicalRiskParity(S), hierarchicalRiskParity(Sp)],
          ] as const;
          for (const [a, b] of pairs) {
            expect(a.assets).toEqual(ids);
            expect(a.weights.map((w) => w.id)).toEqual(ids);
            expect(b.weights.map((w) => w.id)).toEqual(perm.map((i) => ids[i]!));
            expect(a.performance.periodsPerYear).toBe(52);
            expect(a.warnings).toEqual([]);
            const wa = byId(a.weights);
            const wb = byId(b.weights);
            for (const id of ids) expect(Math.abs(wa.get(id)! - wb.get(id)!)).toBeLessThan(1e-10);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it("risk budgeting: budgets by id, the risk contributions and budgets by id beside the weights, the Newton certificate", () => {
    const S = covariance(
      [
        [0.04, 0.006, 0],
        [0.006, 0.09, 0.01],
        [0, 0.01, 0.0225],
      ],
      { assets: ["A", "B", "C"], frequency: "monthly" },
    );
    const byName = riskBudgetWeights(S, { budgets: { C: 0.5, A: 0.25, B: 0.25 } });
    const byPosition = riskBudgetWeights(S, { budgets: [0.25, 0.25, 0.5] });
    expect(byName.vector).toEqual(byPosition.vector);
    expect(byName.method).toBe("risk-budgeting");
    expect(byName.budgets).toEqual([
      { id: "A", budget: 0.25 },
      { id: "B", budget: 0.25 },
      { id: "C", budget: 0.5 },
    ]);
    byName.riskContributions.forEach((rc, i) =>
      expect(Math.abs(rc.contribution - [0.25, 0.25, 0.5][i]!)).toBeLessThan(1e-12),
    );
    expect(byName.riskContributions.map((rc) => rc.id)).toEqual(["A", "B", "C"]);
    const c = byName.certificate;
    expect([c.status, c.solver, c.gap === c.objective]).toEqual(["optimal", "newton", true]);
    expect(c.objective!).toBeLessThanOrEqual(1e-12);
    expect(c.residuals!.primalFeasibility).toBeLessThan(1e-15);
    const labelled = riskContributions(byName, S);
    labelled.forEach((rc, i) =>
      expect(Math.abs(rc.contribution - byName.riskContributions[i]!.contribution)).toBeLessThan(1e-12),
    );
    expect(equalRiskContribution(S).method).toBe("equal-risk-contribution");
  });

  it("an unknown budget id is refused naming it and the closest ids; a missing one is refused naming it", () => {
    const S = covariance(
      [
        [0.04, 0],
        [0, 0.09],
      ],
      { assets: ["A01", "A02"], frequency: "daily" },
    );
    const message = (run: () => unknown) => {
      try {
        run();
      } catch (e) {
        if (isEngineError(e, "INVALID_INPUT")) return e.message;
      }
      return "no error";
    };
    expect(message(() => riskBudgetWeights(S, { budgets: { A01: 1, A2: 1 } }))).toMatch(/"A2".*closest: A02, A01/);
    expect(message(() => riskBudgetWeights(S, { budgets: { A01: 1 } }))).toMatch(/missing A02/);
    expect(message(() => riskContributions({ A3: 1 }, S))).toMatch(/"A3".*closest/);
  });

  it("HRP: the order names ids, the certificate is a closed form, the performance is annual; a bare matrix is said to be per period", () => {
    const S = covariance(
      [
        [0.04, 0.01, 0],
        [0.01, 0.09, 0],
        [0, 0, 0.01],
      ],
      { assets: ["X", "Y", "Z"], frequency: "daily" },
    );
    const r = hierarchicalRiskParity(S);
    expect([...r.order].sort()).toEqual(["X", "Y", "Z"]);
    expect(r.certificate).toEqual({
      status: "closed-form",
      solver: "recursive-bisection",
      objective: null,
      gap: 0,
      residuals: null,
      iterations: 0,
    });
    let v = 0;
    const rows = [
      [0.04, 0.01, 0],
      [0.01, 0.09, 0],
      [0, 0, 0.01],
    ];
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) v += r.vector[i]! * rows[i]![j]! * r.vector[j]!;
    expect(r.performance.volatility).toBeCloseTo(Math.sqrt(v * 252), 14);
    expect(r.performance.expectedReturn).toBeNull();
    const bare = hierarchicalRiskParity(rows);
    expect(bare.vector).toEqual(r.vector);
    expect(bare.warnings[0]).toMatch(/no asset ids or frequency/);
  });

  it("a semi-definite covariance (a duplicated asset) is accepted by ERC and HRP", () => {
    const rows = [
      [0.04, 0.04, 0.01],
      [0.04, 0.04, 0.01],
      [0.01, 0.01, 0.09],
    ];
    const S = covariance(rows, { assets: ["A", "A2", "B"], frequency: "daily" });
    expect(S.definite).toBe(false);
    const erc = equalRiskContribution(S);
    expect(erc.vector[0]).toBeCloseTo(erc.vector[1]!, 12);
    const hrp = hierarchicalRiskParity(S);
    expect(hrp.vector[0]).toBeCloseTo(hrp.vector[1]!, 12);
  });
});
