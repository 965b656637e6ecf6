/** Shapes the charts read. Times are Unix seconds (00:00 UTC), as in the engine and the service. */

/** One point `[unixSeconds, value]`, the shape of a backtest's `timeSeries`. */
export type SeriesPoint = readonly [number, number];

/** Points in strictly increasing time; values finite. */
export type TimeSeries = ReadonlyArray<SeriesPoint>;

/** A named sampling, as a backtest result or a series may declare it (252, 52, 12, 4 or 1 periods a year). */
export type SeriesFrequency = "daily" | "weekly" | "monthly" | "quarterly" | "annual";

/**
 * A portfolio's NAV and, optionally, its benchmark's on the same dates: what every time chart
 * draws. `navChart(backtestResult)` also accepts a backtest result directly. Only these keys are
 * read; any other is refused with the closest name.
 */
export interface PerformanceInput {
  portfolio: TimeSeries;
  benchmark?: TimeSeries;
  /** Legend name of the portfolio; default "Portfolio". At most 80 characters. */
  portfolioLabel?: string;
  /** Legend name of the benchmark; default "Benchmark". At most 80 characters. */
  benchmarkLabel?: string;
  /** How often the points are sampled, when the dates do not say it plainly; checked against the dates. */
  frequency?: SeriesFrequency;
}

/**
 * The fields of the engine's `BacktestResult` (and the service's backtest response) the charts
 * read. A result may carry its `frequency`; without it the charts read the sampling from the
 * dates of `timeSeries` (daily or weekly: docs/maths.md#chart-series).
 */
export interface BacktestLike {
  timeSeries: TimeSeries;
  benchmarkTimeSeries: TimeSeries;
  benchmarkMetadata: {
    symbol: string;
    returns: number;
    annualizedReturn: number;
    variance: number;
    sharpeRatio: number;
    maxDrawdown: number;
  };
  metadata: {
    returns: number;
    annualizedReturn: number;
    variance: number;
    sharpeRatio: number;
    maxDrawdown: number;
    stockCount: number;
    weekCount: number;
  };
  /** The NAV's sampling, "daily" or "weekly", when the result says it; checked against the dates. */
  frequency?: SeriesFrequency;
}

/** Size and title of one chart (the plot area, in CSS pixels; titles, axes and legend add to it). */
export interface ChartOptions {
  /** Replaces the chart's default title. At most 200 characters. */
  title?: string;
  /** Plot width, 120..4000; default 720. */
  width?: number;
  /** Plot height, 80..4000; default per chart. */
  height?: number;
}

/** One holding of a weights chart: an optimizer's `weights[i]`, with an optional display name. */
export interface WeightInput {
  id: string;
  weight: number;
  /** Shown on the axis instead of the id (a company name or ticker). */
  label?: string;
}

/**
 * The weights a weights chart draws: a portfolio result (anything with `weights: [{ id, weight }]`,
 * such as the engine's `PortfolioResult`), a list `[{ id, weight, label? }]`, or labelled weights
 * `{ id: weight }` or a `Map` of them. Zero weights are not holdings: they are neither drawn nor counted.
 */
export type WeightsInput =
  | { readonly weights: ReadonlyArray<WeightInput> }
  | ReadonlyArray<WeightInput>
  | Readonly<Record<string, number>>
  | ReadonlyMap<string, number>;

/** One company of a conviction chart (the fields of a strategy's company list it needs). */
export interface ConvictionPoint {
  name: string;
  /** USD; companies with no (or a zero) market cap cannot sit on a log axis and are counted, not drawn. */
  marketCap: number | null;
  /** In [0, 1]; companies without a score are counted, not drawn. */
  convictionScore: number | null;
}
