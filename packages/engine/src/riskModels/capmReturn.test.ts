import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { capmReturn } from "./capmReturn.ts";
import { expectAllClose, oracle, returnMatrixArb } from "./_test/helpers.ts";

describe("capmReturn", () => {
  it("matches numpy's β·premium with a given market and with the equal-weighted market", () => {
    for (const c of oracle.cases) {
      const m = { returns: c.returns, periods: c.periods };
      expectAllClose(
        capmReturn(m, { marketReturns: c.market as number[], riskFreeRate: 1e-4 }).values,
        c["capmMarketColumn0Rf1e-4"] as number[],
        1e-10,
        1e-18,
      );
      expectAllClose(capmReturn(m).values, c.capmEqualWeight as number[], 1e-10, 1e-18);
    }
  });

  it("an asset that is the market earns the market mean (r_f when the market is constant)", () => {
    fc.assert(
      fc.property(
        returnMatrixArb,
        fc.double({ min: -0.001, max: 0.001, noNaN: true }),
        ({ returns, periods, assets }, rf) => {
          const market = Array.from({ length: periods }, (_, t) => returns[t * assets]!);
          const mean = market.reduce((a, b) => a + b, 0) / periods;
          const mu = capmReturn({ returns, periods }, { marketReturns: market, riskFreeRate: rf }).values;
          if (Math.max(...market) - Math.min(...market) > 1e-100)
            expect(Math.abs(mu[0]! - mean)).toBeLessThanOrEqual(1e-10);
          else if (Math.max(...market) === Math.min(...market)) expect(mu[0]).toBe(rf);
        },
      ),
    );
  });

  it("rejects a market of the wrong length", () => {
    expect(() => capmReturn({ returns: [0.1, 0.2, 0.3], periods: 3 }, { marketReturns: [0.1, 0.2] })).toThrowError(
      /periods and marketReturns must have the same length, got 3 and 2/,
    );
  });
});
