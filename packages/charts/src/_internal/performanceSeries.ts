import { ChartError } from "../ChartError.ts";
import type { BacktestLike, PerformanceInput } from "../types.ts";
import { checkLabel } from "./checkOptions.ts";
import { type Sampling, readSampling, requireSampling } from "./sampling.ts";
import { type SeriesColumns, seriesColumns } from "./seriesColumns.ts";
import { strictOptions } from "./strictOptions.ts";

/** A validated portfolio NAV and optional benchmark NAV with their legend names. */
export interface PerformanceSeries {
  portfolio: { label: string; nav: SeriesColumns };
  benchmark: { label: string; nav: SeriesColumns } | undefined;
  /** The `frequency` the input declares (a backtest result's), with its field; undefined when it declares none. */
  declared: { field: string; value: unknown } | undefined;
  /** The value every series starts at when they all start at one power of ten (10,000 for a backtest); undefined otherwise. */
  base: number | undefined;
}

const PERFORMANCE_KEYS = ["portfolio", "benchmark", "portfolioLabel", "benchmarkLabel", "frequency"] as const;

/**
 * Reads a backtest result (`timeSeries`, `benchmarkTimeSeries`, `benchmarkMetadata.symbol`, and
 * `frequency` when it has one) or a {@link PerformanceInput} (only its own keys: a misspelt one is
 * refused); checks every point (NAVs > 0, times increasing Unix seconds, at least `minPoints`).
 *
 * @throws ChartError naming the field (`timeSeries[4][1]`, `benchmark`, `portfolioLabel`…)
 */
export function performanceSeries(input: BacktestLike | PerformanceInput, minPoints = 2): PerformanceSeries {
  if (input === null || typeof input !== "object" || Array.isArray(input))
    throw new ChartError("input", "must be a backtest result or { portfolio, benchmark? }");
  if ("timeSeries" in input) {
    const metadata = (input as { benchmarkMetadata?: unknown }).benchmarkMetadata;
    const symbol = checkLabel(
      "benchmarkMetadata.symbol",
      metadata !== null && typeof metadata === "object" ? (metadata as { symbol?: unknown }).symbol : undefined,
    );
    const portfolio = { label: "Portfolio", nav: seriesColumns("timeSeries", input.timeSeries, minPoints, true) };
    const benchmark = {
      label: symbol,
      nav: seriesColumns("benchmarkTimeSeries", input.benchmarkTimeSeries, minPoints, true),
    };
    return {
      portfolio,
      benchmark,
      declared: declaredFrequency("frequency", input.frequency),
      base: commonBase([portfolio.nav, benchmark.nav]),
    };
  }
  const o = strictOptions<PerformanceInput>("input", input, [...PERFORMANCE_KEYS]);
  const portfolioLabel = o.portfolioLabel === undefined ? "Portfolio" : checkLabel("portfolioLabel", o.portfolioLabel);
  const benchmarkLabel = o.benchmarkLabel === undefined ? "Benchmark" : checkLabel("benchmarkLabel", o.benchmarkLabel);
  if (o.benchmark !== undefined && benchmarkLabel === portfolioLabel)
    throw new ChartError("benchmarkLabel", `must differ from portfolioLabel ("${portfolioLabel}")`);
  const portfolio = { label: portfolioLabel, nav: seriesColumns("portfolio", o.portfolio, minPoints, true) };
  const benchmark =
    o.benchmark === undefined
      ? undefined
      : { label: benchmarkLabel, nav: seriesColumns("benchmark", o.benchmark, minPoints, true) };
  return {
    portfolio,
    benchmark,
    declared: declaredFrequency("frequency", o.frequency),
    base: commonBase(benchmark === undefined ? [portfolio.nav] : [portfolio.nav, benchmark.nav]),
  };
}

/** The sampling of {@link performanceSeries}' series (its portfolio's dates, the declared frequency), or undefined when nothing tells it. */
export function seriesSampling(series: PerformanceSeries, option: unknown, optionField?: string): Sampling | undefined {
  return readSampling({
    times: series.portfolio.nav.t,
    declared: series.declared,
    option,
    ...(optionField === undefined ? {} : { optionField }),
  });
}

/** {@link seriesSampling}, required (for a chart that annualises). */
export function requireSeriesSampling(series: PerformanceSeries, option: unknown, optionField?: string): Sampling {
  return requireSampling({
    times: series.portfolio.nav.t,
    declared: series.declared,
    option,
    ...(optionField === undefined ? {} : { optionField }),
  });
}

function declaredFrequency(field: string, value: unknown): PerformanceSeries["declared"] {
  return value === undefined ? undefined : { field, value };
}

/** The first value shared by every series when it is a power of ten (1, 100, 10,000…): what they were rebased to. */
function commonBase(series: ReadonlyArray<SeriesColumns>): number | undefined {
  const first = series[0]!.v[0]!;
  if (series.some((s) => s.v[0] !== first)) return undefined;
  const k = Math.round(Math.log10(first));
  return 10 ** k === first ? first : undefined;
}
