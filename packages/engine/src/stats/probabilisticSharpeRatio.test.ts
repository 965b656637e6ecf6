import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { probabilisticSharpeRatio } from "./probabilisticSharpeRatio.ts";
import { deflatedSharpeRatio, expectedMaximumSharpe } from "./deflatedSharpeRatio.ts";
import { sharpeRatio } from "./sharpeRatio.ts";
import { skewness } from "./skewness.ts";
import { kurtosis } from "./kurtosis.ts";
import { normalCdf, normalQuantile } from "../_internal/normal.ts";
import { expectClose } from "./_test/helpers.ts";

const ret = fc.integer({ min: -30000, max: 30000 }).map((x) => x / 1e5);
const seriesArb = fc.array(ret, { minLength: 5, maxLength: 200 }).filter((r) => Math.max(...r) - Math.min(...r) > 1e-3);
const pArb = fc.constantFrom(252, 52, 12);

describe("normal distribution helpers", () => {
  it("Φ(Φ⁻¹(p)) = p, Φ(-x) = 1 - Φ(x), and Φ⁻¹ is increasing", () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-300, max: 1 - 1e-16, noNaN: true }), (p) => {
        const x = normalQuantile(p);
        expect(Number.isFinite(x)).toBe(true);
        // Rounding x to a double moves Φ by a relative |x| · ulp(x): about x² · 1.1e-16.
        expectClose(normalCdf(x), p, 1e-14 * Math.max(10, x * x), 1e-300);
        expect(normalQuantile(Math.min(p * 1.01, 1 - 1e-16))).toBeGreaterThanOrEqual(x);
      }),
    );
    fc.assert(
      fc.property(fc.double({ min: -8, max: 8, noNaN: true }), (x) =>
        expectClose(normalCdf(-x), 1 - normalCdf(x), 1e-12, 1e-16),
      ),
    );
  });
});

describe("probabilisticSharpeRatio", () => {
  it("is Bailey & López de Prado's formula on sharpeRatio, skewness and kurtosis", () => {
    fc.assert(
      fc.property(seriesArb, pArb, fc.double({ min: -2, max: 2, noNaN: true }), (r, p, target) => {
        const sr = sharpeRatio(r, { periodsPerYear: p }) / Math.sqrt(p);
        const g1 = skewness(r);
        const b2 = kurtosis(r) + 3;
        const z =
          ((sr - target / Math.sqrt(p)) * Math.sqrt(r.length - 1)) / Math.sqrt(1 - g1 * sr + ((b2 - 1) / 4) * sr * sr);
        expectClose(
          probabilisticSharpeRatio(r, { periodsPerYear: p, targetSharpe: target }),
          normalCdf(z),
          1e-9,
          1e-12,
        );
      }),
    );
  });
  it("lies in [0, 1], is 1/2 at SR* = SR, and falls as SR* rises", () => {
    fc.assert(
      fc.property(
        seriesArb,
        fc.double({ min: -3, max: 3, noNaN: true }),
        fc.double({ min: 0, max: 3, noNaN: true }),
        (r, a, step) => {
          const lo = probabilisticSharpeRatio(r, { targetSharpe: a });
          const hi = probabilisticSharpeRatio(r, { targetSharpe: a + step });
          expect(lo).toBeGreaterThanOrEqual(0);
          expect(lo).toBeLessThanOrEqual(1);
          expect(hi).toBeLessThanOrEqual(lo + 1e-15);
          expectClose(probabilisticSharpeRatio(r, { targetSharpe: sharpeRatio(r) }), 0.5, 1e-9, 1e-12);
        },
      ),
    );
  });
  it("a constant series has Sharpe ratio 0: PSR is Φ(0) = 1/2 against SR* = 0", () => {
    expect(probabilisticSharpeRatio([0.01, 0.01, 0.01, 0.01])).toBe(0.5);
    expect(() => probabilisticSharpeRatio([0.01, 0.02, 0.03])).toThrowError(/at least 4 values/);
    expect(() => probabilisticSharpeRatio([0.01, 0.02, 0.03, 0], { targetSharpe: NaN })).toThrowError(
      "targetSharpe must be a finite number, got NaN",
    );
  });
});

describe("deflatedSharpeRatio and expectedMaximumSharpe", () => {
  it("SR0 grows with the trials and with sqrt(V); DSR is the PSR at SR0 and at most the PSR at 0", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 10000 }), fc.double({ min: 0, max: 4, noNaN: true }), (n, v) => {
        const sr0 = expectedMaximumSharpe(n, v);
        expect(sr0).toBeGreaterThanOrEqual(0);
        expect(expectedMaximumSharpe(n + 1, v)).toBeGreaterThanOrEqual(sr0);
        expectClose(expectedMaximumSharpe(n, 4 * v), 2 * sr0, 1e-12, 1e-15);
      }),
    );
    fc.assert(
      fc.property(
        seriesArb,
        fc.integer({ min: 2, max: 500 }),
        fc.double({ min: 0, max: 2, noNaN: true }),
        (r, n, v) => {
          const dsr = deflatedSharpeRatio(r, { trials: n, sharpeVariance: v, periodsPerYear: 52 });
          expectClose(
            dsr,
            probabilisticSharpeRatio(r, { targetSharpe: expectedMaximumSharpe(n, v), periodsPerYear: 52 }),
            1e-12,
            1e-15,
          );
          expect(dsr).toBeLessThanOrEqual(probabilisticSharpeRatio(r, { periodsPerYear: 52 }) + 1e-15);
        },
      ),
    );
  });
  it("rejects bad options", () => {
    expect(() => expectedMaximumSharpe(1, 1)).toThrowError(
      "trials must satisfy 2 <= trials <= 9,007,199,254,740,991, got 1",
    );
    expect(() => expectedMaximumSharpe(10, -1)).toThrowError("sharpeVariance must satisfy 0 <= sharpeVariance, got -1");
    expect(() => deflatedSharpeRatio([0.1, 0.2, 0.3, 0], { trials: 2.5, sharpeVariance: 1 })).toThrowError(
      "trials must be an integer, got 2.5",
    );
  });
});
