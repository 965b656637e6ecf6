import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { meanCvarOptimize } from "./meanCvarOptimize.ts";
import type { OptimizerCompany, OptimizerResult, ReturnScenarios } from "./types.ts";
import quickstart from "./_test/quickstartProblem.json" with { type: "json" };
import oracle from "./_test/oracle_normalised_lp.json" with { type: "json" };

// The README quick start's mean-CVaR input (SUN, WIND, GRID; buzz 1 : 2 : 3; maxWeight 0.6).
const companies = quickstart.companies as OptimizerCompany[];
const scenarios: ReturnScenarios = {
  assetIds: quickstart.assetIds,
  periods: quickstart.periods,
  returns: Float64Array.from(quickstart.returns),
};
const weightOf = (r: OptimizerResult, id: string): number => r.weights.find((x) => x.id === id)?.weight ?? 0;

describe("meanCvarOptimize: the scale-aware objective (docs/maths.md#scale-aware-objective)", () => {
  it("on the README quick start equals the scipy oracle of the normalised LP (payoff table and optimum)", async () => {
    const r = await meanCvarOptimize(companies, scenarios, { maxWeight: 0.6 });
    oracle.assetIds.forEach((id, i) =>
      expect(Math.abs(weightOf(r, id) - oracle.weights[i]!)).toBeLessThanOrEqual(1e-7),
    );
    r.objectiveTerms!.forEach((t, j) => {
      for (const [got, want] of [
        [t.best, oracle.best[j]!],
        [t.worst, oracle.worst[j]!],
        [t.scale, oracle.scale[j]!],
      ] as const) {
        expect(Math.abs(got - want)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(want)));
      }
      expect(Math.abs(t.normalized - oracle.normalized[j]!)).toBeLessThanOrEqual(1e-6);
    });
    expect(Math.abs(r.certificate.objective! - oracle.objective)).toBeLessThanOrEqual(1e-6);
  });

  it("on the README quick start the defaults blend the four terms: none at its best, none negligible, no warning", async () => {
    const r = await meanCvarOptimize(companies, scenarios, { maxWeight: 0.6 });
    expect(r.warnings).toEqual([]);
    for (const t of r.objectiveTerms!) {
      expect(t.normalized, t.term).toBeGreaterThan(0.05);
      expect(t.share, t.term).toBeGreaterThan(0.1);
    }
    // Not the buzz proportions 1 : 2 : 3 (what the daily-unit defaults returned).
    expect(Math.abs(weightOf(r, "GRID") - 0.5)).toBeGreaterThan(0.1);
  });

  it("warns when one term alone decides: the buzz target with buzzPenalty 1 and no linguistic reward", async () => {
    const r = await meanCvarOptimize(companies, scenarios, { maxWeight: 0.6, linguisticBetaWeight: 0, buzzPenalty: 1 });
    // b = buzz / Σ buzz = (1, 2, 3) / 6 is feasible here, and the exact L1 penalty lands on it.
    expect(weightOf(r, "GRID")).toBeCloseTo(3 / 6, 12);
    expect(weightOf(r, "SUN")).toBeCloseTo(1 / 6, 12);
    expect(r.objectiveTerms![3]!.normalized).toBeLessThanOrEqual(1e-12);
    expect(r.warnings).toEqual([
      "the buzz target alone decides the weights: they are its best portfolio, and expected return (returnMultiplier) and tail risk (CVaR) do not move them; lower buzzPenalty (1) to blend (docs/maths.md#scale-aware-objective)",
    ]);
    // returnMultiplier must be > 0 (contract): at 1e-300 with the others at 0, tail risk decides, and says so.
    const pure = await meanCvarOptimize(companies, scenarios, {
      maxWeight: 0.6,
      linguisticBetaWeight: 0,
      buzzPenalty: 0,
      returnMultiplier: 1e-300,
    });
    expect(pure.objectiveTerms![2]!.normalized).toBeLessThanOrEqual(1e-9);
    expect(pure.warnings).toEqual([
      "tail risk (CVaR) alone decides the weights: they are its best portfolio, and expected return (returnMultiplier) does not move them; raise returnMultiplier, linguisticBetaWeight or buzzPenalty to blend (docs/maths.md#scale-aware-objective)",
    ]);
  });

  it("means the same on any data: scaling every return by c leaves the weights unchanged", async () => {
    const base = await meanCvarOptimize(companies, scenarios, { maxWeight: 0.6 });
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(1e-3, 0.1, 0.37, 3), async (c) => {
        // c·(1 + r) − 1 would change the data; c·r keeps every return > −1 for these c.
        const scaled = { ...scenarios, returns: scenarios.returns.map((x) => x * c) };
        const r = await meanCvarOptimize(companies, scaled, { maxWeight: 0.6 });
        for (const { id, weight } of base.weights) expect(Math.abs(weightOf(r, id) - weight)).toBeLessThanOrEqual(1e-7);
        expect(Math.abs(r.certificate.objective! - base.certificate.objective!)).toBeLessThanOrEqual(1e-7);
      }),
      { numRuns: 4 },
    );
  });
});
