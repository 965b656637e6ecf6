import { EngineError } from "../../errors/EngineError.ts";
import { PERIODS_PER_YEAR } from "../../stats/conventions.ts";
import { cagr } from "../../stats/cagr.ts";
import { sharpeRatio } from "../../stats/sharpeRatio.ts";
import { simpleReturns } from "../../stats/simpleReturns.ts";
import { totalReturn } from "../../stats/totalReturn.ts";
import { yearsBetween } from "../../stats/yearsBetween.ts";
import { assertRepresentable } from "../../stats/assertRepresentable.ts";
import { scaledMoments } from "../../stats/scaledMoments.ts";
import { EPS } from "../../_internal/tolerance.ts";
import type { BacktestStatistics } from "../types.ts";

/** Weekly returns scratch, grown on demand (the engine is single-threaded). */
let scratch = new Float64Array(1024);

/**
 * Statistics of a weekly NAV series (or, with `periodsPerYear` 252, a daily one: docs/maths.md#daily-nav) (docs/maths.md#backtest-statistics): exactly what the stats
 * functions give (`totalReturn`, `cagr` over `yearsBetween`, `variance` the annualised volatility σ = `volatility` with 52 periods, as the service's
 * reference reports it,
 * `sharpeRatio` with 52 periods, `maxDrawdown`; a test compares them bit for bit), computed in
 * one pass over the returns with one set of moments (shared by the variance and, with a zero
 * risk-free rate, the Sharpe ratio) and no per-call allocation. The NAV is checked once here; on
 * an overflow the stats function itself is called, so the error is its own. With a single weekly
 * return the variance and Sharpe ratio are 0 (a sample variance needs two). `label` names the
 * series in errors. Requires >= 2 points.
 */
export function seriesStatistics(
  label: string,
  nav: Float64Array,
  timestamps: Float64Array,
  riskFreeRate: number,
  periodsPerYear: number = PERIODS_PER_YEAR.weekly,
): BacktestStatistics {
  const n = nav.length;
  for (let k = 0; k < n; k++) {
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
  if (scratch.length < n) scratch = new Float64Array(Math.max(n, 2 * scratch.length));
  // Returns and maximum drawdown (maxDrawdown's loop) in one pass.
  let peak = nav[0]!;
  let worst = 0;
  for (let t = 1; t < n; t++) {
    const x = nav[t]!;
    const r = x / nav[t - 1]! - 1;
    if (!(r < Infinity)) simpleReturns(nav); // throws simpleReturns' overflow error
    scratch[t - 1] = r;
    if (x > peak) peak = x;
    else {
      const dd = (x - peak) / peak;
      if (dd < worst) worst = dd;
    }
  }
  const total = nav[n - 1]! / nav[0]! - 1;
  const returns = total < Infinity ? total + 0 : totalReturn(nav);
  const annualizedReturn = cagr(nav[0]!, nav[n - 1]!, yearsBetween(timestamps[0]!, timestamps[n - 1]!));
  if (n < 3) return { returns, annualizedReturn, variance: 0, sharpeRatio: 0, maxDrawdown: worst };
  const weekly = scratch.subarray(0, n - 1);
  const p = periodsPerYear;
  const m = scaledMoments(weekly);
  // The service's `variance` is the annualised volatility σ (docs/maths.md#backtest-statistics):
  // volatility()'s own expression on the same moments.
  const variance = assertRepresentable(m.scale * Math.sqrt(m.variance * p), "returns", "the volatility");
  let sharpe: number;
  if (Math.expm1(Math.log1p(riskFreeRate) / p) === 0) {
    // sharpeRatio's own computation on the same moments (its per-period risk-free rate is 0).
    const sd = Math.sqrt(m.variance);
    sharpe = sd > EPS * m.maxAbs ? (m.mean / sd) * Math.sqrt(p) + 0 : 0;
  } else sharpe = sharpeRatio(weekly, { riskFreeRate, periodsPerYear: p });
  return { returns, annualizedReturn, variance, sharpeRatio: sharpe, maxDrawdown: worst };
}
