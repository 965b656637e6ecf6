import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { conditionalValueAtRisk } from "./conditionalValueAtRisk.ts";
import { valueAtRisk } from "./valueAtRisk.ts";
import { anyFiniteArb, betaArb, expectClose, returnsArb } from "./_test/helpers.ts";
import { ruObjective } from "./_test/ruObjective.ts";

/**
 * The RU function is convex and piecewise linear with kinks at the losses, so its minimum over α is
 * attained at one of the losses: an O(N²) oracle that shares no code with the implementation.
 */
function ruMinimum(r: number[], beta: number): number {
  let best = Infinity;
  for (const x of r) best = Math.min(best, ruObjective(r, beta, -x));
  return best;
}

describe("conditionalValueAtRisk", () => {
  it("hand-checked values on losses 0.01..0.20", () => {
    const r = Array.from({ length: 20 }, (_, i) => -(i + 1) / 100);
    // β = 0.95: k = 1, the largest loss. β = 0.9: k = 2, (0.20 + 0.19) / 2.
    expect(conditionalValueAtRisk(r, 0.95)).toBe(0.2);
    expectClose(conditionalValueAtRisk(r, 0.9), 0.195, 1e-15);
    // β = 0.93: k = 1.4, (0.20 + 0.4·0.19) / 1.4 = 0.276 / 1.4.
    expectClose(conditionalValueAtRisk(r, 0.93), 0.276 / 1.4, 1e-14);
    // β = 0.99: k = 0.2 < 1, the largest loss.
    expect(conditionalValueAtRisk(r, 0.99)).toBe(0.2);
  });

  it("equals the minimum of the Rockafellar–Uryasev function (LP value)", () => {
    fc.assert(
      fc.property(returnsArb(1, 150), betaArb, (r, beta) => {
        expectClose(conditionalValueAtRisk(r, beta), ruMinimum(r, beta), 1e-9, 1e-12);
      }),
    );
  });

  it("is >= VaR, equals the RU function at α = VaR, and is <= the RU function at any other α", () => {
    const alpha = fc.double({ min: -6, max: 2, noNaN: true });
    fc.assert(
      fc.property(returnsArb(1, 300), betaArb, fc.array(alpha, { minLength: 1, maxLength: 10 }), (r, beta, alphas) => {
        const cvar = conditionalValueAtRisk(r, beta);
        const v = valueAtRisk(r, beta);
        expect(cvar).toBeGreaterThanOrEqual(v);
        expectClose(cvar, ruObjective(r, beta, v), 1e-9, 1e-12);
        for (const a of alphas) expect(cvar).toBeLessThanOrEqual(ruObjective(r, beta, a) + 1e-9 * (1 + Math.abs(cvar)));
      }),
    );
  });

  it("is the mean of the worst k losses when k = (1-β)N is an integer (regression: β = 0.95, N = 100)", () => {
    const r = Array.from({ length: 100 }, (_, i) => -(i + 1) / 1000);
    // (1 - 0.95)·100 = 5.000000000000004 in float64 and must count as 5: mean of 0.096..0.1 = 0.098.
    expectClose(conditionalValueAtRisk(r, 0.95), 0.098, 1e-14);
  });

  it("lies between VaR and the largest loss, finite even for extreme inputs", () => {
    fc.assert(
      fc.property(fc.array(anyFiniteArb, { minLength: 1, maxLength: 60 }), betaArb, (r, beta) => {
        const cvar = conditionalValueAtRisk(r, beta);
        expect(Number.isFinite(cvar)).toBe(true);
        expect(cvar).toBeGreaterThanOrEqual(valueAtRisk(r, beta));
        expect(cvar).toBeLessThanOrEqual(Math.max(...r.map((x) => -x)));
      }),
    );
    // Losses 1.7e308, 1.7e308, 1.6e308 with β = 0.1: k = 2.7, CVaR = (1.7 + 1.7 + 0.7·1.6)e308 / 2.7 = 4.52e308 / 2.7,
    // whose numerator alone overflows a float64 (hand-checked: 4.52 / 2.7 = 1.674074074...).
    expectClose(conditionalValueAtRisk([-1.7e308, -1.7e308, -1.6e308], 0.1), (4.52 / 2.7) * 1e308, 1e-14);
  });

  it("is invariant under permutation and never mutates the input", () => {
    fc.assert(
      fc.property(returnsArb(1, 200), betaArb, (r, beta) => {
        const typed = Float64Array.from(r);
        const expected = conditionalValueAtRisk(Object.freeze([...r]), beta);
        expectClose(conditionalValueAtRisk(typed.slice().reverse(), beta), expected, 1e-12, 1e-15);
        expect(conditionalValueAtRisk(typed, beta)).toBe(expected);
        expect(Array.from(typed)).toEqual(r);
      }),
    );
  });

  it("uses β = 0.95 by default and rejects bad β", () => {
    fc.assert(
      fc.property(returnsArb(1, 100), (r) => {
        expect(conditionalValueAtRisk(r)).toBe(conditionalValueAtRisk(r, 0.95));
      }),
    );
    expect(() => conditionalValueAtRisk([0.1], 1.5)).toThrowError("beta must satisfy 0 < beta < 1, got 1.5");
  });
});
