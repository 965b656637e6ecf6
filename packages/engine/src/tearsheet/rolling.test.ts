import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { rollingVolatility } from "./rollingVolatility.ts";
import { rollingSharpe } from "./rollingSharpe.ts";
import { rollingBeta } from "./rollingBeta.ts";
import { beta } from "./beta.ts";
import { volatility } from "../stats/volatility.ts";
import { sharpeRatio } from "../stats/sharpeRatio.ts";
import { expectClose } from "../stats/_test/helpers.ts";
import { betaOracle, rollingOracle } from "./_test/oracles.ts";
import * as ss from "simple-statistics";

const ret = fc.integer({ min: -30000, max: 30000 }).map((x) => x / 1e5);
const seriesArb = fc
  .integer({ min: 2, max: 80 })
  .chain((n) =>
    fc.tuple(
      fc.array(ret, { minLength: n, maxLength: n }),
      fc.array(ret, { minLength: n, maxLength: n }),
      fc.integer({ min: 2, max: n }),
    ),
  );

describe("rolling windows", () => {
  it("each value is the whole-series statistic of its window: volatility and sharpeRatio exactly, beta as simple-statistics", () => {
    fc.assert(
      fc.property(
        seriesArb,
        fc.constantFrom(52, 252),
        fc.double({ min: -0.02, max: 0.1, noNaN: true }),
        ([r, b, m], p, rf) => {
          const vol = rollingVolatility(r, m, p);
          const sharpe = rollingSharpe(r, m, { periodsPerYear: p, riskFreeRate: rf });
          const betas = rollingBeta(r, b, m);
          expect(vol.length).toBe(r.length - m + 1);
          expect(Array.from(vol)).toEqual(rollingOracle(r.length, m, (i, j) => volatility(r.slice(i, j), p)));
          expect(Array.from(sharpe)).toEqual(
            rollingOracle(r.length, m, (i, j) => sharpeRatio(r.slice(i, j), { periodsPerYear: p, riskFreeRate: rf })),
          );
          expect(Array.from(betas)).toEqual(rollingOracle(r.length, m, (i, j) => beta(r.slice(i, j), b.slice(i, j))));
          rollingOracle(r.length, m, (i, j) => {
            const bw = b.slice(i, j);
            if (ss.sampleStandardDeviation(bw) > 1e-4)
              expectClose(betas[i]!, betaOracle(r.slice(i, j), bw), 1e-9, 1e-12);
            expectClose(vol[i]!, ss.sampleStandardDeviation(r.slice(i, j)) * Math.sqrt(p), 1e-9, 1e-12);
            return 0;
          });
        },
      ),
    );
  });
  it("a window of the whole series gives the whole-series value; scaling returns by c > 0 scales volatility by c", () => {
    fc.assert(
      fc.property(seriesArb, fc.constantFrom(2, 0.5, 1024), ([r, , m], c) => {
        expect(Array.from(rollingVolatility(r, r.length, 52))).toEqual([volatility(r, 52)]);
        const scaled = rollingVolatility(
          r.map((x) => c * x),
          m,
          52,
        );
        rollingVolatility(r, m, 52).forEach((v, i) => expectClose(scaled[i]!, c * v, 1e-12, 1e-15));
      }),
    );
  });
  it("rejects a window below 2 or above the number of returns", () => {
    expect(() => rollingVolatility([0.1, 0.2, 0.3], 4)).toThrow(/window/);
    expect(() => rollingSharpe([0.1, 0.2, 0.3], 1)).toThrow(/window/);
    expect(() => rollingBeta([0.1, 0.2], [0.1, 0.2], 2.5)).toThrow(/window/);
  });
});
