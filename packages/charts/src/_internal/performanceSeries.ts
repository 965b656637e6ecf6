import { ChartError } from "../ChartError.ts";
import type { BacktestLike, PerformanceInput } from "../types.ts";
import { checkLabel } from "./checkOptions.ts";
import { type SeriesColumns, seriesColumns } from "./seriesColumns.ts";

/** A validated portfolio NAV and optional benchmark NAV with their legend names. */
export interface PerformanceSeries {
  portfolio: { label: string; nav: SeriesColumns };
  benchmark: { label: string; nav: SeriesColumns } | undefined;
}

/**
 * Reads a backtest result (`timeSeries`, `benchmarkTimeSeries`, `benchmarkMetadata.symbol`) or a
 * {@link PerformanceInput}; checks every point (NAVs > 0, times increasing, at least `minPoints`).
 *
 * @throws ChartError naming the field (`timeSeries[4][1]`, `benchmark`, `portfolioLabel`…)
 */
export function performanceSeries(input: BacktestLike | PerformanceInput, minPoints = 2): PerformanceSeries {
  if (input === null || typeof input !== "object") throw new ChartError("input", "must be a backtest result or { portfolio, benchmark? }");
  if ("timeSeries" in input) {
    const symbol = checkLabel("benchmarkMetadata.symbol", input.benchmarkMetadata?.symbol);
    return {
      portfolio: { label: "Portfolio", nav: seriesColumns("timeSeries", input.timeSeries, minPoints, true) },
      benchmark: { label: symbol, nav: seriesColumns("benchmarkTimeSeries", input.benchmarkTimeSeries, minPoints, true) },
    };
  }
  const portfolioLabel = input.portfolioLabel === undefined ? "Portfolio" : checkLabel("portfolioLabel", input.portfolioLabel);
  const benchmarkLabel = input.benchmarkLabel === undefined ? "Benchmark" : checkLabel("benchmarkLabel", input.benchmarkLabel);
  if (input.benchmark !== undefined && benchmarkLabel === portfolioLabel) throw new ChartError("benchmarkLabel", `must differ from portfolioLabel ("${portfolioLabel}")`);
  return {
    portfolio: { label: portfolioLabel, nav: seriesColumns("portfolio", input.portfolio, minPoints, true) },
    benchmark: input.benchmark === undefined ? undefined : { label: benchmarkLabel, nav: seriesColumns("benchmark", input.benchmark, minPoints, true) },
  };
}
