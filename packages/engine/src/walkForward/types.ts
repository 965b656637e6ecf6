/**
 * Shapes of the walk-forward evaluation (docs/maths.md#walk-forward-evaluation): its estimator, its
 * options and its result.
 */
import type { AssetReturns } from "../data/assetReturns.ts";
import type { Frequency } from "../data/Frequency.ts";
import type { WeightsInput } from "../portfolio/weightVector.ts";
import type { TearSheet, TearSheetOptions, TimePoint } from "../tearsheet/tearSheet.ts";

/** What an estimator is told beside its window: which rebalance, when, and what is held. */
export interface WalkForwardContext {
  /** The rebalance's index, 0 for the first (the portfolio is formed from cash). */
  readonly rebalance: number;
  /** t, the period whose end is the decision time (the window ends with period t). */
  readonly period: number;
  /** Unix seconds of period t's end, when the data has dates. */
  readonly date: number | undefined;
  /** The drifted weights held before trading (a copy; all zero at the first rebalance). */
  readonly current: Float64Array;
}

/** Weights an estimator returns: N numbers in asset order, or labelled weights (`{ id: w }`, a Map, `{ id, weight }[]`, a PortfolioResult). */
export type WalkForwardWeights = Float64Array | readonly number[] | WeightsInput;

/**
 * A method under test: from the estimation window (an {@link AssetReturns} of the periods up to the
 * decision time, with the data's ids, sampling and dates) to target weights. May be async.
 */
export type WalkForwardEstimator = (
  window: AssetReturns,
  context: WalkForwardContext,
) => WalkForwardWeights | Promise<WalkForwardWeights>;

/** When to re-estimate and trade: every k periods, or at the last period of each calendar month or quarter (UTC, from `dates`). */
export type WalkForwardSchedule = { readonly every: number } | { readonly calendar: "monthly" | "quarterly" };

/** Options of {@link walkForward}. */
export interface WalkForwardOptions {
  /** The estimation window: the last `periods` periods ("trailing") or every period so far, at least `periods` ("expanding"). */
  window: { readonly kind: "trailing" | "expanding"; readonly periods: number };
  /** Default `{ every: 1 }`. The first rebalance is always at the end of the first window. */
  rebalance?: WalkForwardSchedule;
  /** Proportional cost of the value traded, in basis points, 0..1000; default 0. */
  costBps?: number;
  /** The most one-way turnover a rebalance may trade (after the first), > 0; default no limit. */
  turnoverLimit?: number;
  /** The tear sheet's benchmark: an asset id of the data, or T per-period returns; default the equal-weight portfolio rebalanced every period. */
  benchmark?: string | ArrayLike<number>;
  /** Options of the tear sheet (its periodsPerYear is the data's). */
  tearSheet?: Omit<TearSheetOptions, "periodsPerYear">;
}

/** One rebalance of a walk-forward. */
export interface WalkForwardRebalance {
  /** t: the trade happens at the end of period t, after the window ending with t was seen. */
  readonly period: number;
  readonly date: number | undefined;
  /** The estimator's target weights, in `assets` order. */
  readonly target: Float64Array;
  /** The weights traded to after the turnover limit (`target` when it does not bind), in `assets` order. */
  readonly weights: Float64Array;
  /** One-way turnover `½(Σ_i |w_i − x_i| + |Σ_i x_i − Σ_i w_i|)` against the drifted weights x (cash counted). */
  readonly turnover: number;
  /** The cost paid, as a fraction of the value before trading: `(V − V') / V`. */
  readonly cost: number;
}

/** The result of {@link walkForward}. */
export interface WalkForwardResult {
  readonly assets: readonly string[];
  readonly periodsPerYear: number;
  readonly frequency: Frequency;
  /** s = the first out-of-sample period (the window's length): returns[j] is period s + j. */
  readonly firstPeriod: number;
  /** The out-of-sample NAV, 10000 at the end of period s − 1 (before the first trade), then after each period (T − s + 1 values, marked before any trade). */
  readonly nav: Float64Array;
  /** Unix seconds of each NAV point (the data's dates from period s − 1), when the data has dates. */
  readonly dates: readonly number[] | undefined;
  /** The portfolio's return in each out-of-sample period, costs of the trade before it included (T − s values). */
  readonly returns: Float64Array;
  /** `[t, nav]` and the benchmark's `[t, nav]` (t the date; without dates, period t's end is t · 365.25 days / periodsPerYear in Unix seconds): the tear sheet's input. */
  readonly timeSeries: TimePoint[];
  readonly benchmarkTimeSeries: TimePoint[];
  readonly rebalances: readonly WalkForwardRebalance[];
  /** Σ of the rebalances' turnover, and that sum per year (÷ (T − s) / periodsPerYear). */
  readonly turnover: number;
  readonly annualTurnover: number;
  /** Σ of the rebalances' cost fractions, and the costs paid in NAV units (base 10000). */
  readonly costs: number;
  readonly costsPaid: number;
  /** The engine's tear sheet of `timeSeries` against `benchmarkTimeSeries`, with the data's periodsPerYear. */
  readonly tearSheet: TearSheet;
}
