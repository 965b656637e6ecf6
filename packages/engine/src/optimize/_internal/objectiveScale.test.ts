import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isEngineError } from "../../errors/EngineError.ts";
import { meanCvarOptimize } from "../meanCvarOptimize.ts";
import type { MeanCvarProblem } from "./meanCvarProblem.ts";
import { objectiveAt } from "./meanCvarProblem.ts";
import { scaleObjective } from "./objectiveScale.ts";

const n = 4;
const T = 40;
const ids = ["A", "B", "C", "D"];
// Asset i's mean daily return grows with i: 0.001·(i+1) plus a zero-mean-ish oscillation.
const returns = Float64Array.from(
  { length: T * n },
  (_, k) => 0.001 * ((k % n) + 1) + 0.01 * Math.sin(Math.floor(k / n) * ((k % n) + 1)),
);
const companies = ids.map((id) => ({ id, marketCap: 1e10, linguisticBeta: 0.5, marketBuzz: 1, convictionScore: 0.5 }));
const scenarios = { assetIds: ids, returns, periods: T };

function problem(gainScale: number): MeanCvarProblem {
  return {
    n: 2,
    periods: 3,
    returns: Float64Array.of(0.01, -0.02, 0.03, 0.01, -0.01, 0.02),
    gain: Float64Array.of(0.5 * gainScale, -2 * gainScale),
    target: Float64Array.of(0.5, 0.5),
    buzzPenalty: 0.01,
    maxWeight: 1,
    minActiveWeight: 0.01,
    minHoldings: 2,
    confidence: 0.5,
    tailSize: 1.5,
  };
}

describe("scaleObjective", () => {
  it("leaves an ordinary problem untouched (same object)", () => {
    const p = problem(0.1);
    expect(scaleObjective(p)).toEqual({ problem: p, scale: 1 });
    expect(scaleObjective(p).problem).toBe(p);
  });

  it("divides the objective at every point by s = max|gain| (same maximiser)", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 1e200, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (g, w0) => {
          const p = problem(g);
          const { problem: q, scale } = scaleObjective(p);
          expect(scale).toBe(2 * g > 1 ? 2 * g : 1);
          const w = [w0, 1 - w0];
          const ratio = objectiveAt(q, w).objective * scale;
          const exact = objectiveAt(p, w).objective;
          expect(Math.abs(ratio - exact)).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(exact)));
        },
      ),
    );
  });

  it("refuses a multiplier whose gains overflow, naming returnMultiplier", async () => {
    // Every daily return about +300%, the assets' means apart by 1e-3: m / s_R with m = 1.7e308 overflows.
    const huge = Float64Array.from(returns, (_, k) => 3 + 1e-3 * (k % n));
    const error = await meanCvarOptimize(
      companies,
      { ...scenarios, returns: huge },
      { returnMultiplier: 1.7e308, maxWeight: 0.5 },
    ).catch((e: unknown) => e);
    expect(isEngineError(error, "INVALID_INPUT")).toBe(true);
    expect((error as { field?: string }).field).toBe("returnMultiplier");
  });
});

describe("meanCvarOptimize with a very large returnMultiplier", () => {
  // m·μ dominates: the optimum fills the highest-return assets to maxWeight (D, C), the rest on B.
  it.each([1e6, 1e12, 1e100, 1e300])(
    "m = %s is certified optimal and returns the maximum-return portfolio",
    async (m) => {
      const r = await meanCvarOptimize(companies, scenarios, { returnMultiplier: m, maxWeight: 0.4, minHoldings: 2 });
      expect(r.certificate.status).toBe("optimal");
      const w = Object.fromEntries(r.weights.map((x) => [x.id, x.weight]));
      expect(w.D).toBeCloseTo(0.4, 9);
      expect(w.C).toBeCloseTo(0.4, 9);
      expect(w.B).toBeCloseTo(0.2, 9);
      expect(Number.isFinite(r.certificate.objective!) && Number.isFinite(r.certificate.gap)).toBe(true);
      // −J: the expected-return term is at its best (distance 0), the others pay for it.
      expect(r.objectiveTerms![0]!.normalized).toBeLessThanOrEqual(1e-9);
      expect(r.certificate.objective!).toBeLessThan(0);
      expect(r.warnings.at(-1)).toMatch(/^expected return alone decides the weights/);
    },
  );
});
