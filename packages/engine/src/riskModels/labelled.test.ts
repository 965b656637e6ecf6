import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { assetReturns } from "../data/assetReturns.ts";
import { isCovariance } from "../data/covariance.ts";
import { isExpectedReturns } from "../data/expectedReturns.ts";
import { isEngineError } from "../errors/EngineError.ts";
import { capmReturn } from "./capmReturn.ts";
import { exponentialCovariance } from "./exponentialCovariance.ts";
import { exponentialHistoricalReturn } from "./exponentialHistoricalReturn.ts";
import { ledoitWolfCovariance } from "./ledoitWolfCovariance.ts";
import { meanHistoricalReturn } from "./meanHistoricalReturn.ts";
import { oracleApproximatingShrinkage } from "./oracleApproximatingShrinkage.ts";
import { sampleCovariance } from "./sampleCovariance.ts";
import { varyingReturnMatrixArb } from "./_test/helpers.ts";

const idsOf = (n: number) => Array.from({ length: n }, (_, i) => `X${i}`);
const covariances = {
  sampleCovariance: (m: Parameters<typeof sampleCovariance>[0]) => sampleCovariance(m),
  ledoitWolfCovariance: (m: Parameters<typeof sampleCovariance>[0]) => ledoitWolfCovariance(m),
  ledoitWolfIdentity: (m: Parameters<typeof sampleCovariance>[0]) => ledoitWolfCovariance(m, { target: "identity" }),
  oracleApproximatingShrinkage: (m: Parameters<typeof sampleCovariance>[0]) => oracleApproximatingShrinkage(m),
  exponentialCovariance: (m: Parameters<typeof sampleCovariance>[0]) => exponentialCovariance(m, { span: 10 }),
};
const means = {
  meanHistoricalReturn: (m: Parameters<typeof sampleCovariance>[0]) => meanHistoricalReturn(m),
  exponentialHistoricalReturn: (m: Parameters<typeof sampleCovariance>[0]) =>
    exponentialHistoricalReturn(m, { span: 10 }),
  capmReturn: (m: Parameters<typeof sampleCovariance>[0]) => capmReturn(m),
};

describe("risk models on labelled returns", () => {
  it("every estimate carries the returns' ids and frequency, with the numbers of the unlabelled call", () => {
    fc.assert(
      fc.property(
        varyingReturnMatrixArb,
        fc.constantFrom("daily", "weekly", "monthly") as fc.Arbitrary<"daily" | "weekly" | "monthly">,
        ({ returns, periods, assets }, frequency) => {
          const labelled = assetReturns(returns, { assets: idsOf(assets), frequency });
          const bare = { returns, periods };
          for (const estimate of Object.values(covariances)) {
            const a = estimate(labelled);
            const b = estimate(bare);
            expect(isCovariance(a)).toBe(true);
            expect(a.assets).toEqual(idsOf(assets));
            expect([a.periodsPerYear, a.frequency]).toEqual([
              { daily: 252, weekly: 52, monthly: 12 }[frequency],
              frequency,
            ]);
            expect(b.assets).toEqual(Array.from({ length: assets }, (_, i) => String(i)));
            expect([b.periodsPerYear, b.frequency]).toEqual([1, "custom"]);
            expect(Array.from(a.values)).toEqual(Array.from(b.values));
            // T <= N periods (or collinear columns) leave the estimate singular: `definite` says so.
            if (periods <= assets && estimate === covariances.sampleCovariance) expect(a.definite).toBe(false);
          }
          for (const estimate of Object.values(means)) {
            const a = estimate(labelled);
            expect(isExpectedReturns(a)).toBe(true);
            expect(a.assets).toEqual(idsOf(assets));
            expect(a.periodsPerYear).toBe({ daily: 252, weekly: 52, monthly: 12 }[frequency]);
            expect(Array.from(a.values)).toEqual(Array.from(estimate(bare).values));
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it("the shrinkage intensity sits beside the labels", () => {
    const r = assetReturns(
      [
        [0.01, 0.02],
        [-0.01, 0],
        [0.03, 0.01],
        [0.02, -0.02],
      ],
      { assets: ["A", "B"], frequency: "weekly" },
    );
    const lw = ledoitWolfCovariance(r);
    expect(lw.shrinkage).toBe(1);
    expect(lw.assets).toEqual(["A", "B"]);
    expect(lw.definite).toBe(true);
  });

  it("a ReturnScenarios is labelled by its assetIds, daily", () => {
    const S = sampleCovariance({
      assetIds: ["P", "Q"],
      returns: Float64Array.from([0.01, 0.02, -0.01, 0, 0.03, 0.01]),
      periods: 3,
    } as never);
    expect([S.assets, S.frequency]).toEqual([["P", "Q"], "daily"]);
  });

  it("capmReturn's riskFreeRate is annual: r_f/P per period on labelled returns", () => {
    const rows = [
      [0.01, 0.02],
      [-0.01, 0.01],
      [0.02, -0.01],
      [0.0, 0.03],
    ];
    const daily = capmReturn(assetReturns(rows, { assets: ["A", "B"], frequency: "daily" }), { riskFreeRate: 0.0504 });
    const bare = capmReturn({ returns: rows.flat(), periods: 4 }, { riskFreeRate: 0.0504 / 252 });
    expect(Array.from(daily.values)).toEqual(Array.from(bare.values));
  });

  it("an asset with constant returns is refused naming it (a covariance needs every variance > 0)", () => {
    const r = assetReturns(
      [
        [0.01, 0.001],
        [-0.01, 0.001],
        [0.02, 0.001],
      ],
      { assets: ["STOCK", "CASH"], frequency: "daily" },
    );
    for (const estimate of [sampleCovariance, exponentialCovariance, ledoitWolfCovariance]) {
      try {
        estimate(r);
        expect.fail("expected an EngineError");
      } catch (e) {
        expect(isEngineError(e, "INVALID_INPUT") && e.field === "returns", String(e)).toBe(true);
        expect((e as Error).message).toMatch(/asset CASH \(column 1\).*variance is 0 \(its returns are constant\)/);
      }
    }
  });
});
