import { EngineError } from "../../errors/EngineError.ts";
import { PERIODS_PER_YEAR } from "../../stats/conventions.ts";
import { cagr } from "../../stats/cagr.ts";
import { maxDrawdown } from "../../stats/maxDrawdown.ts";
import { sharpeRatio } from "../../stats/sharpeRatio.ts";
import { simpleReturns } from "../../stats/simpleReturns.ts";
import { totalReturn } from "../../stats/totalReturn.ts";
import { volatility } from "../../stats/volatility.ts";
import { yearsBetween } from "../../stats/yearsBetween.ts";
import type { BacktestStatistics } from "../types.ts";

/**
 * Test oracle (not exported): the backtest statistics as they were first written, one public
 * stats function per figure; the fused `_internal/seriesStatistics` must equal it bit for bit.
 * Statistics of a weekly NAV series (docs/maths.md#backtest-statistics), computed with the stats
 * area's functions; `variance` is the annualised volatility σ. With a single weekly return the variance and Sharpe ratio are 0 (a sample
 * variance needs two). `label` names the series in errors. Requires >= 2 points, NAV > 0.
 */
export function referenceStatistics(
  label: string,
  nav: Float64Array,
  timestamps: Float64Array,
  riskFreeRate: number,
): BacktestStatistics {
  for (let k = 0; k < nav.length; k++) {
    if (!(nav[k]! > 0 && nav[k]! < Infinity)) {
      throw new EngineError(
        "INVALID_INPUT",
        `prices are out of range: the ${label} NAV overflows or underflows a float64 at point ${k}`,
        {
          field: "prices",
        },
      );
    }
  }
  const weekly = simpleReturns(nav);
  const n = nav.length;
  return {
    returns: totalReturn(nav),
    annualizedReturn: cagr(nav[0]!, nav[n - 1]!, yearsBetween(timestamps[0]!, timestamps[n - 1]!)),
    // The service's `variance` is the annualised volatility σ (docs/maths.md#backtest-statistics).
    variance: weekly.length >= 2 ? volatility(weekly, PERIODS_PER_YEAR.weekly) : 0,
    sharpeRatio:
      weekly.length >= 2 ? sharpeRatio(weekly, { riskFreeRate, periodsPerYear: PERIODS_PER_YEAR.weekly }) : 0,
    maxDrawdown: maxDrawdown(nav),
  };
}
