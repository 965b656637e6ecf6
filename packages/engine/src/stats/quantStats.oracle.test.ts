/**
 * The tear-sheet statistics and convention presets against oracle_quantStats.json, written by
 * _test/oracle_quantStats.py with numpy and scipy from the formulas of docs/maths.md (and, for the
 * presets, from empyrical's and quantstats' documented definitions).
 */
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { expectClose } from "./_test/helpers.ts";
import { skewness } from "./skewness.ts";
import { kurtosis } from "./kurtosis.ts";
import { omegaRatio } from "./omegaRatio.ts";
import { tailRatio } from "./tailRatio.ts";
import { gainToPainRatio } from "./gainToPainRatio.ts";
import { profitFactor } from "./profitFactor.ts";
import { payoffRatio } from "./payoffRatio.ts";
import { kellyCriterion } from "./kellyCriterion.ts";
import { ulcerIndex } from "./ulcerIndex.ts";
import { recoveryFactor } from "./recoveryFactor.ts";
import { probabilisticSharpeRatio } from "./probabilisticSharpeRatio.ts";
import { deflatedSharpeRatio, expectedMaximumSharpe } from "./deflatedSharpeRatio.ts";
import { cornishFisherValueAtRisk } from "./cornishFisherValueAtRisk.ts";
import { periodCagr } from "./periodCagr.ts";
import { valueAtRisk } from "./valueAtRisk.ts";
import { conditionalValueAtRisk } from "./conditionalValueAtRisk.ts";
import { hitRate } from "../tearsheet/hitRate.ts";
import { jensenAlpha } from "../tearsheet/jensenAlpha.ts";
import { beta } from "../tearsheet/beta.ts";
import { informationRatio } from "../tearsheet/informationRatio.ts";
import { rollingSortino } from "../tearsheet/rollingSortino.ts";
import { monthlyReturns, annualReturns } from "../tearsheet/periodReturns.ts";
import { normalCdf, normalQuantile } from "../_internal/normal.ts";

type Block = Record<string, number>;
const oracle = JSON.parse(readFileSync(new URL("./_test/oracle_quantStats.json", import.meta.url), "utf8")) as {
  constants: {
    periodsPerYear: number;
    riskFreeRate: number;
    requiredReturn: number;
    targetSharpe: number;
    trials: number;
    sharpeVariance: number;
  };
  series: Record<string, number[]>;
  stats: Record<string, Block>;
  pairs: { portVsBench: Block };
  expectedMaxSharpe: number;
  rollingSortino63: number[];
  normal: { cdf: Array<[number, number]>; ppf: Array<[number, number]> };
  periods: { timeSeries: Array<[number, number]>; monthly: unknown[]; annual: unknown[] };
};
const { periodsPerYear: P, riskFreeRate: RF } = oracle.constants;

function navOf(r: number[]): number[] {
  const v = [100];
  for (const x of r) v.push(v[v.length - 1]! * (1 + x));
  return v;
}

describe.each(Object.keys(oracle.series))("series %s against numpy/scipy", (name) => {
  const r = oracle.series[name]!;
  const e = oracle.stats[name]!;
  const v = navOf(r);
  it("skewness and kurtosis (scipy bias=True; pandas' adjusted for quantstats)", () => {
    expectClose(skewness(r), e.skewness!, 1e-11, 1e-14);
    expectClose(skewness(r, { convention: "empyrical" }), e.skewness!, 1e-11, 1e-14);
    expectClose(skewness(r, { convention: "quantstats" }), e.skewnessAdjusted!, 1e-11, 1e-14);
    expectClose(kurtosis(r), e.kurtosis!, 1e-11, 1e-14);
    expectClose(kurtosis(r, { convention: "quantstats" }), e.kurtosisAdjusted!, 1e-11, 1e-14);
  });
  it("omega, tail ratio, gain-to-pain, profit factor, payoff ratio, Kelly", () => {
    expectClose(omegaRatio(r), e.omega!, 1e-12);
    expectClose(
      omegaRatio(r, { riskFreeRate: RF, requiredReturn: oracle.constants.requiredReturn, periodsPerYear: P }),
      e.omegaRf!,
      1e-11,
    );
    expectClose(tailRatio(r), e.tailRatio!, 1e-12);
    expectClose(tailRatio(r, { cutoff: 0.9 }), e.tailRatio90!, 1e-12);
    expectClose(gainToPainRatio(r), e.gainToPain!, 1e-12);
    expectClose(profitFactor(r), e.profitFactor!, 1e-12);
    expectClose(payoffRatio(r), e.payoffRatio!, 1e-12);
    expectClose(kellyCriterion(r), e.kelly!, 1e-12, 1e-15);
  });
  it("ulcer index and recovery factor (engine and quantstats)", () => {
    expectClose(ulcerIndex(v), e.ulcerIndex!, 1e-12);
    expectClose(ulcerIndex(v, { convention: "quantstats" }), e.ulcerIndexQuantstats!, 1e-12);
    expectClose(recoveryFactor(v), e.recoveryFactor!, 1e-10);
    expectClose(recoveryFactor(v, { convention: "quantstats" }), e.recoveryFactorQuantstats!, 1e-10);
  });
  it("probabilistic and deflated Sharpe ratio, Cornish-Fisher VaR", () => {
    expectClose(probabilisticSharpeRatio(r, { periodsPerYear: P }), e.psr!, 1e-11, 1e-14);
    expectClose(
      probabilisticSharpeRatio(r, { periodsPerYear: P, riskFreeRate: RF, targetSharpe: oracle.constants.targetSharpe }),
      e.psrRf!,
      1e-11,
      1e-14,
    );
    expectClose(
      probabilisticSharpeRatio(r, { periodsPerYear: P, riskFreeRate: RF, convention: "quantstats" }),
      e.psrQuantstats!,
      1e-11,
      1e-14,
    );
    const { trials, sharpeVariance } = oracle.constants;
    expectClose(deflatedSharpeRatio(r, { periodsPerYear: P, trials, sharpeVariance }), e.dsr!, 1e-11, 1e-14);
    expectClose(cornishFisherValueAtRisk(r), e.cornishFisherVar95!, 1e-11, 1e-15);
    expectClose(cornishFisherValueAtRisk(r, 0.99), e.cornishFisherVar99!, 1e-11, 1e-15);
  });
  it("presets of existing statistics: CAGR counted in periods, VaR and CVaR, win rate", () => {
    expectClose(periodCagr(r, P), e.periodCagr!, 1e-11);
    expectClose(valueAtRisk(r, 0.95, { convention: "empyrical" }), e.varEmpyrical95!, 1e-12, 1e-16);
    expectClose(valueAtRisk(r, 0.99, { convention: "empyrical" }), e.varEmpyrical99!, 1e-12, 1e-16);
    expectClose(conditionalValueAtRisk(r, 0.95, { convention: "empyrical" }), e.cvarEmpyrical95!, 1e-12, 1e-16);
    expectClose(valueAtRisk(r, 0.95, { convention: "quantstats" }), e.varQuantstats95!, 1e-12, 1e-16);
    expectClose(conditionalValueAtRisk(r, 0.95, { convention: "quantstats" }), e.cvarQuantstats95!, 1e-12, 1e-16);
    expect(hitRate(r, undefined, { convention: "quantstats" })).toBe(e.winRateQuantstats);
    expect(hitRate(r)).toBe(e.hitRateEngine);
  });
});

describe("benchmark-relative presets against numpy", () => {
  const r = oracle.series.port!;
  const b = oracle.series.bench!;
  const e = oracle.pairs.portVsBench;
  it("alpha (engine arithmetic, empyrical compounded, quantstats without rf), information ratio, hit rate", () => {
    expectClose(beta(r, b), e.beta!, 1e-12);
    const o = { riskFreeRate: RF, periodsPerYear: P };
    expectClose(jensenAlpha(r, b, o), e.alphaEngine!, 1e-10, 1e-14);
    expectClose(jensenAlpha(r, b, { ...o, convention: "empyrical" }), e.alphaEmpyrical!, 1e-10, 1e-14);
    expectClose(jensenAlpha(r, b, { ...o, convention: "quantstats" }), e.alphaQuantstats!, 1e-10, 1e-14);
    expectClose(informationRatio(r, b, P), e.informationRatioEngine!, 1e-11);
    expectClose(informationRatio(r, b, P, { convention: "empyrical" }), e.informationRatioEmpyrical!, 1e-11);
    expectClose(informationRatio(r, b, P, { convention: "quantstats" }), e.informationRatioEmpyrical!, 1e-11);
    expect(hitRate(r, b)).toBe(e.hitRateEngine);
    expect(hitRate(r, b, { convention: "quantstats" })).toBe(e.hitRateQuantstats);
  });
  it("rolling Sortino window by window", () => {
    const got = Array.from(rollingSortino(r, 63, { periodsPerYear: P }));
    expect(got.length).toBe(oracle.rollingSortino63.length);
    got.forEach((x, i) => expectClose(x, oracle.rollingSortino63[i]!, 1e-11, 1e-14));
  });
  it("expected maximum Sharpe ratio of the False Strategy theorem", () => {
    expectClose(
      expectedMaximumSharpe(oracle.constants.trials, oracle.constants.sharpeVariance),
      oracle.expectedMaxSharpe,
      1e-13,
    );
  });
});

describe("normal distribution against scipy.stats.norm", () => {
  it("cdf and ppf", () => {
    for (const [x, p] of oracle.normal.cdf) expectClose(normalCdf(x), p, 1e-12, 0);
    for (const [p, x] of oracle.normal.ppf) expectClose(normalQuantile(p), x, 1e-13, 1e-15);
  });
});

describe("monthly and annual returns against Python's calendar grouping", () => {
  it("equal the oracle's tables (a mid-month start, a month without a point)", () => {
    const got = monthlyReturns(oracle.periods.timeSeries);
    const want = oracle.periods.monthly as Array<Record<string, number | boolean>>;
    expect(got.length).toBe(want.length);
    got.forEach((m, i) => {
      expect({ ...m, return: 0 }).toEqual({ ...want[i], return: 0 });
      expectClose(m.return, want[i]!.return as number, 1e-12, 1e-15);
    });
    const years = annualReturns(oracle.periods.timeSeries);
    const wantYears = oracle.periods.annual as Array<Record<string, number | boolean>>;
    expect(years.map((y) => ({ ...y, return: 0 }))).toEqual(wantYears.map((y) => ({ ...y, return: 0 })));
    years.forEach((y, i) => expectClose(y.return, wantYears[i]!.return as number, 1e-12, 1e-15));
  });
});
