import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { exponentialCovariance } from "./exponentialCovariance.ts";
import { sampleCovariance } from "./sampleCovariance.ts";
import { expectAllClose, expectSymmetricPsd, oracle, returnMatrixVaryingBy } from "./_test/helpers.ts";

describe("exponentialCovariance", () => {
  it("matches the numpy weighted covariance (span 30) on the oracle cases", () => {
    for (const c of oracle.cases) {
      const r = exponentialCovariance({ returns: c.returns, periods: c.periods }, { span: 30 });
      expectAllClose(r.values, c.exponentialCovarianceSpan30 as number[], 1e-10, 1e-17);
    }
  });

  it("is symmetric PSD, and tends to the sample covariance as the span grows", () => {
    fc.assert(
      // Ranges above 1e-9: a span of 1.5 weighs the first of 40 periods 4e-28, and a variance must stay within 1e-150 of the largest.
      fc.property(
        returnMatrixVaryingBy(1e-9),
        fc.double({ min: 1.5, max: 1e4, noNaN: true }),
        ({ returns, periods }, span) => {
          expectSymmetricPsd(exponentialCovariance({ returns, periods }, { span }));
          expectAllClose(
            exponentialCovariance({ returns, periods }, { span: 1e12 }).values,
            sampleCovariance({ returns, periods }).values,
            1e-6,
            1e-12,
          );
        },
      ),
    );
  });

  it("rejects a span <= 1", () => {
    expect(() => exponentialCovariance({ returns: [0.1, 0.2], periods: 2 }, { span: 1 })).toThrowError(
      /span must satisfy 1 < span, got 1/,
    );
  });
});
