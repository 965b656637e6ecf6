import { cagr, conditionalValueAtRisk, maxDrawdown, meanReturn, sharpeRatio, volatility } from "../../stats/index.ts";
import { PERIODS_PER_YEAR } from "../../data/Frequency.ts";
import type { OptimizerCompany, OptimizerMetadata } from "../types.ts";
import type { CheckedScenarios } from "./validateScenarios.ts";

/** The daily returns of constant weights `w` on the scenario columns `cols`: r_t = Σ_h w_h·R[t, cols_h]. */
export function portfolioReturns(
  checked: CheckedScenarios,
  cols: ArrayLike<number>,
  w: ArrayLike<number>,
): Float64Array {
  const { periods: T, assets: N } = checked;
  const R = checked.scenarios.returns;
  const out = new Float64Array(T);
  for (let t = 0; t < T; t++) {
    const row = t * N;
    let s = 0;
    for (let h = 0; h < cols.length; h++) s += w[h]! * R[row + cols[h]!]!;
    out[t] = s;
  }
  return out;
}

/**
 * The optimizer metadata of already validated weights (docs/maths.md#portfolio-metadata).
 * `companies[h]` is the company of `w[h]`; `cols[h]` its scenario column (ignored without scenarios).
 * Without scenarios the six risk fields are 0 (the caller warns).
 */
export function computeMetadata(
  companies: readonly OptimizerCompany[],
  w: ArrayLike<number>,
  checked: CheckedScenarios | undefined,
  cols: ArrayLike<number> | undefined,
  riskFreeRate: number,
  confidence: number,
): OptimizerMetadata {
  let numberStocks = 0;
  let weightedLinguisticBeta = 0;
  let buzzWeight = 0;
  for (let h = 0; h < companies.length; h++) {
    const wh = w[h]!;
    if (wh > 0) numberStocks++;
    weightedLinguisticBeta += wh * companies[h]!.linguisticBeta;
    if (companies[h]!.marketBuzz > 0) buzzWeight += wh;
  }
  const marketBuzzCoverage = Math.min(1, Math.max(0, buzzWeight));
  if (checked === undefined || cols === undefined) {
    return {
      numberStocks,
      weightedLinguisticBeta: weightedLinguisticBeta + 0,
      marketBuzzCoverage,
      annualizedReturn: 0,
      volatility: 0,
      cvar: 0,
      sharpeRatio: 0,
      expectedDailyReturn: 0,
      maxDrawdown: 0,
    };
  }
  const r = portfolioReturns(checked, cols, w);
  const T = r.length;
  const nav = new Float64Array(T + 1);
  nav[0] = 1;
  for (let t = 0; t < T; t++) nav[t + 1] = nav[t]! * (1 + r[t]!);
  return {
    numberStocks,
    weightedLinguisticBeta: weightedLinguisticBeta + 0,
    marketBuzzCoverage,
    annualizedReturn: cagr(1, nav[T]!, T / PERIODS_PER_YEAR.daily),
    volatility: volatility(r, PERIODS_PER_YEAR.daily),
    cvar: conditionalValueAtRisk(r, confidence),
    sharpeRatio: sharpeRatio(r, { riskFreeRate, periodsPerYear: PERIODS_PER_YEAR.daily }),
    expectedDailyReturn: meanReturn(r),
    maxDrawdown: maxDrawdown(nav),
  };
}
