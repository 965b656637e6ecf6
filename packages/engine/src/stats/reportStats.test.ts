/**
 * Properties of the single-series statistics of a quant report (docs/maths.md#report-rows):
 * closed forms, bounds, scale and shift invariances, the quantstats preset against the engine's,
 * and the documented examples. numpy's values are in tearsheet/reportRows.oracle.test.ts.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { autocorrelationPenalty } from "./autocorrelationPenalty.ts";
import { smartSharpeRatio } from "./smartSharpeRatio.ts";
import { sharpeRatio } from "./sharpeRatio.ts";
import { timeInMarket } from "./timeInMarket.ts";
import { riskOfRuin } from "./riskOfRuin.ts";
import { riskAdjustedReturn } from "./riskAdjustedReturn.ts";
import { periodCagr } from "./periodCagr.ts";
import { consecutiveRuns } from "./consecutiveRuns.ts";
import { expectedReturn } from "./expectedReturn.ts";
import { commonSenseRatio } from "./commonSenseRatio.ts";
import { profitFactor } from "./profitFactor.ts";
import { tailRatio } from "./tailRatio.ts";
import { cpcIndex } from "./cpcIndex.ts";
import { payoffRatio } from "./payoffRatio.ts";
import { outlierRatios } from "./outlierRatios.ts";
import { averageWinLoss } from "./averageWinLoss.ts";
import { profitRatio } from "./profitRatio.ts";
import { ulcerPerformanceIndex } from "./ulcerPerformanceIndex.ts";
import { ulcerIndex } from "./ulcerIndex.ts";
import { serenityIndex } from "./serenityIndex.ts";
import { cagr } from "./cagr.ts";
import { conditionalValueAtRisk } from "./conditionalValueAtRisk.ts";
import { valueAtRisk } from "./valueAtRisk.ts";
import { probabilisticSharpeRatio } from "./probabilisticSharpeRatio.ts";
import { expectClose } from "./_test/helpers.ts";
import { isEngineError } from "../errors/EngineError.ts";

/** Daily-like returns with some exact zeros. */
const returnsArb = (minLength = 4) =>
  fc.array(
    fc.oneof(
      { weight: 4, arbitrary: fc.double({ min: -0.2, max: 0.2, noNaN: true }).filter((x) => Math.abs(x) > 1e-9) },
      { weight: 1, arbitrary: fc.constant(0) },
    ),
    { minLength, maxLength: 120 },
  );
const scaleArb = fc.constantFrom(0.25, 0.5, 2, 8);

describe("autocorrelationPenalty", () => {
  it("is at least 1, the same for shifted and scaled returns, and 1 for a constant series", () => {
    fc.assert(
      fc.property(returnsArb(), scaleArb, fc.double({ min: -0.01, max: 0.01, noNaN: true }), (r, c, shift) => {
        const k = autocorrelationPenalty(r);
        expect(k).toBeGreaterThanOrEqual(1);
        expect(k).toBeLessThanOrEqual(Math.sqrt(r.length) + 1e-12); // |ρ| <= 1: 1 + 2 Σ (n-j)/n = n
        expectClose(autocorrelationPenalty(r.map((x) => x * c)), k, 1e-9, 1e-12);
        expectClose(autocorrelationPenalty(r.map((x) => x + shift)), k, 1e-6, 1e-9);
      }),
    );
    expect(autocorrelationPenalty([0.01, 0.01, 0.01, 0.01])).toBe(1);
    expect(autocorrelationPenalty([0.01, 0.02])).toBe(1);
  });
  it("equals the closed form sqrt(1 + 2 Σ (n-j)/n ρ^j) for a perfectly trending series (ρ = 1)", () => {
    const n = 6;
    let s = 0;
    for (let j = 1; j < n; j++) s += (n - j) / n;
    expectClose(autocorrelationPenalty([1, 2, 3, 4, 5, 6].map((x) => x / 100)), Math.sqrt(1 + 2 * s), 1e-12);
  });
});

describe("smartSharpeRatio", () => {
  it("is the Sharpe ratio over the penalty, so never larger in magnitude", () => {
    fc.assert(
      fc.property(returnsArb(), fc.constantFrom(0, 0.03), (r, rf) => {
        const o = { riskFreeRate: rf, periodsPerYear: 252 };
        const smart = smartSharpeRatio(r, o);
        expectClose(smart, sharpeRatio(r, o) / autocorrelationPenalty(r), 1e-12, 1e-15);
        expect(Math.abs(smart)).toBeLessThanOrEqual(Math.abs(sharpeRatio(r, o)) + 1e-15);
      }),
    );
  });
});

describe("timeInMarket", () => {
  it("is the share of non-zero returns; quantstats rounds it up to a whole percent", () => {
    fc.assert(
      fc.property(returnsArb(1), (r) => {
        const x = timeInMarket(r);
        expect(x).toBe(r.filter((v) => v !== 0).length / r.length);
        const q = timeInMarket(r, { convention: "quantstats" });
        expect(q).toBeGreaterThanOrEqual(x - 1e-15);
        expect(q - x).toBeLessThan(0.01 + 1e-12);
        expect(Math.round(q * 100)).toBeCloseTo(q * 100, 9);
      }),
    );
    expect(timeInMarket([0.01, 0, 0.02, 0, 0, 0, 0], { convention: "quantstats" })).toBe(0.29);
  });
});

describe("riskAdjustedReturn", () => {
  it("is the CAGR over the time in market: equal to it when every period is invested, larger in size otherwise, 0 when none is", () => {
    fc.assert(
      fc.property(returnsArb(1), fc.constantFrom(12, 52, 252), (r, p) => {
        const x = timeInMarket(r);
        const rar = riskAdjustedReturn(r, { periodsPerYear: p });
        if (x === 0) {
          expect(rar).toBe(0);
          return;
        }
        const growth = periodCagr(r, p);
        expectClose(rar, growth / x, 1e-9, 1e-12);
        expect(Math.abs(rar)).toBeGreaterThanOrEqual(Math.abs(growth) * (1 - 1e-12));
        // The engine's rate ignores the risk-free rate; the years are the caller's when given.
        expect(riskAdjustedReturn(r, { periodsPerYear: p, riskFreeRate: 0.05 })).toBe(rar);
        expectClose(riskAdjustedReturn(r, { periodsPerYear: p, years: r.length / p }), rar, 1e-12, 1e-15);
      }),
    );
    expect(riskAdjustedReturn([0, 0, 0])).toBe(0);
  });
  it("quantstats: takes the annual rate from every return, counts n / 252 years whatever the data, and rounds the exposure up", () => {
    fc.assert(
      fc.property(returnsArb(1), fc.constantFrom(12, 52, 252), fc.constantFrom(0, 0.03), (r, p, rf) => {
        const q = { convention: "quantstats" as const };
        const rar = riskAdjustedReturn(r, { periodsPerYear: p, riskFreeRate: rf, ...q });
        // The data's periods a year play no part.
        expect(riskAdjustedReturn(r, { periodsPerYear: 1, riskFreeRate: rf, ...q })).toBe(rar);
        const e = r.map((x) => x - rf);
        const exposure = timeInMarket(e, q);
        if (exposure === 0) {
          expect(rar).toBe(0);
          return;
        }
        expectClose(rar, periodCagr(e, 252) / exposure, 1e-9, 1e-12);
        // At rate 0 it is the engine's figure over n / 252 years with the exposure rounded up: never larger in size.
        if (rf === 0)
          expect(Math.abs(rar)).toBeLessThanOrEqual(
            Math.abs(riskAdjustedReturn(r, { periodsPerYear: 252 })) * (1 + 1e-12),
          );
      }),
    );
    expect(riskAdjustedReturn([0.01, 0, 0.02, 0, 0, 0, 0], { convention: "quantstats" })).toBeCloseTo(
      periodCagr([0.01, 0, 0.02, 0, 0, 0, 0], 252) / 0.29,
      12,
    );
  });
  it("stays finite past a total loss of the excess returns under the preset, and refuses a return of −100 % or less", () => {
    expect(riskAdjustedReturn([0.01, -0.5], { convention: "quantstats", riskFreeRate: 0.6 })).toBe(0); // factors 0.41 and −0.1: no real power
    expect(riskAdjustedReturn([0.01, -0.4], { convention: "quantstats", riskFreeRate: 0.6 })).toBe(-1); // a factor of 0
    expect(() => riskAdjustedReturn([0.01, -1])).toThrowError(/returns\[1\]/);
    expect(() => riskAdjustedReturn([0.01], { window: 2 } as never)).toThrowError(/window/);
  });
});

describe("riskOfRuin", () => {
  it("is ((1 - w)/(1 + w))^n in [0, 1], lower under quantstats (zeros leave the count, so w can only rise)", () => {
    fc.assert(
      fc.property(returnsArb(1), (r) => {
        const n = r.length;
        const w = r.filter((x) => x > 0).length / n;
        const x = riskOfRuin(r);
        expectClose(x, ((1 - w) / (1 + w)) ** n, 1e-12, 1e-300);
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThanOrEqual(1);
        expect(riskOfRuin(r, { convention: "quantstats" })).toBeLessThanOrEqual(x + 1e-300);
      }),
    );
  });
});

describe("consecutiveRuns", () => {
  it("counts the longest streaks: never more than the wins or losses, a zero ends both, reversing keeps them", () => {
    fc.assert(
      fc.property(returnsArb(1), (r) => {
        const { wins, losses } = consecutiveRuns(r);
        expect(wins).toBeLessThanOrEqual(r.filter((x) => x > 0).length);
        expect(losses).toBeLessThanOrEqual(r.filter((x) => x < 0).length);
        expect(consecutiveRuns([...r].reverse())).toEqual({ wins, losses });
        expect(consecutiveRuns(r.map((x) => -x))).toEqual({ wins: losses, losses: wins });
      }),
    );
  });
});

describe("expectedReturn", () => {
  it("compounds back to the total: (1 + g)^n = Π (1 + r_t)", () => {
    fc.assert(
      fc.property(returnsArb(1), (r) => {
        const g = expectedReturn(r);
        const total = r.reduce((p, x) => p * (1 + x), 1);
        expectClose((1 + g) ** r.length, total, 1e-9, 1e-12);
        expect(g).toBeGreaterThanOrEqual(Math.min(...r) - 1e-15);
        expect(g).toBeLessThanOrEqual(Math.max(...r) + 1e-15);
      }),
    );
  });
});

describe("commonSenseRatio, cpcIndex, profitRatio, outlierRatios", () => {
  it("are their products and ratios, invariant when every return is scaled by c > 0", () => {
    fc.assert(
      fc.property(returnsArb(), scaleArb, (r, c) => {
        expectClose(commonSenseRatio(r), profitFactor(r) * tailRatio(r), 1e-12, 1e-15);
        const wins = r.filter((x) => x > 0).length;
        const losses = r.filter((x) => x < 0).length;
        const p = wins + losses === 0 ? 0 : wins / (wins + losses);
        expectClose(cpcIndex(r), profitFactor(r) * p * payoffRatio(r), 1e-12, 1e-15);
        const scaled = r.map((x) => x * c);
        expectClose(commonSenseRatio(scaled), commonSenseRatio(r), 1e-9, 1e-12);
        expectClose(cpcIndex(scaled), cpcIndex(r), 1e-9, 1e-12);
        expectClose(profitRatio(scaled), profitRatio(r), 1e-9, 1e-12);
        const o = outlierRatios(r);
        const os = outlierRatios(scaled);
        expectClose(os.win, o.win, 1e-9, 1e-12);
        expectClose(os.loss, o.loss, 1e-9, 1e-12);
      }),
    );
  });
  it("quantstats counts zero returns as wins in the outlier win ratio and the profit ratio", () => {
    const r = [0.01, 0.03, -0.02, 0, 0, -0.04];
    expect(outlierRatios(r, { convention: "quantstats" }).win).toBeGreaterThan(outlierRatios(r).win);
    expect(outlierRatios(r, { convention: "quantstats" }).loss).toBe(outlierRatios(r).loss);
    expect(profitRatio(r, { convention: "quantstats" })).not.toBe(profitRatio(r));
    expect(profitRatio([0.01, 0.02])).toBe(0);
  });
});

describe("averageWinLoss", () => {
  it("averages the non-zero, positive and negative returns; joint with itself it is unchanged", () => {
    fc.assert(
      fc.property(returnsArb(1), (r) => {
        const a = averageWinLoss(r);
        expect(a.win).toBeGreaterThanOrEqual(0);
        expect(a.loss).toBeLessThanOrEqual(0);
        expect(averageWinLoss(r, { jointWith: r })).toEqual(a);
      }),
    );
  });
  it("joint periods keep only those where both series qualify", () => {
    const a = averageWinLoss([0.02, 0.04, -0.01, -0.03], { jointWith: [0.01, -0.01, -0.02, 0.01] });
    expectClose(a.return, 0.005, 1e-12);
    expect([a.win, a.loss]).toEqual([0.02, -0.01]);
    expect(() => averageWinLoss([0.01], { jointWith: [0.01, 0.02] })).toThrowError(
      /jointWith must have the length of returns/,
    );
  });
});

describe("ulcerPerformanceIndex and serenityIndex", () => {
  const navArb = fc.array(fc.integer({ min: 50, max: 150 }), { minLength: 4, maxLength: 80 });
  it("UPI is the excess CAGR over the ulcer index (engine), the excess total over quantstats' ulcer index", () => {
    fc.assert(
      fc.property(navArb, fc.constantFrom(0, 0.03), (v, rf) => {
        const n = v.length - 1;
        const ui = ulcerIndex(v);
        const upi = ulcerPerformanceIndex(v, { riskFreeRate: rf, periodsPerYear: 52 });
        if (ui === 0) {
          expect(upi).toBe(0);
          return;
        }
        expectClose(upi, (cagr(v[0]!, v[n]!, n / 52) - rf) / ui, 1e-9, 1e-12);
        const uiq = ulcerIndex(v, { convention: "quantstats" });
        expectClose(
          ulcerPerformanceIndex(v, { riskFreeRate: rf, convention: "quantstats" }),
          (v[n]! / v[0]! - 1 - rf) / uiq,
          1e-9,
          1e-12,
        );
      }),
    );
  });
  it("the serenity index has the sign of the excess return, is 0 without a drawdown, and ignores the NAV's scale", () => {
    fc.assert(
      fc.property(navArb, scaleArb, (v, c) => {
        const s = serenityIndex(v, { periodsPerYear: 52 });
        expectClose(
          serenityIndex(
            v.map((x) => x * c),
            { periodsPerYear: 52 },
          ),
          s,
          1e-9,
          1e-12,
        );
        const growth = v[v.length - 1]! / v[0]! - 1;
        if (s !== 0) expect(Math.sign(s)).toBe(Math.sign(growth));
      }),
    );
    expect(serenityIndex([100, 110, 120, 130])).toBe(0);
  });
});

describe("quantstats 0.0.81 presets (quantstatsVersion)", () => {
  const r = [0.012, -0.004, 0.0, 0.021, -0.017, 0.006, -0.009, 0.015, -0.03, 0.011, 0.004, -0.006];
  it("CVaR: the mean of the returns strictly below the Gaussian VaR (0.0.84: the Gaussian expected shortfall)", () => {
    const n = r.length;
    const mean = r.reduce((a, b) => a + b, 0) / n;
    const s = Math.sqrt(r.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1));
    const gaussianVar = valueAtRisk(r, 0.95, { convention: "quantstats" });
    const below = r.filter((x) => x < -gaussianVar);
    expectClose(
      conditionalValueAtRisk(r, 0.95, { convention: "quantstats", quantstatsVersion: "0.0.81" }),
      -below.reduce((a, b) => a + b, 0) / below.length,
      1e-12,
    );
    const z = 1.6448536269514722;
    expectClose(
      conditionalValueAtRisk(r, 0.95, { convention: "quantstats" }),
      -(mean - (s * Math.exp((-z * z) / 2)) / Math.sqrt(2 * Math.PI) / 0.05),
      1e-9,
    );
    // No return below the VaR: 0.0.81 answered the VaR itself.
    expect(
      conditionalValueAtRisk([0.01, 0.011, 0.012], 0.999, { convention: "quantstats", quantstatsVersion: "0.0.81" }),
    ).toBe(valueAtRisk([0.01, 0.011, 0.012], 0.999, { convention: "quantstats" }));
  });
  it("PSR: the annual rate as a per-period target and the excess kurtosis in the raw one's place", () => {
    const o = { riskFreeRate: 0.03, periodsPerYear: 252, convention: "quantstats" as const };
    const old = probabilisticSharpeRatio(r, { ...o, quantstatsVersion: "0.0.81" });
    expect(old).not.toBe(probabilisticSharpeRatio(r, o));
    // At rf = 0 only the kurtosis offset differs: 0.0.81's variance term is 3/4 SR² smaller.
    const at0 = { periodsPerYear: 252, convention: "quantstats" as const };
    expect(
      Math.abs(probabilisticSharpeRatio(r, { ...at0, quantstatsVersion: "0.0.81" }) - probabilisticSharpeRatio(r, at0)),
    ).toBeGreaterThan(0);
  });
  it("is refused without the quantstats convention, or for an unknown release", () => {
    const field = (run: () => unknown) => {
      try {
        run();
      } catch (e) {
        if (isEngineError(e)) return e.field;
      }
      return "no error";
    };
    expect(field(() => conditionalValueAtRisk(r, 0.95, { quantstatsVersion: "0.0.81" }))).toBe("quantstatsVersion");
    expect(
      field(() => probabilisticSharpeRatio(r, { convention: "quantstats", quantstatsVersion: "0.0.99" as never })),
    ).toBe("quantstatsVersion");
  });
});
