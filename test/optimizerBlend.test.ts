import { createMock } from "@thematic/mock-server";
import { describe, expect, it } from "vitest";

/**
 * With default parameters the mean-CVaR optimizer blends its four terms on real-sized
 * strategies, not only on the README quick start (packages/engine/src/optimize/meanCvarBlend.test.ts):
 * the first three premade fixture strategies through the mock's `optimized-portfolio`, which runs the
 * engine's `meanCvarOptimize` (docs/maths.md#scale-aware-objective, docs/parity.md).
 */
interface Term {
  term: string;
  normalized: number;
  share: number;
  weight: number;
  scale: number;
}
interface Result {
  metadata: { objectiveTerms: Term[]; cvar: number };
  portfolio: Array<{ weight: number }>;
  warnings: string[];
  solver: { status: string };
}

describe("optimized-portfolio with default parameters on three fixture strategies", () => {
  const { app, ctx } = createMock({ log: () => {} });
  const key = ctx.universe.users.find((u) => u.active)!.apiKey;
  for (const strategy of ctx.universe.premadeStrategies.slice(0, 3)) {
    it(`${strategy.name}: every term traded off (none at its best, each with a share of the objective), no one-term warning`, async () => {
      const response = await app.request(`/v1/strategies/${strategy.id}/optimized-portfolio`, {
        method: "POST",
        headers: { Authorization: `Bearer ${key}` },
      });
      expect(response.status).toBe(200);
      const r = (await response.json()) as Result;
      expect(r.solver.status).toBe("optimal");
      expect(r.warnings.filter((w) => w.includes("alone decides"))).toEqual([]);
      expect(r.metadata.objectiveTerms.map((t) => t.term)).toEqual([
        "expectedReturn",
        "linguisticBeta",
        "tailRisk",
        "buzzDistance",
      ]);
      for (const t of r.metadata.objectiveTerms) {
        expect(t.scale, t.term).toBeGreaterThan(0);
        expect(t.normalized, t.term).toBeGreaterThan(0.05);
        expect(t.share, t.term).toBeGreaterThan(0.05);
      }
      // More than the five names maxWeight 0.2 forces, fewer than all: a selection, not a corner.
      expect(r.portfolio.length).toBeGreaterThan(5);
    });
  }
});
