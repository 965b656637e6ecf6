import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { omegaRatio } from "./omegaRatio.ts";
import { gainToPainRatio } from "./gainToPainRatio.ts";
import { profitFactor } from "./profitFactor.ts";
import { payoffRatio } from "./payoffRatio.ts";
import { kellyCriterion } from "./kellyCriterion.ts";
import { expectClose } from "./_test/helpers.ts";

const ret = fc.integer({ min: -30000, max: 30000 }).map((x) => x / 1e5);
const mixedArb = fc
  .array(ret, { minLength: 2, maxLength: 200 })
  .filter((r) => r.some((x) => x > 0) && r.some((x) => x < 0));
const scaleArb = fc.constantFrom(0.5, 2, 1024, 1 / 1024, 3);

describe("omega, gain-to-pain, profit factor, payoff ratio, Kelly", () => {
  it("match their definitions (plain sums)", () => {
    fc.assert(
      fc.property(mixedArb, (r) => {
        const gains = r.filter((x) => x > 0);
        const losses = r.filter((x) => x < 0);
        const G = gains.reduce((a, b) => a + b, 0);
        const L = -losses.reduce((a, b) => a + b, 0);
        expectClose(profitFactor(r), G / L, 1e-12);
        expectClose(omegaRatio(r), G / L, 1e-12);
        expectClose(gainToPainRatio(r), (G - L) / L, 1e-9, 1e-12);
        const b = G / gains.length / (L / losses.length);
        expectClose(payoffRatio(r), b, 1e-12);
        const p = gains.length / (gains.length + losses.length);
        expectClose(kellyCriterion(r), p - (1 - p) / b, 1e-9, 1e-12);
      }),
    );
  });
  it("closed forms: GPR = PF - 1, Ω - 1 = Σe / Σmax(-e, 0); ratios are scale-free; Kelly <= p", () => {
    fc.assert(
      fc.property(mixedArb, scaleArb, (r, c) => {
        expectClose(gainToPainRatio(r), profitFactor(r) - 1, 1e-9, 1e-12);
        const scaled = r.map((x) => x * c);
        expectClose(omegaRatio(scaled), omegaRatio(r), 1e-12);
        expectClose(payoffRatio(scaled), payoffRatio(r), 1e-12);
        expectClose(kellyCriterion(scaled), kellyCriterion(r), 1e-9, 1e-12);
        const p = r.filter((x) => x > 0).length / r.filter((x) => x !== 0).length;
        expect(kellyCriterion(r)).toBeLessThanOrEqual(p + 1e-12);
      }),
    );
  });
  it("omega falls as the required return rises, and a risk-free rate acts as part of the threshold", () => {
    fc.assert(
      fc.property(
        mixedArb,
        fc.double({ min: -0.5, max: 0.5, noNaN: true }),
        fc.double({ min: 0, max: 0.5, noNaN: true }),
        (r, lo, step) => {
          const a = omegaRatio(r, { requiredReturn: lo });
          const b = omegaRatio(r, { requiredReturn: lo + step });
          if (a !== 0 && b !== 0) expect(b).toBeLessThanOrEqual(a * (1 + 1e-12));
        },
      ),
    );
    // rf and L both de-annualised geometrically and added: (1.21)^(1/2) - 1 = 0.1 per period each.
    expectClose(
      omegaRatio([0.3, 0.1, -0.1], { riskFreeRate: 0.21, periodsPerYear: 2 }),
      omegaRatio([0.3, 0.1, -0.1], { requiredReturn: 0.21, periodsPerYear: 2 }),
      1e-12,
    );
    expectClose(omegaRatio([0.3, 0.1, -0.1], { requiredReturn: 0.21, periodsPerYear: 2 }), 0.2 / 0.2, 1e-12);
  });
  it("degenerate cases are 0, never Infinity or NaN; bad input is rejected", () => {
    for (const f of [omegaRatio, gainToPainRatio, profitFactor, payoffRatio, kellyCriterion]) {
      expect(f([0.01, 0.02, 0])).toBe(0);
      expect(f([0, 0])).toBe(0);
      expect(() => f([])).toThrowError("returns must hold at least 1 value, got 0");
    }
    expect(payoffRatio([-0.01, -0.02])).toBe(0);
    expect(gainToPainRatio([-0.01, -0.02])).toBe(-1);
    expect(() => omegaRatio([0.1], { requiredReturn: -1 })).toThrowError(
      "requiredReturn must satisfy -1 < requiredReturn, got -1",
    );
    expect(() => omegaRatio([1.7e308, -1], { requiredReturn: -0.9, periodsPerYear: 1 })).not.toThrow();
    expect(() => omegaRatio([-1.7e308, 1], { requiredReturn: 1.7e308, periodsPerYear: 1 })).toThrowError(/overflows/);
  });
});
