import { EngineError, isEngineError } from "../errors/EngineError.ts";
import type { BacktestHolding } from "./types.ts";
import type { BacktestWindow } from "./backtestWindow.ts";
import { runPortfolio } from "./backtestPortfolio.ts";
import { preparedWindowOf } from "./_internal/preparedWindow.ts";

/** The backtests of many portfolios over one window, column by column (one entry per portfolio). */
export interface BatchBacktest {
  /** Number of portfolios P. */
  count: number;
  /** Weekly points W per portfolio (`window.weekCount + 1`). */
  points: number;
  /** NAVs, portfolio-major: portfolio p's NAV on `window.timestamps[k]` is `navs[p · W + k]`. */
  navs: Float64Array;
  /** Per portfolio, as `BacktestStatistics` (docs/maths.md#backtest-statistics). */
  returns: Float64Array;
  annualizedReturn: Float64Array;
  variance: Float64Array;
  sharpeRatio: Float64Array;
  maxDrawdown: Float64Array;
  /** Holdings used per portfolio. */
  stockCount: Int32Array;
  /** Warnings per portfolio (the same texts as `buyAndHoldBacktest`'s). */
  warnings: string[][];
}

/**
 * Buy-and-hold backtests of many portfolios over one prepared window (`backtestWindow`, best on a
 * `WeeklyPriceTable`): a parameter sweep. Each portfolio's numbers are exactly those of
 * `backtestPortfolio(window, portfolios[p])` (and so of `buyAndHoldBacktest`); the NAVs are
 * written into one block, the statistics into one array each, so a sweep of 10,000 portfolios
 * allocates a handful of arrays besides each run's scratch.
 *
 * Cost: O(Σ H_p · W) multiply-adds plus O(P · W) statistics; measured per portfolio in
 * bench/README.md (10,000 portfolios of 30 holdings × 5 years).
 * @param window made by `backtestWindow`.
 * @param portfolios at least one holdings list, each as `buyAndHoldBacktest`'s `holdings`.
 * @throws EngineError INVALID_INPUT when `window` was not made by `backtestWindow` or `portfolios`
 *   is not a non-empty array; a portfolio's error (its code, the message and field prefixed with
 *   `portfolios[p]`) for the first portfolio that breaks a rule or cannot be priced.
 * @example
 * const days = Array.from({ length: 15 }, (_, i) => 1704672000 + (7 * Math.floor(i / 5) + (i % 5)) * 86400); // three weeks from Monday 2024-01-08
 * const prices = new Map([["A", { start: 0, closes: days.map((_, i) => 100 + 5 * Math.floor(i / 5)) }], ["B", { start: 0, closes: days.map(() => 50) }]]);
 * const window = backtestWindow({ calendar: days, prices, benchmark: { symbol: "SPY", series: prices.get("A")! }, years: 1 });
 * const sweep = batchBacktest(window, [[{ id: "A", weight: 1 }], [{ id: "A", weight: 1 }, { id: "B", weight: 1 }]]);
 * Array.from(sweep.navs) // => [10000, 10500, 11000, 10000, 10250, 10500] (portfolio-major: A alone, then half A, half B)
 * Array.from(sweep.stockCount) // => [1, 2]
 */
export function batchBacktest(
  window: BacktestWindow,
  portfolios: ReadonlyArray<ReadonlyArray<BacktestHolding>>,
): BatchBacktest {
  const w = preparedWindowOf(window);
  if (w === undefined)
    throw new EngineError("INVALID_INPUT", "window must be made by backtestWindow()", { field: "window" });
  if (!Array.isArray(portfolios) || portfolios.length === 0) {
    throw new EngineError("INVALID_INPUT", "portfolios must be a non-empty array of holdings lists", {
      field: "portfolios",
    });
  }
  const count = portfolios.length;
  const points = w.points.length;
  const navs = new Float64Array(count * points);
  const out: BatchBacktest = {
    count,
    points,
    navs,
    returns: new Float64Array(count),
    annualizedReturn: new Float64Array(count),
    variance: new Float64Array(count),
    sharpeRatio: new Float64Array(count),
    maxDrawdown: new Float64Array(count),
    stockCount: new Int32Array(count),
    warnings: new Array(count),
  };
  for (let p = 0; p < count; p++) {
    let run;
    try {
      run = runPortfolio(w, portfolios[p], navs.subarray(p * points, (p + 1) * points), "portfolio");
    } catch (e) {
      if (!isEngineError(e)) throw e;
      const field = e.field === undefined ? `portfolios[${p}]` : `portfolios[${p}].${e.field}`;
      throw new EngineError(e.code, `portfolios[${p}]: ${e.message}`, { field, cause: e });
    }
    const m = run.metadata;
    out.returns[p] = m.returns;
    out.annualizedReturn[p] = m.annualizedReturn;
    out.variance[p] = m.variance;
    out.sharpeRatio[p] = m.sharpeRatio;
    out.maxDrawdown[p] = m.maxDrawdown;
    out.stockCount[p] = m.stockCount;
    out.warnings[p] = m.warnings;
  }
  return out;
}
