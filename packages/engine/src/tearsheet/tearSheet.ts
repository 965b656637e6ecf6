import { EngineError } from "../errors/EngineError.ts";
import { readOptions } from "../_internal/readOptions.ts";
import { assertInteger } from "../_internal/validate.ts";
import { PERIODS_PER_YEAR } from "../stats/conventions.ts";
import { simpleReturns } from "../stats/simpleReturns.ts";
import { yearsBetween } from "../stats/yearsBetween.ts";
import { alphaOf, jensenAlpha } from "./jensenAlpha.ts";
import { beta } from "./beta.ts";
import { calmarRatio } from "./calmarRatio.ts";
import { captureRatios } from "./captureRatios.ts";
import { drawdownTable } from "./drawdownTable.ts";
import { extremePeriods } from "./extremePeriods.ts";
import { hitRate } from "./hitRate.ts";
import { informationRatioOf } from "./informationRatio.ts";
import { rollingBeta } from "./rollingBeta.ts";
import { rollingSharpe } from "./rollingSharpe.ts";
import { rollingVolatility } from "./rollingVolatility.ts";
import { sortinoOf } from "./sortinoRatio.ts";
import { trackingErrorOf } from "./trackingError.ts";
import { activeReturns } from "./_internal/activeReturns.ts";
import { periodOptions } from "../stats/periodOptions.ts";
import { conventionOf, type StatsConvention } from "../stats/statsConvention.ts";
import { DEFAULT_CONFIDENCE } from "../stats/conventions.ts";
import { assertInRange } from "../_internal/validate.ts";
import { quantstatsVersionOf, type QuantstatsVersion } from "../stats/quantstatsVersion.ts";
import { rollingSortino } from "./rollingSortino.ts";
import { correlationOf } from "./correlation.ts";
import { treynorRatio } from "./treynorRatio.ts";
import { seriesMetrics, type SeriesMetrics } from "./_internal/seriesMetrics.ts";

export type { SeriesMetrics } from "./_internal/seriesMetrics.ts";

/** `[unixSeconds, value]` points, the backtest's `timeSeries` convention. */
export type TimePoint = [number, number];

/** What {@link tearSheet} reads: a backtest result has both series. */
export interface TearSheetInput {
  /** The portfolio's `[t, nav]` points, t strictly increasing, nav > 0 (at least 3 points). */
  timeSeries: ReadonlyArray<readonly [number, number]>;
  /** The benchmark's `[t, nav]` on exactly the same timestamps. */
  benchmarkTimeSeries: ReadonlyArray<readonly [number, number]>;
}

/** Options of {@link tearSheet}. */
export interface TearSheetOptions {
  /** Annual risk-free rate, finite and > -1; default 0 (as the backtest's). */
  riskFreeRate?: number;
  /** Periods per year of the points; default 52 (the backtest's weekly points). */
  periodsPerYear?: number;
  /** Returns per rolling window, an integer >= 2; default 26 (half a year of weeks). */
  rollingWindow?: number;
  /** Drawdown episodes kept, deepest first, an integer >= 1; default 10. */
  drawdowns?: number;
  /**
   * "engine" (default), "empyrical" or "quantstats" (docs/maths.md#convention-presets): the
   * information ratio, alpha and hit rates follow that library, and the Calmar ratio's CAGR counts
   * periods (n / p years) instead of calendar years; every row of `portfolio` and `benchmark`
   * follows it too (docs/maths.md#report-rows).
   */
  convention?: StatsConvention;
  /** With convention "quantstats": the release followed, "0.0.84" (default) or "0.0.81" (docs/maths.md#convention-presets). */
  quantstatsVersion?: QuantstatsVersion;
  /** Confidence of the value at risk and CVaR rows, 0 < confidence < 1; default 0.95. */
  confidence?: number;
  /**
   * quantstats' report-table behaviour (docs/maths.md#joint-days): the average return, win and
   * loss, the payoff ratio, Kelly, the CPC index and the average up and down month of each series
   * use only the periods (months) where the portfolio and the benchmark both qualify (both
   * non-zero, both positive, both negative), as quantstats' `reports.metrics` computes them on its
   * two-column frame; its own functions, and this tear sheet by default (false), use each series
   * on its own.
   */
  jointDays?: boolean;
}

/** One drawdown episode with dates (see `drawdownTable`, docs/maths.md#drawdown-table). */
export interface DrawdownRow {
  /** `(V_trough − V_peak) / V_peak`, in [-1, 0). */
  depth: number;
  /** Unix seconds of the peak, the trough and the recovery (null when not recovered by the end). */
  start: number;
  trough: number;
  recovery: number | null;
  /** Periods (weeks for a backtest) from the peak to the recovery, or to the last point. */
  length: number;
}

/**
 * The tear sheet of a portfolio against its benchmark (docs/maths.md#tear-sheet). Ratios are
 * annualised with `periodsPerYear`; rolling series are `[t, value]` with t the timestamp of the
 * last point of each window (the backtest's `timeSeries` convention), empty when there are fewer
 * returns than `rollingWindow`.
 */
export interface TearSheet {
  /** Number of periodic returns (points − 1). */
  periods: number;
  sortinoRatio: number;
  calmarRatio: number;
  beta: number;
  /** Jensen's alpha, annualised (× periodsPerYear). */
  alpha: number;
  trackingError: number;
  informationRatio: number;
  upCapture: number;
  downCapture: number;
  /** Fraction of periods the portfolio beat the benchmark. */
  hitRate: number;
  /** Fraction of periods with a positive return. */
  positivePeriods: number;
  /** Best and worst periodic return and the timestamp of the period's end. */
  bestPeriod: { return: number; t: number };
  worstPeriod: { return: number; t: number };
  rollingVolatility: TimePoint[];
  rollingSharpe: TimePoint[];
  rollingBeta: TimePoint[];
  /** Deepest first. */
  drawdowns: DrawdownRow[];
  /** Unix seconds of the first and last points. */
  start: number;
  end: number;
  /** The annual risk-free rate used. */
  riskFreeRate: number;
  /** Rolling Sortino ratio, as rollingSharpe. */
  rollingSortino: TimePoint[];
  /** Pearson correlation of the portfolio's returns with the benchmark's, and its square (quantstats' R²). */
  correlation: number;
  rSquared: number;
  /** Treynor ratio of the portfolio against the benchmark (see `treynorRatio`). */
  treynorRatio: number;
  /** Every single-series row of quantstats' report for the portfolio and for the benchmark (docs/maths.md#report-rows). */
  portfolio: SeriesMetrics;
  benchmark: SeriesMetrics;
}

/**
 * Every tear-sheet statistic of a portfolio's NAV against its benchmark's (a `BacktestResult`
 * works as it is): Sortino, Calmar, beta and Jensen's alpha, tracking error and information
 * ratio, up and down capture, hit rate, best and worst period, rolling volatility, Sharpe ratio
 * and beta, and the drawdown table, each computed by the function of the same name
 * (docs/maths.md#tear-sheet), with the stats area's conventions: simple returns of the points,
 * 52 periods a year by default, the annual risk-free rate de-annualised geometrically; and every
 * row of quantstats' metrics table for the portfolio (`portfolio`) and the benchmark
 * (`benchmark`), with correlation, R² and the Treynor ratio (docs/maths.md#report-rows), under the
 * `convention` preset, on daily, weekly or monthly points alike (`periodsPerYear`).
 *
 * Cost: O(n · rollingWindow) for n points.
 * @param input `{ timeSeries, benchmarkTimeSeries }`, at least 3 points each, the same timestamps.
 * @param options see {@link TearSheetOptions}.
 * @throws EngineError INVALID_INPUT when a series is short, not `[t, v]` pairs, timestamps are not
 *   strictly increasing or differ between the series, a value is not finite and > 0, or an option
 *   is out of range.
 * @example
 * const days = Array.from({ length: 150 }, (_, i) => 1704672000 + (7 * Math.floor(i / 5) + (i % 5)) * 86400); // 30 weeks from Monday 2024-01-08
 * const prices = new Map([["A", { start: 0, closes: days.map((_, i) => 100 + 10 * Math.sin(i / 9)) }]]);
 * const backtest = buyAndHoldBacktest({ calendar: days, holdings: [{ id: "A", weight: 1 }], prices, benchmark: { symbol: "SPY", series: prices.get("A")! }, years: 1 });
 * const sheet = tearSheet(backtest, { rollingWindow: 13 });
 * sheet.drawdowns[0].depth === backtest.metadata.maxDrawdown // => true
 * sheet.beta // => 0.9999999999999996 (the portfolio is its own benchmark: 1 to rounding)
 */
export function tearSheet(input: TearSheetInput, options: TearSheetOptions = {}): TearSheet {
  if (input === null || typeof input !== "object") {
    throw new EngineError("INVALID_INPUT", "input must be an object { timeSeries, benchmarkTimeSeries }", {
      field: "input",
    });
  }
  options = readOptions<TearSheetOptions>(
    options,
    "{ riskFreeRate?, periodsPerYear?, rollingWindow?, drawdowns?, convention?, quantstatsVersion?, confidence?, jointDays? }",
    [
      "riskFreeRate",
      "periodsPerYear",
      "rollingWindow",
      "drawdowns",
      "convention",
      "quantstatsVersion",
      "confidence",
      "jointDays",
    ],
  );
  const { riskFreeRate = 0, periodsPerYear = PERIODS_PER_YEAR.weekly, rollingWindow = 26, drawdowns = 10 } = options;
  const { perPeriodRf } = periodOptions({ riskFreeRate, periodsPerYear });
  const convention = conventionOf({ convention: options.convention }); // the keys are checked above
  const engine = convention === "engine";
  assertInteger("rollingWindow", rollingWindow, { min: 2 });
  assertInteger("drawdowns", drawdowns, { min: 1 });
  const quantstatsVersion =
    options.quantstatsVersion === undefined ? undefined : quantstatsVersionOf(options.quantstatsVersion, convention);
  const { confidence = DEFAULT_CONFIDENCE, jointDays = false } = options;
  assertInRange("confidence", confidence, { min: 0, max: 1, minExclusive: true, maxExclusive: true });
  if (typeof jointDays !== "boolean")
    throw new EngineError("INVALID_INPUT", `jointDays must be a boolean, got ${typeof jointDays}`, {
      field: "jointDays",
    });
  const { t, v } = unzip("timeSeries", input.timeSeries);
  const bench = unzip("benchmarkTimeSeries", input.benchmarkTimeSeries);
  if (bench.t.length !== t.length) {
    throw new EngineError(
      "INVALID_INPUT",
      `benchmarkTimeSeries must have the length of timeSeries (${t.length}), got ${bench.t.length}`,
      {
        field: "benchmarkTimeSeries",
      },
    );
  }
  for (let k = 0; k < t.length; k++) {
    if (bench.t[k] !== t[k]) {
      throw new EngineError(
        "INVALID_INPUT",
        `benchmarkTimeSeries[${k}][0] must equal timeSeries[${k}][0] (${t[k]}), got ${bench.t[k]}`,
        {
          field: `benchmarkTimeSeries[${k}][0]`,
        },
      );
    }
  }
  const r = simpleReturns(v);
  const b = simpleReturns(bench.v);
  const n = r.length;
  const capture = captureRatios(r, b, periodsPerYear);
  const extreme = extremePeriods(r);
  const ends = t.subarray(rollingWindow); // window i ends at return rollingWindow - 1 + i, i.e. point rollingWindow + i
  const rolling = (values: () => Float64Array): TimePoint[] =>
    n < rollingWindow ? [] : Array.from(values(), (x, i) => [ends[i]!, x] as TimePoint);
  // Computed in the order of the result's fields (so the same error comes first); beta and the
  // active returns once each, shared by alpha and by tracking error and information ratio.
  const sortinoRatio = sortinoOf(r, 0, n, periodsPerYear, perPeriodRf);
  const calmar = calmarRatio(v, engine ? yearsBetween(t[0]!, t[t.length - 1]!) : n / periodsPerYear);
  const betaValue = beta(r, b);
  const alpha = engine
    ? alphaOf(r, b, periodsPerYear, perPeriodRf, betaValue)
    : jensenAlpha(r, b, { riskFreeRate, periodsPerYear, convention });
  const active = activeReturns(r, b);
  const rollingOptions = {
    riskFreeRate,
    periodsPerYear,
    convention,
    ...(quantstatsVersion === undefined ? {} : { quantstatsVersion }),
  };
  const own = { t, v, r };
  const other = { t: bench.t, v: bench.v, r: b };
  const common = { riskFreeRate, periodsPerYear, confidence, convention, quantstatsVersion };
  const rho = correlationOf(r, b);
  return {
    periods: n,
    sortinoRatio,
    calmarRatio: calmar,
    beta: betaValue,
    alpha,
    trackingError: trackingErrorOf(active, periodsPerYear),
    informationRatio: engine
      ? informationRatioOf(active, periodsPerYear)
      : informationRatioOf(active, periodsPerYear) / Math.sqrt(periodsPerYear),
    upCapture: capture.up,
    downCapture: capture.down,
    hitRate: hitRate(r, b, { convention }),
    positivePeriods: hitRate(r, undefined, { convention }),
    bestPeriod: { return: extreme.best, t: t[extreme.bestIndex + 1]! },
    worstPeriod: { return: extreme.worst, t: t[extreme.worstIndex + 1]! },
    rollingVolatility: rolling(() => rollingVolatility(r, rollingWindow, periodsPerYear)),
    rollingSharpe: rolling(() => rollingSharpe(r, rollingWindow, rollingOptions)),
    rollingBeta: rolling(() => rollingBeta(r, b, rollingWindow)),
    drawdowns: drawdownTable(v, drawdowns).map((e) => ({
      depth: e.depth,
      start: t[e.start]!,
      trough: t[e.trough]!,
      recovery: e.recovery < 0 ? null : t[e.recovery]!,
      length: e.length,
    })),
    start: t[0]!,
    end: t[n]!,
    riskFreeRate,
    rollingSortino: rolling(() => rollingSortino(r, rollingWindow, rollingOptions)),
    correlation: rho,
    rSquared: rho * rho,
    treynorRatio: treynorRatio(r, b, { riskFreeRate, periodsPerYear, convention }),
    portfolio: seriesMetrics(own, { ...common, jointWith: jointDays ? other : undefined }),
    benchmark: seriesMetrics(other, { ...common, jointWith: jointDays ? own : undefined }),
  };
}

/** Timestamps and values of `[t, v]` points, checked: at least 3, t finite and strictly increasing, v finite and > 0. */
function unzip(field: string, points: unknown): { t: Float64Array; v: Float64Array } {
  if (!Array.isArray(points) || points.length < 3) {
    throw new EngineError("INVALID_INPUT", `${field} must be an array of at least 3 [t, value] points`, { field });
  }
  const t = new Float64Array(points.length);
  const v = new Float64Array(points.length);
  for (let k = 0; k < points.length; k++) {
    const p = points[k] as unknown;
    if (!Array.isArray(p) || p.length < 2)
      throw new EngineError("INVALID_INPUT", `${field}[${k}] must be a [t, value] pair`, { field: `${field}[${k}]` });
    const [tk, vk] = p as [unknown, unknown];
    if (typeof tk !== "number" || !Number.isFinite(tk) || (k > 0 && !(tk > t[k - 1]!))) {
      throw new EngineError(
        "INVALID_INPUT",
        `${field}[${k}][0] must be a finite timestamp above the previous one, got ${String(tk)}`,
        {
          field: `${field}[${k}][0]`,
        },
      );
    }
    if (typeof vk !== "number" || !(vk > 0 && vk < Infinity)) {
      throw new EngineError("INVALID_INPUT", `${field}[${k}][1] must be a finite number > 0, got ${String(vk)}`, {
        field: `${field}[${k}][1]`,
      });
    }
    t[k] = tk;
    v[k] = vk;
  }
  return { t, v };
}
