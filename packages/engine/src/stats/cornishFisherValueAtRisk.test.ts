import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { cornishFisherValueAtRisk } from "./cornishFisherValueAtRisk.ts";
import { valueAtRisk } from "./valueAtRisk.ts";
import { skewness } from "./skewness.ts";
import { kurtosis } from "./kurtosis.ts";
import { meanReturn } from "./meanReturn.ts";
import { sampleVariance } from "./sampleVariance.ts";
import { normalQuantile } from "../_internal/normal.ts";
import { expectClose } from "./_test/helpers.ts";

const ret = fc.integer({ min: -30000, max: 30000 }).map((x) => x / 1e5);
const seriesArb = fc.array(ret, { minLength: 4, maxLength: 200 }).filter((r) => Math.max(...r) - Math.min(...r) > 1e-3);
const betaArb = fc.double({ min: 0.5, max: 0.999, noNaN: true });

describe("cornishFisherValueAtRisk", () => {
  it("is -(mean + z_cf s) with the Cornish-Fisher quantile of skewness() and kurtosis()", () => {
    fc.assert(
      fc.property(seriesArb, betaArb, (r, beta) => {
        const z = normalQuantile(1 - beta);
        const S = skewness(r);
        const K = kurtosis(r);
        const zcf = z + ((z * z - 1) * S) / 6 + ((z ** 3 - 3 * z) * K) / 24 - ((2 * z ** 3 - 5 * z) * S * S) / 36;
        expectClose(
          cornishFisherValueAtRisk(r, beta),
          -(meanReturn(r) + zcf * Math.sqrt(sampleVariance(r))),
          1e-9,
          1e-12,
        );
      }),
    );
  });
  it("moves with location and scale: VaR(a r + c) = a VaR(r) - c for a > 0", () => {
    fc.assert(
      fc.property(
        seriesArb,
        betaArb,
        fc.constantFrom(0.5, 2, 1024),
        fc.double({ min: -0.1, max: 0.1, noNaN: true }),
        (r, beta, a, c) => {
          expectClose(
            cornishFisherValueAtRisk(
              r.map((x) => a * x + c),
              beta,
            ),
            a * cornishFisherValueAtRisk(r, beta) - c,
            1e-8,
            1e-10,
          );
        },
      ),
    );
  });
  it("with no skew and no excess kurtosis it is the Gaussian VaR (quantstats' value_at_risk)", () => {
    // ±1 and four zeros: symmetric (S = 0) and m4 / m2² = 6 · 2 / 2² = 3 (K = 0).
    const r = [-0.01, 0.01, 0, 0, 0, 0];
    expectClose(kurtosis(r), 0, 0, 1e-12);
    expectClose(cornishFisherValueAtRisk(r, 0.95), valueAtRisk(r, 0.95, { convention: "quantstats" }), 1e-11, 1e-15);
  });
  it("rejects bad input", () => {
    expect(() => cornishFisherValueAtRisk([0.1, 0.2, 0.3])).toThrowError(/at least 4 values/);
    expect(() => cornishFisherValueAtRisk([0.1, 0.2, 0.3, 0.4], 1)).toThrowError(
      "beta must satisfy 0 < beta < 1, got 1",
    );
  });
});
