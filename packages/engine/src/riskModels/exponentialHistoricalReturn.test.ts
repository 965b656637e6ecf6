import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { exponentialHistoricalReturn } from "./exponentialHistoricalReturn.ts";
import { meanHistoricalReturn } from "./meanHistoricalReturn.ts";
import { expectAllClose, oracle, returnMatrixArb } from "./_test/helpers.ts";

describe("exponentialHistoricalReturn", () => {
  it("matches numpy's weighted means (span 30)", () => {
    for (const c of oracle.cases) {
      expectAllClose(
        exponentialHistoricalReturn({ returns: c.returns, periods: c.periods }, { span: 30 }).values,
        c.exponentialMeanSpan30 as number[],
        1e-12,
        1e-18,
      );
    }
  });

  it("is within each column's range and tends to the arithmetic mean as the span grows", () => {
    fc.assert(
      fc.property(
        returnMatrixArb,
        fc.double({ min: 1.01, max: 1e4, noNaN: true }),
        ({ returns, periods, assets }, span) => {
          const e = exponentialHistoricalReturn({ returns, periods }, { span }).values;
          for (let i = 0; i < assets; i++) {
            const col = Array.from({ length: periods }, (_, t) => returns[t * assets + i]!);
            expect(e[i]).toBeGreaterThanOrEqual(Math.min(...col));
            expect(e[i]).toBeLessThanOrEqual(Math.max(...col));
          }
          expectAllClose(
            exponentialHistoricalReturn({ returns, periods }, { span: 1e13 }).values,
            meanHistoricalReturn({ returns, periods }).values,
            1e-6,
            1e-12,
          );
        },
      ),
    );
  });
});
