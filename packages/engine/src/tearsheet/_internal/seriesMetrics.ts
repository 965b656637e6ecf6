import { cagr } from "../../stats/cagr.ts";
import { periodCagr } from "../../stats/periodCagr.ts";
import { yearsBetween } from "../../stats/yearsBetween.ts";
import { sharpeRatio } from "../../stats/sharpeRatio.ts";
import { smartSharpeRatio } from "../../stats/smartSharpeRatio.ts";
import { probabilisticSharpeRatio } from "../../stats/probabilisticSharpeRatio.ts";
import { omegaRatio } from "../../stats/omegaRatio.ts";
import { volatility } from "../../stats/volatility.ts";
import { skewness } from "../../stats/skewness.ts";
import { kurtosis } from "../../stats/kurtosis.ts";
import { ulcerIndex } from "../../stats/ulcerIndex.ts";
import { ulcerPerformanceIndex } from "../../stats/ulcerPerformanceIndex.ts";
import { serenityIndex } from "../../stats/serenityIndex.ts";
import { recoveryFactor } from "../../stats/recoveryFactor.ts";
import { averageWinLoss } from "../../stats/averageWinLoss.ts";
import { profitRatio } from "../../stats/profitRatio.ts";
import { expectedReturn } from "../../stats/expectedReturn.ts";
import { riskOfRuin } from "../../stats/riskOfRuin.ts";
import { valueAtRisk } from "../../stats/valueAtRisk.ts";
import { conditionalValueAtRisk } from "../../stats/conditionalValueAtRisk.ts";
import { consecutiveRuns } from "../../stats/consecutiveRuns.ts";
import { gainToPainRatio } from "../../stats/gainToPainRatio.ts";
import { profitFactor } from "../../stats/profitFactor.ts";
import { tailRatio } from "../../stats/tailRatio.ts";
import { commonSenseRatio } from "../../stats/commonSenseRatio.ts";
import { cpcOf } from "../../stats/cpcIndex.ts";
import { outlierRatios } from "../../stats/outlierRatios.ts";
import { timeInMarket } from "../../stats/timeInMarket.ts";
import { riskAdjustedReturn } from "../../stats/riskAdjustedReturn.ts";
import { gainsAndLosses } from "../../stats/gainsAndLosses.ts";
import { payoffOf } from "../../stats/payoffRatio.ts";
import type { StatsConvention } from "../../stats/statsConvention.ts";
import type { QuantstatsVersion } from "../../stats/quantstatsVersion.ts";
import { calmarRatio } from "../calmarRatio.ts";
import { hitRate } from "../hitRate.ts";
import { sortinoOf } from "../sortinoRatio.ts";
import { smartSortinoRatio } from "../smartSortinoRatio.ts";
import { trailingReturns, type TrailingReturns } from "../trailingReturns.ts";
import { drawdownStatistics, type DrawdownStatistics } from "../drawdownStatistics.ts";
import { monthlyReturns, quarterlyReturns, annualReturns } from "../periodReturns.ts";
import { monthlySums } from "./monthlySums.ts";

/**
 * The single-series rows of a quant report (quantstats' metrics table, one column), each computed
 * by the engine function of the same concept with the tear sheet's options
 * (docs/maths.md#report-rows). Ratios are annualised with the tear sheet's `periodsPerYear`.
 */
export interface SeriesMetrics {
  /** `V_n / V_0 - 1`. */
  totalReturn: number;
  /** Calendar CAGR (engine), over n / p years (empyrical, quantstats). */
  cagr: number;
  timeInMarket: number;
  /** CAGR over time in market (quantstats `rar`, "Risk-Adjusted Return"; its own rf handling under the preset). */
  riskAdjustedReturn: number;
  sharpeRatio: number;
  probabilisticSharpeRatio: number;
  smartSharpeRatio: number;
  sortinoRatio: number;
  smartSortinoRatio: number;
  /** The Sortino and smart Sortino ratios over √2 (Schwager's adjusted Sortino, quantstats' "Sortino/√2" rows). */
  adjustedSortinoRatio: number;
  adjustedSmartSortinoRatio: number;
  omegaRatio: number;
  volatility: number;
  calmarRatio: number;
  skewness: number;
  kurtosis: number;
  ulcerPerformanceIndex: number;
  /** Mean over sample standard deviation of the returns, not annualised, no risk-free rate (quantstats `risk_return_ratio`). */
  riskReturnRatio: number;
  /** Means of the non-zero, positive and negative returns (over joint periods with `jointDays`). */
  averageReturn: number;
  averageWin: number;
  averageLoss: number;
  profitRatio: number;
  /** Geometric mean return per period, per calendar month and per calendar year. */
  expectedReturn: number;
  expectedMonthlyReturn: number;
  expectedYearlyReturn: number;
  kellyCriterion: number;
  riskOfRuin: number;
  /** At the tear sheet's `confidence`. */
  valueAtRisk: number;
  conditionalValueAtRisk: number;
  consecutiveWins: number;
  consecutiveLosses: number;
  gainToPainRatio: number;
  /** Gain-to-pain ratio of the monthly returns: compounded (engine), summed (quantstats, `resolution="ME"`). */
  monthlyGainToPainRatio: number;
  payoffRatio: number;
  profitFactor: number;
  commonSenseRatio: number;
  cpcIndex: number;
  tailRatio: number;
  outlierWinRatio: number;
  outlierLossRatio: number;
  trailing: TrailingReturns;
  bestPeriod: number;
  worstPeriod: number;
  bestMonth: number;
  worstMonth: number;
  bestYear: number;
  worstYear: number;
  drawdown: DrawdownStatistics;
  recoveryFactor: number;
  ulcerIndex: number;
  serenityIndex: number;
  /** Means of the positive and negative calendar-month returns (over joint months with `jointDays`); 0 when there is none. */
  averageUpMonth: number;
  averageDownMonth: number;
  /** Share of positive periods, months, quarters and years (ties by the convention, as hitRate). */
  winRate: { periods: number; months: number; quarters: number; years: number };
}

/** What seriesMetrics reads: one series, its returns, and the other series' returns for joint days. */
export interface SeriesInput {
  t: Float64Array;
  v: Float64Array;
  r: Float64Array;
}

export interface SeriesMetricOptions {
  riskFreeRate: number;
  periodsPerYear: number;
  confidence: number;
  convention: StatsConvention;
  quantstatsVersion: QuantstatsVersion | undefined;
  /** The other series (the benchmark of the portfolio, or the portfolio of the benchmark) when the joint-days option is on. */
  jointWith: SeriesInput | undefined;
}

/** Every single-series row of `s` (see {@link SeriesMetrics}). */
export function seriesMetrics(s: SeriesInput, o: SeriesMetricOptions): SeriesMetrics {
  const { riskFreeRate, periodsPerYear: p, convention } = o;
  const c = { convention };
  const qs = o.quantstatsVersion === undefined ? c : { convention, quantstatsVersion: o.quantstatsVersion };
  const { t, v, r } = s;
  const n = r.length;
  const engine = convention === "engine";
  const quantstats = convention === "quantstats";
  const period = { riskFreeRate, periodsPerYear: p };
  const calendarYears = yearsBetween(t[0]!, t[n]!);
  const points = Array.from(t, (x, i) => [x, v[i]!] as [number, number]);
  const months = monthlyReturns(points).map((m) => m.return);
  const quarters = quarterlyReturns(points).map((q) => q.return);
  const years = annualReturns(points).map((y) => y.return);
  const joint = o.jointWith;
  const jointMonths =
    joint === undefined
      ? undefined
      : monthlyReturns(Array.from(joint.t, (x, i) => [x, joint.v[i]!] as [number, number])).map((m) => m.return);
  const averages = averageWinLoss(r, joint === undefined ? {} : { jointWith: joint.r });
  const monthAverages = averageWinLoss(months, jointMonths === undefined ? {} : { jointWith: jointMonths });
  const g = gainsAndLosses(r);
  const payoff =
    joint === undefined ? payoffOf(g) : averages.loss === 0 || averages.win === 0 ? 0 : averages.win / -averages.loss;
  const winShare = g.wins + g.lossCount === 0 ? 0 : g.wins / (g.wins + g.lossCount);
  const pf = profitFactor(r);
  const runs = consecutiveRuns(r);
  const outliers = outlierRatios(r, c);
  const sortino = sortinoOf(r, 0, n, p, Math.expm1(Math.log1p(riskFreeRate) / p));
  const smartSortino = smartSortinoRatio(r, period);
  return {
    totalReturn: (v[n]! - v[0]!) / v[0]! + 0,
    cagr: engine ? cagr(v[0]!, v[n]!, calendarYears) : periodCagr(r, p),
    timeInMarket: timeInMarket(r, c),
    riskAdjustedReturn: riskAdjustedReturn(r, { ...period, convention, ...(engine ? { years: calendarYears } : {}) }),
    sharpeRatio: sharpeRatio(r, period),
    probabilisticSharpeRatio: n < 4 ? 0 : probabilisticSharpeRatio(r, { ...period, ...qs }),
    smartSharpeRatio: smartSharpeRatio(r, period),
    sortinoRatio: sortino,
    smartSortinoRatio: smartSortino,
    adjustedSortinoRatio: sortino / Math.SQRT2,
    adjustedSmartSortinoRatio: smartSortino / Math.SQRT2,
    omegaRatio: omegaRatio(r, period),
    volatility: volatility(r, p),
    calmarRatio: calmarRatio(v, engine ? calendarYears : n / p),
    skewness: n < 3 ? 0 : skewness(r, c),
    kurtosis: n < 4 ? 0 : kurtosis(r, c),
    ulcerPerformanceIndex: ulcerPerformanceIndex(v, { ...period, years: calendarYears, ...c }),
    riskReturnRatio: sharpeRatio(r, { periodsPerYear: 1 }),
    averageReturn: averages.return,
    averageWin: averages.win,
    averageLoss: averages.loss,
    profitRatio: profitRatio(r, c),
    expectedReturn: expectedReturn(r),
    expectedMonthlyReturn: expectedReturn(months),
    expectedYearlyReturn: expectedReturn(years),
    kellyCriterion: payoff === 0 ? 0 : winShare - (1 - winShare) / payoff + 0,
    riskOfRuin: riskOfRuin(r, c),
    valueAtRisk: valueAtRisk(r, o.confidence, c),
    conditionalValueAtRisk: conditionalValueAtRisk(r, o.confidence, qs),
    consecutiveWins: runs.wins,
    consecutiveLosses: runs.losses,
    gainToPainRatio: gainToPainRatio(r),
    monthlyGainToPainRatio: gainToPainRatio(quantstats ? monthlySums(t, r) : months),
    payoffRatio: payoff,
    profitFactor: pf,
    commonSenseRatio: commonSenseRatio(r),
    cpcIndex: cpcOf(pf, g.wins, g.lossCount, payoff),
    tailRatio: tailRatio(r),
    outlierWinRatio: outliers.win,
    outlierLossRatio: outliers.loss,
    trailing: trailingReturns(points, { periodsPerYear: p, ...qs }),
    bestPeriod: largest(r),
    worstPeriod: smallest(r),
    bestMonth: largest(months),
    worstMonth: smallest(months),
    bestYear: largest(years),
    worstYear: smallest(years),
    drawdown: drawdownStatistics(points, c),
    recoveryFactor: recoveryFactor(v, c),
    ulcerIndex: ulcerIndex(v, c),
    serenityIndex: serenityIndex(v, { ...period, years: calendarYears, ...qs }),
    averageUpMonth: monthAverages.win,
    averageDownMonth: monthAverages.loss,
    winRate: {
      periods: hitRate(r, undefined, c),
      months: hitRate(months, undefined, c),
      quarters: hitRate(quarters, undefined, c),
      years: hitRate(years, undefined, c),
    },
  };
}

/** Largest and smallest value without spreading (a long daily series would exceed the argument limit). */
function largest(x: ArrayLike<number>): number {
  let m = -Infinity;
  for (let i = 0; i < x.length; i++) if (x[i]! > m) m = x[i]!;
  return m;
}
function smallest(x: ArrayLike<number>): number {
  let m = Infinity;
  for (let i = 0; i < x.length; i++) if (x[i]! < m) m = x[i]!;
  return m;
}
