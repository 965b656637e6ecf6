import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { oracleApproximatingShrinkage } from "./oracleApproximatingShrinkage.ts";
import { expectAllClose, expectSymmetricPsd, oracle, varyingReturnMatrixArb } from "./_test/helpers.ts";

type Shrunk = { shrinkage: number; values: number[] };

describe("oracleApproximatingShrinkage", () => {
  it("matches Chen et al. (2010) eq. 23 in numpy on the oracle cases", () => {
    for (const c of oracle.cases) {
      const o = c.oas as Shrunk;
      const r = oracleApproximatingShrinkage({ returns: c.returns, periods: c.periods });
      expect(r.shrinkage).toBeCloseTo(o.shrinkage, 12);
      expectAllClose(r.values, o.values, 1e-10, 1e-17);
    }
  });

  it("intensity in [0, 1], symmetric PSD, trace of the 1/T sample covariance kept", () => {
    fc.assert(
      fc.property(varyingReturnMatrixArb, ({ returns, periods, assets }) => {
        const r = oracleApproximatingShrinkage({ returns, periods });
        expect(r.shrinkage).toBeGreaterThanOrEqual(0);
        expect(r.shrinkage).toBeLessThanOrEqual(1);
        expectSymmetricPsd(r);
        let trace = 0;
        let sTrace = 0;
        for (let i = 0; i < assets; i++) {
          trace += r.values[i * assets + i]!;
          let mean = 0;
          for (let t = 0; t < periods; t++) mean += returns[t * assets + i]! / periods;
          for (let t = 0; t < periods; t++) sTrace += (returns[t * assets + i]! - mean) ** 2 / periods;
        }
        expect(Math.abs(trace - sTrace)).toBeLessThanOrEqual(1e-10 * (sTrace + 1e-8));
      }),
    );
  });

  it("a sample covariance already proportional to I gets ρ = 1", () => {
    // Two uncorrelated assets of equal variance: S = 0.0001·I exactly.
    const r = oracleApproximatingShrinkage({
      returns: [0.01, 0.01, -0.01, 0.01, 0.01, -0.01, -0.01, -0.01],
      periods: 4,
    });
    expect(r.shrinkage).toBe(1);
    expectAllClose(r.values, [1e-4, 0, 0, 1e-4], 1e-12, 1e-20);
  });
});
