import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { sampleCovariance } from "./sampleCovariance.ts";
import { sampleVariance } from "../stats/sampleVariance.ts";
import {
  expectAllClose,
  expectSymmetricPsd,
  oracle,
  returnMatrixVaryingBy,
  varyingReturnMatrixArb,
} from "./_test/helpers.ts";

describe("sampleCovariance", () => {
  it("matches numpy's np.cov(R, rowvar=False) on the oracle cases", () => {
    for (const c of oracle.cases) {
      const S = sampleCovariance({ returns: c.returns, periods: c.periods });
      expect(S.size).toBe(c.assets);
      expectAllClose(S.values, c.sampleCovariance as number[], 1e-11, 1e-17);
    }
  });

  it("hand-checked 3×2 example of the doc comment", () => {
    expectAllClose(
      sampleCovariance({ returns: [0.01, 0.02, -0.01, 0, 0.03, 0.01], periods: 3 }).values,
      [4e-4, 1e-4, 1e-4, 1e-4],
      1e-12,
    );
  });

  it("is symmetric PSD, its diagonal is each column's sampleVariance, and the input is not mutated", () => {
    fc.assert(
      fc.property(varyingReturnMatrixArb, ({ returns, periods, assets }) => {
        const frozen = Object.freeze([...returns]);
        const S = sampleCovariance({ returns: frozen, periods });
        expectSymmetricPsd(S);
        for (let i = 0; i < assets; i++) {
          const column = Array.from({ length: periods }, (_, t) => returns[t * assets + i]!);
          expect(Math.abs(S.values[i * assets + i]! - sampleVariance(column))).toBeLessThanOrEqual(
            1e-12 * (sampleVariance(column) + 1e-6),
          );
        }
      }),
    );
  });

  it("is shift invariant per asset", () => {
    fc.assert(
      // Ranges above 1e-9, so that a shift of up to 0.5 (ulp 1e-16) cannot make an asset constant.
      fc.property(
        returnMatrixVaryingBy(1e-9),
        fc.double({ min: -0.5, max: 0.5, noNaN: true }),
        ({ returns, periods }, shift) => {
          const a = sampleCovariance({ returns, periods }).values;
          const b = sampleCovariance({ returns: returns.map((x) => x + shift), periods }).values;
          expectAllClose(b, a, 1e-6, 1e-12);
        },
      ),
    );
  });

  it("rejects bad shapes naming the field", () => {
    expect(() => sampleCovariance({ returns: [1, 2, 3], periods: 2 })).toThrowError(
      /returns must hold periods × assets values: 3 is not a multiple of periods \(2\)/,
    );
    expect(() => sampleCovariance({ returns: [1, 2], periods: 1 })).toThrowError(/periods must satisfy 2 <= periods/);
    expect(() => sampleCovariance({ returns: [1, Number.NaN], periods: 2 })).toThrowError(
      /returns\[1\] must be a finite number, got NaN/,
    );
    expect(() => sampleCovariance({ returns: [-1e300, 1e300], periods: 2 })).toThrowError(/covariance overflows/);
    expect(() => sampleCovariance(null as never)).toThrowError(/returns must be an object/);
  });
});
