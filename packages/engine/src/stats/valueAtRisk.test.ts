import { describe, expect, it } from "vitest";
import fc from "fast-check";
import * as ss from "simple-statistics";
import { valueAtRisk } from "./valueAtRisk.ts";
import { betaArb, expectClose, returnsArb } from "./_test/helpers.ts";
import { ruObjective } from "./_test/ruObjective.ts";

/** β away from values where βN is within 1e-6 of an integer, so the tolerance rule plays no part. */
const clearBeta = (n: number, beta: number) => Math.abs(beta * n - Math.round(beta * n)) > 1e-6;

describe("valueAtRisk", () => {
  it("hand-checked: losses 0.01..0.20, β = 0.93 gives the 19th smallest loss, 0.19", () => {
    const r = Array.from({ length: 20 }, (_, i) => -(i + 1) / 100);
    expect(valueAtRisk(r, 0.93)).toBe(0.19);
    expect(valueAtRisk(r, 0.9)).toBe(0.18);
    expect(valueAtRisk([0.01, -0.04, 0.02, -0.01, 0.03], 0.8)).toBe(0.01);
  });

  it("is the lower β-quantile of losses: #{L <= VaR} >= βN and #{L < VaR} < βN", () => {
    fc.assert(
      fc.property(returnsArb(1, 300), betaArb, (r, beta) => {
        fc.pre(clearBeta(r.length, beta));
        const v = valueAtRisk(r, beta);
        const losses = r.map((x) => -x);
        expect(losses).toContain(v);
        expect(losses.filter((l) => l <= v).length).toBeGreaterThanOrEqual(beta * r.length);
        expect(losses.filter((l) => l < v).length).toBeLessThan(beta * r.length);
      }),
    );
  });

  it("matches simple-statistics' quantile at the probability that hits the ⌈βN⌉-th order statistic exactly", () => {
    fc.assert(
      fc.property(returnsArb(2, 300), betaArb, (r, beta) => {
        fc.pre(clearBeta(r.length, beta));
        const a = Math.ceil(beta * r.length); // 1-based rank among ascending losses
        const losses = r.map((x) => -x);
        expect(valueAtRisk(r, beta)).toBe(ss.quantile(losses, (a - 1) / (r.length - 1)) + 0);
      }),
    );
  });

  it("is a minimiser of the Rockafellar–Uryasev function and no smaller loss is", () => {
    fc.assert(
      fc.property(returnsArb(1, 200), betaArb, (r, beta) => {
        fc.pre(clearBeta(r.length, beta));
        const v = valueAtRisk(r, beta);
        const atVar = ruObjective(r, beta, v);
        const k = (1 - beta) * r.length;
        const tol = 1e-12 * (1 + Math.abs(atVar));
        for (const x of r) {
          const l = -x;
          const f = ruObjective(r, beta, l);
          expect(f).toBeGreaterThanOrEqual(atVar - tol);
          // Left of VaR at least ⌊k⌋ + 1 losses exceed α, so the slope is <= 1 - (⌊k⌋ + 1)/k < 0:
          // F(l) - F(VaR) >= (VaR - l)·((⌊k⌋ + 1)/k - 1) > 0. VaR is the smallest minimiser.
          if (l < v) {
            const margin = (v - l) * ((Math.floor(k) + 1) / k - 1);
            expect(f - atVar).toBeGreaterThanOrEqual(margin - tol);
          }
        }
      }),
    );
  });

  it("treats βN within EPS of an integer as that integer (regression: 0.95·100 must count as 95)", () => {
    const r = Array.from({ length: 100 }, (_, i) => -(i + 1) / 1000); // losses 0.001..0.1
    expect(valueAtRisk(r, 0.95)).toBe(0.095);
    expect(valueAtRisk(r, 0.9)).toBe(0.09);
    expect(valueAtRisk(r, 0.99)).toBe(0.099);
  });

  it("never mutates or sorts the input", () => {
    fc.assert(
      fc.property(returnsArb(1, 100), (r) => {
        const typed = Float64Array.from(r);
        const frozen = Object.freeze([...r]);
        valueAtRisk(typed);
        valueAtRisk(frozen);
        expect(Array.from(typed)).toEqual(r);
      }),
    );
  });

  it("rejects bad β and bad returns", () => {
    expect(() => valueAtRisk([0.1], 1)).toThrowError("beta must satisfy 0 < beta < 1, got 1");
    expect(() => valueAtRisk([0.1], 0)).toThrowError("beta must satisfy 0 < beta < 1, got 0");
    expect(() => valueAtRisk([])).toThrowError(/returns must hold at least 1 value/);
    expect(() => valueAtRisk([0.1, Number.NaN])).toThrowError(/returns\[1\] must be a finite number, got NaN/);
  });

  it("is not -0 when the quantile loss is zero", () => {
    expect(Object.is(valueAtRisk([0, 0, 0]), 0)).toBe(true);
    expectClose(valueAtRisk([0.5]), -0.5, 0);
  });
});
