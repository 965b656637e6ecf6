import { describe, expect, it } from "vitest";
import fc from "fast-check";
import * as ss from "simple-statistics";
import { beta } from "./beta.ts";
import { jensenAlpha } from "./jensenAlpha.ts";
import { trackingError } from "./trackingError.ts";
import { informationRatio } from "./informationRatio.ts";
import { sortinoRatio } from "./sortinoRatio.ts";
import { calmarRatio } from "./calmarRatio.ts";
import { expectClose } from "../stats/_test/helpers.ts";
import {
  alphaOracle,
  betaOracle,
  calmarOracle,
  informationRatioOracle,
  sortinoOracle,
  trackingErrorOracle,
} from "./_test/oracles.ts";
import { isEngineError } from "../errors/EngineError.ts";

/** Returns on a grid of 1e-5 (no subnormals or near-ties, whose rounding would break exact scaling laws). */
const ret = fc.integer({ min: -30000, max: 30000 }).map((x) => x / 1e5);
/** Paired returns with dispersion well above rounding noise (degenerate cases are tested apart). */
const pairArb = fc
  .integer({ min: 3, max: 120 })
  .chain((n) => fc.tuple(fc.array(ret, { minLength: n, maxLength: n }), fc.array(ret, { minLength: n, maxLength: n })))
  .filter(
    ([r, b]) => ss.sampleStandardDeviation(b) > 1e-4 && ss.sampleStandardDeviation(r.map((x, i) => x - b[i]!)) > 1e-4,
  );
const rfArb = fc.double({ min: -0.02, max: 0.1, noNaN: true });
const pArb = fc.constantFrom(252, 52, 12);
const cArb = fc.constantFrom(0.5, 2, 1024, 1 / 1024, 3, 0.1);

function codeOf(run: () => unknown): unknown {
  try {
    run();
    return "returned";
  } catch (e) {
    return isEngineError(e) ? [e.code, e.field] : String(e);
  }
}

describe("beta", () => {
  it("matches simple-statistics' sampleCovariance / sampleVariance", () => {
    fc.assert(fc.property(pairArb, ([r, b]) => expectClose(beta(r, b), betaOracle(r, b), 1e-9, 1e-12)));
  });
  it("closed forms: β(b, b) = 1, β(c·b + d, b) = c, β(r, c·b) = β(r, b) / c, and β(-r, b) = -β(r, b)", () => {
    fc.assert(
      fc.property(pairArb, cArb, fc.double({ min: -0.01, max: 0.01, noNaN: true }), ([r, b], c, d) => {
        expectClose(beta(b, b), 1, 1e-12, 0);
        expectClose(
          beta(
            b.map((x) => c * x + d),
            b,
          ),
          c,
          1e-9,
          1e-12,
        );
        expectClose(
          beta(
            r,
            b.map((x) => c * x),
          ),
          beta(r, b) / c,
          1e-9,
          1e-12,
        );
        expect(
          beta(
            r.map((x) => -x),
            b,
          ),
        ).toBeCloseTo(-beta(r, b), 12);
      }),
    );
  });
  it("is 0 against a constant benchmark (documented degenerate case), and rejects mismatched lengths", () => {
    fc.assert(
      fc.property(fc.array(ret, { minLength: 2, maxLength: 50 }), ret, (r, x) => {
        expect(
          beta(
            r,
            r.map(() => x),
          ),
        ).toBe(0);
      }),
    );
    expect(codeOf(() => beta([0.1, 0.2], [0.1]))).toEqual(["INVALID_INPUT", "benchmarkReturns"]);
  });
});

describe("jensenAlpha", () => {
  it("matches the formula with simple-statistics", () => {
    fc.assert(
      fc.property(pairArb, rfArb, pArb, ([r, b], rf, p) =>
        expectClose(jensenAlpha(r, b, { riskFreeRate: rf, periodsPerYear: p }), alphaOracle(r, b, rf, p), 1e-8, 1e-10),
      ),
    );
  });
  it("closed forms: r = β·b + a gives alpha p·a with rf 0; the benchmark's own alpha is 0 for any rf", () => {
    fc.assert(
      fc.property(
        pairArb,
        cArb,
        fc.double({ min: -0.01, max: 0.01, noNaN: true }),
        rfArb,
        pArb,
        ([, b], c, a, rf, p) => {
          expectClose(
            jensenAlpha(
              b.map((x) => c * x + a),
              b,
              { periodsPerYear: p },
            ),
            p * a,
            1e-7,
            1e-9,
          );
          expectClose(jensenAlpha(b, b, { riskFreeRate: rf, periodsPerYear: p }), 0, 0, 1e-12);
        },
      ),
    );
  });
});

describe("trackingError and informationRatio", () => {
  it("match the formulas with simple-statistics", () => {
    fc.assert(
      fc.property(pairArb, pArb, ([r, b], p) => {
        expectClose(trackingError(r, b, p), trackingErrorOracle(r, b, p), 1e-9, 1e-12);
        expectClose(informationRatio(r, b, p), informationRatioOracle(r, b, p), 1e-7, 1e-9);
      }),
    );
  });
  it("TE scales with |c| and is 0 against itself; IR is invariant to scaling active returns by c > 0 and flips sign when the two swap", () => {
    fc.assert(
      fc.property(pairArb, cArb, ([r, b], c) => {
        expect(trackingError(b, b)).toBe(0);
        expect(informationRatio(b, b)).toBe(0);
        expectClose(
          trackingError(
            r.map((x) => c * x),
            b.map((x) => c * x),
          ),
          c * trackingError(r, b),
          1e-9,
          1e-12,
        );
        expectClose(
          informationRatio(
            r.map((x) => c * x),
            b.map((x) => c * x),
          ),
          informationRatio(r, b),
          1e-7,
          1e-9,
        );
        expectClose(informationRatio(b, r), -informationRatio(r, b), 1e-12, 1e-12);
      }),
    );
  });
});

describe("sortinoRatio", () => {
  it("matches the formula with simple-statistics", () => {
    const arb = fc.array(ret, { minLength: 2, maxLength: 150 }).filter((r) => r.some((x) => x < -1e-3));
    fc.assert(
      fc.property(arb, rfArb, pArb, (r, rf, p) => {
        const f = (1 + rf) ** (1 / p) - 1;
        fc.pre(r.some((x) => x - f < -1e-3));
        expectClose(sortinoRatio(r, { riskFreeRate: rf, periodsPerYear: p }), sortinoOracle(r, rf, p), 1e-8, 1e-10);
      }),
    );
  });
  it("is invariant to scaling returns by c > 0 (rf 0), is 0 with no period below the target, and has the sign of the mean excess return", () => {
    fc.assert(
      fc.property(fc.array(ret, { minLength: 2, maxLength: 100 }), cArb, (r, c) => {
        expectClose(sortinoRatio(r.map((x) => c * x)), sortinoRatio(r), 1e-9, 1e-12);
        expect(sortinoRatio(r.map(Math.abs))).toBe(0);
        const s = sortinoRatio(r);
        if (s !== 0) expect(Math.sign(s)).toBe(Math.sign(ss.mean(r)));
      }),
    );
  });
  it("is at least the Sharpe ratio's magnitude when returns are symmetric around 0 (DD = sd·sqrt((n-1)/2n))", () => {
    // Closed form: for r = [x, -x] the mean is 0: Sortino 0; for [2x, -x]: mean x/2, DD = x/sqrt(2).
    fc.assert(
      fc.property(fc.double({ min: 1e-4, max: 0.3, noNaN: true }), pArb, (x, p) => {
        expect(sortinoRatio([x, -x], { periodsPerYear: p })).toBe(0);
        expectClose(
          sortinoRatio([2 * x, -x], { periodsPerYear: p }),
          (x / 2 / (x / Math.SQRT2)) * Math.sqrt(p),
          1e-12,
          0,
        );
      }),
    );
  });
});

describe("calmarRatio", () => {
  const navArb = fc.array(
    fc.integer({ min: 100, max: 100000 }).map((x) => x / 100),
    { minLength: 2, maxLength: 100 },
  );
  it("matches CAGR / |max drawdown| computed plainly", () => {
    fc.assert(
      fc.property(navArb, fc.double({ min: 0.5, max: 20, noNaN: true }), (v, years) => {
        const hasDrawdown = v.some((x, i) => x < Math.max(...v.slice(0, i + 1)));
        fc.pre(hasDrawdown);
        expectClose(calmarRatio(v, years), calmarOracle(v, years), 1e-8, 1e-12);
      }),
    );
  });
  it("keeps CAGR's digits on a near-total loss (its drawdown is the whole loss)", () => {
    // CAGR −0.9948074617770193 (exact, 64-digit oracle in stats/cagr.test.ts); the drawdown is (V_end − V_start)/V_start.
    const start = 486.10843121839065;
    const end = 1.155210871860657e-12;
    expect(calmarRatio([start, end], 6.401095140314853)).toBe(-0.9948074617770193 / -((end - start) / start));
  });
  it("is invariant to scaling the values, 0 for a series that never falls, and has the sign of the growth", () => {
    fc.assert(
      fc.property(navArb, cArb, (v, c) => {
        expectClose(
          calmarRatio(
            v.map((x) => c * x),
            3,
          ),
          calmarRatio(v, 3),
          1e-9,
          1e-12,
        );
        const rising = [...v].sort((a, b) => a - b);
        expect(calmarRatio(rising, 2)).toBe(0);
        const cr = calmarRatio(v, 2);
        if (cr !== 0) expect(Math.sign(cr)).toBe(Math.sign(v[v.length - 1]! - v[0]!));
      }),
    );
  });
});
