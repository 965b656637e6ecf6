import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  closestToTarget,
  greedyFill,
  oneTermWarning,
  termScaling,
  termValues,
  type TermData,
} from "./objectiveTerms.ts";
import type { ObjectiveTerm } from "../types.ts";

/** A random point of P = {Σw = 1, 0 <= w <= w_max} (n·w_max >= 1): a mixture of equal weights and a random fill. */
const pointOf = (n: number, maxWeight: number, raw: number[]): Float64Array => {
  const w = greedyFill(raw, maxWeight);
  return w.map((x) => 0.5 * x + 0.5 / n);
};
const sizeArb = fc.integer({ min: 2, max: 9 }).chain((n) =>
  fc.record({
    n: fc.constant(n),
    maxWeight: fc.double({ min: 1 / n, max: 1, noNaN: true }),
    score: fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: n, maxLength: n }),
    other: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: n, maxLength: n }),
  }),
);

describe("greedyFill", () => {
  it("is in P and maximises scoreᵀw over it (against random points of P)", () => {
    fc.assert(
      fc.property(sizeArb, ({ n, maxWeight, score, other }) => {
        const w = greedyFill(score, maxWeight);
        expect(Math.abs(w.reduce((a, x) => a + x, 0) - 1)).toBeLessThanOrEqual(1e-12);
        for (const x of w) expect(x).toBeLessThanOrEqual(maxWeight);
        const value = (v: ArrayLike<number>) => score.reduce((a, s, i) => a + s * v[i]!, 0);
        expect(value(pointOf(n, maxWeight, other))).toBeLessThanOrEqual(value(w) + 1e-12);
      }),
    );
  });
});

describe("closestToTarget", () => {
  it("is in P at the least L1 distance 2·Σ(b_i − w_max)⁺, and is b when b is in P", () => {
    fc.assert(
      fc.property(sizeArb, ({ n, maxWeight, other }) => {
        const total = other.reduce((a, x) => a + x, 0);
        const b = Float64Array.from(other, (x) => (total > 0 ? x / total : 1 / n));
        const w = closestToTarget(b, maxWeight);
        expect(Math.abs(w.reduce((a, x) => a + x, 0) - 1)).toBeLessThanOrEqual(1e-12);
        for (const x of w) expect(x).toBeLessThanOrEqual(maxWeight + 1e-15);
        const excess = b.reduce((a, x) => a + Math.max(0, x - maxWeight), 0);
        const distance = w.reduce((a, x, i) => a + Math.abs(x - b[i]!), 0);
        expect(Math.abs(distance - 2 * excess)).toBeLessThanOrEqual(1e-12);
        // No point of P is closer (a random one as a witness).
        const p = pointOf(n, maxWeight, [...other].reverse());
        expect(p.reduce((a, x, i) => a + Math.abs(x - b[i]!), 0)).toBeGreaterThanOrEqual(distance - 1e-12);
      }),
    );
  });
});

describe("termScaling", () => {
  it("best is each term's best over the anchors, scale = |worst − best|, and the anchors' ρ lie in [0, 1]", () => {
    fc.assert(
      fc.property(sizeArb, fc.integer({ min: 1, max: 1000 }), ({ n, maxWeight, score, other }, seed) => {
        const T = 20;
        const returns = Float64Array.from({ length: T * n }, (_, k) => 0.02 * Math.sin(seed * (k + 1) * 0.7));
        const mean = new Float64Array(n);
        for (let t = 0; t < T; t++) for (let i = 0; i < n; i++) mean[i]! += returns[t * n + i]! / T;
        const total = other.reduce((a, x) => a + x, 0);
        const d: TermData = {
          n,
          periods: T,
          returns,
          mean,
          beta: Float64Array.from(score, Math.abs),
          target: Float64Array.from(other, (x) => (total > 0 ? x / total : 1 / n)),
          maxWeight,
          confidence: 0.9,
        };
        // Any point of P stands in for the minimum-CVaR anchor here: the rules hold for any table.
        const { scaling, anchors } = termScaling(d, pointOf(n, maxWeight, score));
        const table = anchors.map((w) => termValues(d, w));
        const orient = [1, 1, -1, -1];
        for (let j = 0; j < 4; j++) {
          const column = table.map((row) => orient[j]! * row[j]!);
          expect(orient[j]! * scaling.best[j]!).toBe(Math.max(...column));
          if (scaling.scale[j]! > 0) {
            expect(scaling.scale[j]!).toBeCloseTo(Math.abs(scaling.worst[j]! - scaling.best[j]!), 15);
            for (const row of table) {
              const rho = (orient[j]! * (scaling.best[j]! - row[j]!)) / scaling.scale[j]!;
              expect(rho).toBeGreaterThanOrEqual(-1e-12);
              if (Math.max(...column) - Math.min(...column) > 0) expect(rho).toBeLessThanOrEqual(1 + 1e-12);
            }
          }
        }
      }),
      { numRuns: 50 },
    );
  });
});

describe("oneTermWarning", () => {
  const term = (
    name: ObjectiveTerm["term"],
    option: ObjectiveTerm["option"],
    weight: number,
    normalized: number,
  ): ObjectiveTerm => ({
    term: name,
    option,
    weight,
    value: 0,
    best: 0,
    worst: 1,
    scale: 1,
    normalized,
    contribution: weight * normalized,
    share: 0,
  });
  it("fires only when exactly one weighted term is at its best and another weighted term is not", () => {
    const base = [
      term("expectedReturn", "returnMultiplier", 1, 0.3),
      term("linguisticBeta", "linguisticBetaWeight", 0.5, 0.4),
      term("tailRisk", null, 1, 0.2),
      term("buzzDistance", "buzzPenalty", 0.25, 0),
    ];
    expect(oneTermWarning(base)).toBe(
      "the buzz target alone decides the weights: they are its best portfolio, and expected return (returnMultiplier), linguistic beta (linguisticBetaWeight) and tail risk (CVaR) do not move them; lower buzzPenalty (0.25) to blend (docs/maths.md#scale-aware-objective)",
    );
    expect(oneTermWarning(base.map((t) => ({ ...t, normalized: 0.5 })))).toBeUndefined();
    // Two terms at their best agree: nothing is overruled by one alone.
    expect(oneTermWarning(base.map((t, j) => (j === 2 ? { ...t, normalized: 0 } : t)))).toBeUndefined();
    // A term with weight 0 is ignored, not overruled.
    expect(oneTermWarning([term("tailRisk", null, 1, 0), term("buzzDistance", "buzzPenalty", 0, 0.9)])).toBeUndefined();
  });
});
