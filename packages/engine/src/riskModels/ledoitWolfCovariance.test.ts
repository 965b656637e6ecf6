import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ledoitWolfCovariance } from "./ledoitWolfCovariance.ts";
import { expectAllClose, expectSymmetricPsd, oracle, varyingReturnMatrixArb } from "./_test/helpers.ts";

type Shrunk = { shrinkage: number; values: number[] };

describe("ledoitWolfCovariance", () => {
  it("matches the term-by-term numpy transcription of both papers on the oracle cases", () => {
    for (const c of oracle.cases) {
      const m = { returns: c.returns, periods: c.periods };
      const cc = c.ledoitWolfConstantCorrelation as Shrunk;
      const lw = ledoitWolfCovariance(m);
      expect(lw.shrinkage).toBeCloseTo(cc.shrinkage, 12);
      expectAllClose(lw.values, cc.values, 1e-10, 1e-17);
      const id = c.ledoitWolfIdentity as Shrunk;
      const li = ledoitWolfCovariance(m, { target: "identity" });
      expect(li.shrinkage).toBeCloseTo(id.shrinkage, 12);
      expectAllClose(li.values, id.values, 1e-10, 1e-17);
    }
  });

  it("the tall oracle case shrinks strictly inside (0, 1) (so the clip is not all that is tested)", () => {
    const tall = oracle.cases.find((c) => c.name === "tall")!;
    const s = ledoitWolfCovariance({ returns: tall.returns, periods: tall.periods }).shrinkage;
    expect(s).toBeGreaterThan(0.1);
    expect(s).toBeLessThan(0.9);
  });

  it("intensity in [0, 1], estimate symmetric PSD, variances kept by the constant-correlation target, trace kept by the identity target", () => {
    fc.assert(
      fc.property(varyingReturnMatrixArb, fc.constantFrom("constant-correlation" as const, "identity" as const), ({ returns, periods, assets }, target) => {
        const r = ledoitWolfCovariance({ returns: Object.freeze([...returns]), periods }, { target });
        expect(r.shrinkage).toBeGreaterThanOrEqual(0);
        expect(r.shrinkage).toBeLessThanOrEqual(1);
        expectSymmetricPsd(r);
        // Both targets keep the trace of S (1/T): the constant-correlation one keeps each variance.
        const S = ledoitWolfCovariance({ returns, periods }, { target }).values;
        let trace = 0;
        let sTrace = 0;
        for (let i = 0; i < assets; i++) {
          let mean = 0;
          for (let t = 0; t < periods; t++) mean += returns[t * assets + i]! / periods;
          let v = 0;
          for (let t = 0; t < periods; t++) v += (returns[t * assets + i]! - mean) ** 2 / periods;
          sTrace += v;
          trace += S[i * assets + i]!;
          if (target === "constant-correlation") expect(Math.abs(S[i * assets + i]! - v)).toBeLessThanOrEqual(1e-12 * (v + 1e-8));
        }
        expect(Math.abs(trace - sTrace)).toBeLessThanOrEqual(1e-10 * (sTrace + 1e-8));
      }),
    );
  });

  it("rejects an unknown target naming it", () => {
    expect(() => ledoitWolfCovariance({ returns: [0.1, 0.2], periods: 2 }, { target: "diagonal" as never })).toThrowError(/target must be "constant-correlation" or "identity", got diagonal/);
  });
});
