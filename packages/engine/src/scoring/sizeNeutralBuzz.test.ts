import fc from "fast-check";
import { linearRegression } from "simple-statistics";
import { describe, expect, it } from "vitest";
import { sizeNeutralBuzz } from "./index.ts";
import {
  arbitraryConvictionInputs,
  arbitraryMinMarketCap,
  centredCross,
  eligibleXY,
  isEligible,
  mean,
  sd,
} from "../testing/index.ts";

const companies = arbitraryConvictionInputs();
const minCap = arbitraryMinMarketCap();

describe("sizeNeutralBuzz", () => {
  it("matches a hand computation", () => {
    // x = ln cap = 1, 2, 3; y = 0.1, 0.5, 0.3. x̄ = 2, ȳ = 0.3, Sxx = 2,
    // Sxy = (−1)(−0.2) + 0·0.2 + 1·0 = 0.2, b = 0.1; e = y − 0.3 − 0.1(x − 2) = −0.1, 0.2, −0.1.
    const e = sizeNeutralBuzz(
      [
        { linguisticBeta: 0.5, marketBuzz: 0.1, marketCap: Math.E },
        { linguisticBeta: 0.5, marketBuzz: 0.5, marketCap: Math.E ** 2 },
        { linguisticBeta: 0.5, marketBuzz: 0.3, marketCap: Math.E ** 3 },
      ],
      { minMarketCap: 0 },
    );
    expect(e[0]).toBeCloseTo(-0.1, 14);
    expect(e[1]).toBeCloseTo(0.2, 14);
    expect(e[2]).toBeCloseTo(-0.1, 14);
  });

  it("is exactly 0 for ineligible companies and for a single eligible one", () => {
    const e = sizeNeutralBuzz([
      { linguisticBeta: 0.5, marketBuzz: 0.9, marketCap: null },
      { linguisticBeta: 0.5, marketBuzz: 0.7, marketCap: 4e9 },
      { linguisticBeta: 0.5, marketBuzz: 0.1, marketCap: 499_999_999 },
    ]);
    expect(Array.from(e)).toEqual([0, 0, 0]);
  });

  it("is buzz minus its mean when all eligible caps are equal (degenerate: slope 0)", () => {
    const e = sizeNeutralBuzz([
      { linguisticBeta: 0.5, marketBuzz: 0.25, marketCap: 1e9 },
      { linguisticBeta: 0.5, marketBuzz: 0.75, marketCap: 1e9 },
      { linguisticBeta: 0.5, marketBuzz: 0.5, marketCap: 1e9 },
    ]);
    expect(Array.from(e)).toEqual([-0.25, 0.25, 0]);
  });

  it("treats caps within EPS = 1e-9 relative as equal, and caps further apart as different", () => {
    const make = (r: number) => [
      { linguisticBeta: 0.5, marketBuzz: 0.25, marketCap: 1e9 },
      { linguisticBeta: 0.5, marketBuzz: 0.75, marketCap: 1e9 * r },
      { linguisticBeta: 0.5, marketBuzz: 0.5, marketCap: 1e9 },
    ];
    // ln(1 + 1e-10) < EPS: degenerate, e = buzz − mean.
    const same = sizeNeutralBuzz(make(1 + 1e-10));
    expect(same[0]).toBeCloseTo(-0.25, 15);
    expect(same[1]).toBeCloseTo(0.25, 15);
    // ln(1 + 1e-8) > EPS: a regression. Two of the three share one x, so company 1 has leverage 1
    // and the line passes through it (e = 0); the other two get ± (0.5 − 0.25)/2 = ∓0.125.
    const apart = sizeNeutralBuzz(make(1 + 1e-8));
    expect(apart[1]).toBeCloseTo(0, 6);
    expect(apart[0]).toBeCloseTo(-0.125, 6);
    expect(apart[2]).toBeCloseTo(0.125, 6);
  });

  it("with two eligible companies of different caps, the line fits both: e = 0", () => {
    const e = sizeNeutralBuzz([
      { linguisticBeta: 0.5, marketBuzz: 0.9, marketCap: 1e9 },
      { linguisticBeta: 0.5, marketBuzz: 0.1, marketCap: 3e10 },
    ]);
    expect(Math.abs(e[0]!)).toBeLessThan(1e-15);
    expect(Math.abs(e[1]!)).toBeLessThan(1e-15);
  });

  it("has mean 0 over eligible companies and is 0 elsewhere (property)", () => {
    fc.assert(
      fc.property(companies, minCap, (cs, min) => {
        const e = sizeNeutralBuzz(cs, { minMarketCap: min });
        expect(e.length).toBe(cs.length);
        const eligible: number[] = [];
        cs.forEach((c, i) => (isEligible(c, min) ? eligible.push(e[i]!) : expect(e[i]).toBe(0)));
        if (eligible.length > 0) expect(Math.abs(mean(eligible))).toBeLessThan(1e-12);
        for (const v of e) expect(Number.isFinite(v)).toBe(true);
      }),
    );
  });

  it("agrees with simple-statistics linearRegression: same slope and residuals (property)", () => {
    fc.assert(
      fc.property(companies, minCap, (cs, min) => {
        const { idx, x, y } = eligibleXY(cs, min);
        fc.pre(x.length >= 2 && sd(x) > 1e-6);
        const { m, b } = linearRegression(x.map((xi, k) => [xi, y[k]!]));
        const e = sizeNeutralBuzz(cs, { minMarketCap: min });
        idx.forEach((i, k) => expect(e[i]!).toBeCloseTo(y[k]! - (m * x[k]! + b), 9));
        // Our slope, read back from the residuals of the two extreme caps.
        const kLo = x.indexOf(Math.min(...x));
        const kHi = x.indexOf(Math.max(...x));
        const ours = (y[kHi]! - e[idx[kHi]!]! - (y[kLo]! - e[idx[kLo]!]!)) / (x[kHi]! - x[kLo]!);
        expect(Math.abs(ours - m)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(m)));
      }),
    );
  });

  it("is uncorrelated with ln(market cap) over eligible companies (property)", () => {
    fc.assert(
      fc.property(companies, minCap, (cs, min) => {
        const { idx, x } = eligibleXY(cs, min);
        const e = sizeNeutralBuzz(cs, { minMarketCap: min });
        // Scale e to max |e| = 1 first: correlation does not change, and tiny buzz values
        // (1e-162) would otherwise underflow when squared.
        const scale = Math.max(0, ...idx.map((i) => Math.abs(e[i]!)));
        const ee = idx.map((i) => e[i]! / scale);
        const yy = idx.map((i) => cs[i]!.marketBuzz / scale);
        // The regression runs only when the caps span more than EPS in ln (otherwise they count
        // as equal and e = buzz − mean, see the regression case below). Correlation needs variance
        // in both: when e is (near) zero, e.g. two eligible companies or buzz exactly linear in
        // ln cap, it is rounding noise and its correlation meaningless, so require the residual
        // to keep at least 1e-6 of the buzz variance.
        // Residuals in the subnormal range (buzz like 5e-324) have almost no significant bits
        // (gradual underflow), so no relative accuracy can be asked of them: require max |e| >=
        // 1e-290, where the products of the sums stay normal numbers.
        fc.pre(x.length >= 3 && Math.max(...x) - Math.min(...x) > 1e-9 && scale >= 1e-290);
        fc.pre(centredCross(ee, ee) > 0 && centredCross(ee, ee) >= 1e-6 * centredCross(yy, yy));
        const corr = centredCross(ee, x) / (Math.sqrt(centredCross(ee, ee)) * Math.sqrt(centredCross(x, x)));
        expect(Math.abs(corr)).toBeLessThan(1e-9);
      }),
    );
  });

  it("regression (fast-check seed 989209082): caps within EPS and buzz 1e-162 count as equal caps", () => {
    // Caps 1e6, 1e6, 1e6·(1 + 2.1e-15): ln spread ~2e-15 <= EPS, so no fit: e = buzz − mean,
    // finite, with mean 0; the correlation property does not apply (slope forced to 0).
    const y = 2.3575916770539433e-162;
    const e = sizeNeutralBuzz(
      [
        { linguisticBeta: 0, marketBuzz: 0, marketCap: 1000000 },
        { linguisticBeta: 0, marketBuzz: 0, marketCap: 1000000 },
        { linguisticBeta: 0, marketBuzz: y, marketCap: 1000000.0000000021 },
      ],
      { minMarketCap: 0 },
    );
    expect(e[0]).toBeCloseTo(-y / 3, 300);
    expect(Math.abs(e[2]! - (2 * y) / 3)).toBeLessThanOrEqual(1e-15 * y);
    expect(Math.abs(e[0]! + e[1]! + e[2]!)).toBeLessThanOrEqual(1e-15 * y);
  });

  it("regression (fast-check seed 810152988): subnormal buzz gives finite residuals with mean 0", () => {
    // Buzz 5e-324 (the smallest subnormal): residuals can only be multiples of 5e-324, so their
    // correlation with ln cap is not small; what holds is finiteness, eligibility and mean 0.
    const cs = [
      { linguisticBeta: 0, marketBuzz: 0, marketCap: 1000000 },
      { linguisticBeta: 0, marketBuzz: 0, marketCap: 1000000.0009999998 },
      { linguisticBeta: 0, marketBuzz: 5e-324, marketCap: 1000000 },
    ];
    const e = sizeNeutralBuzz(cs, { minMarketCap: 0 });
    for (const v of e) expect(Math.abs(v)).toBeLessThanOrEqual(5e-324);
    expect(Math.abs(e[0]! + e[1]! + e[2]!)).toBeLessThanOrEqual(5e-324);
  });
});
