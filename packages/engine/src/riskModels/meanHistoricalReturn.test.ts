import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { meanHistoricalReturn } from "./meanHistoricalReturn.ts";
import { expectAllClose, oracle, returnMatrixArb } from "./_test/helpers.ts";

describe("meanHistoricalReturn", () => {
  it("matches numpy's column means and geometric means", () => {
    for (const c of oracle.cases) {
      const m = { returns: c.returns, periods: c.periods };
      expectAllClose(meanHistoricalReturn(m).values, c.meanHistorical as number[], 1e-12, 1e-18);
      expectAllClose(
        meanHistoricalReturn(m, { compounding: true }).values,
        c.meanHistoricalCompounded as number[],
        1e-11,
        1e-18,
      );
    }
  });

  it("lies within each column's range, geometric <= arithmetic (AM–GM on 1 + r)", () => {
    fc.assert(
      fc.property(returnMatrixArb, ({ returns, periods, assets }) => {
        const a = meanHistoricalReturn({ returns, periods }).values;
        const g = meanHistoricalReturn({ returns, periods }, { compounding: true }).values;
        for (let i = 0; i < assets; i++) {
          const col = Array.from({ length: periods }, (_, t) => returns[t * assets + i]!);
          expect(a[i]).toBeGreaterThanOrEqual(Math.min(...col));
          expect(a[i]).toBeLessThanOrEqual(Math.max(...col));
          expect(g[i]).toBeLessThanOrEqual(a[i]! + 1e-15);
        }
      }),
    );
  });

  it("rejects a return <= -1 with compounding, naming the index", () => {
    expect(() => meanHistoricalReturn({ returns: [0.1, -1], periods: 2 }, { compounding: true })).toThrowError(
      /returns\[1\] must be > -1 with compounding, got -1/,
    );
    expect(() => meanHistoricalReturn({ returns: [0.1], periods: 1 }, { compounding: 1 as never })).toThrowError(
      /compounding must be a boolean/,
    );
  });
});
