import { EngineError } from "../errors/EngineError.ts";
import { readOptions } from "../_internal/readOptions.ts";
import { assertInRange } from "../_internal/validate.ts";
import { firstAtLeast } from "../_internal/sortedSearch.ts";
import { makeAssetReturns, type AssetReturns } from "../data/assetReturns.ts";
import type { Frequency } from "../data/Frequency.ts";
import { weightVector, type WeightsInput } from "../portfolio/weightVector.ts";
import { sharpeRatio } from "../stats/sharpeRatio.ts";
import { readReturnsTable, type CheckedReturnsTable } from "./readReturnsTable.ts";
import { readSplits } from "./_internal/readSplits.ts";
import type { CrossValidationSplits, ResearchReturns } from "./types.ts";

/** What an estimator is told beside its training window: which split, and its periods (copies). */
export interface CrossValidationContext {
  readonly split: number;
  readonly train: Int32Array;
  readonly test: Int32Array;
}

/** Weights an estimator returns: a Float64Array (or numbers) in asset order, or labelled weights (`{ id: w }`, a Map, `{ id, weight }[]`, a PortfolioResult). */
export type CrossValidationWeights = Float64Array | readonly number[] | WeightsInput;

/**
 * A method under test: from the training window (an {@link AssetReturns} of the split's train
 * periods, in time order, with the data's ids, sampling and dates) to weights. May be async
 * (the engine's HiGHS-based optimizers are).
 */
export type CrossValidationEstimator = (
  window: AssetReturns,
  context: CrossValidationContext,
) => CrossValidationWeights | Promise<CrossValidationWeights>;

/** Options of {@link crossValidate}. */
export interface CrossValidateOptions {
  /** Annual risk-free rate of the Sharpe ratios, > -1; default 0 (as {@link sharpeRatio}). */
  riskFreeRate?: number;
}

/** The out-of-sample outcome of one split. */
export interface CrossValidationSplitOutcome {
  readonly train: Int32Array;
  readonly test: Int32Array;
  /** The estimator's weights, in `assets` order. */
  readonly weights: Float64Array;
  /** The portfolio's return in each test period, aligned with `test`: `Σ_i w_i r_{t,i}`. */
  readonly returns: Float64Array;
  /** Annualised Sharpe ratio of `returns` ({@link sharpeRatio} with the data's periods a year). */
  readonly sharpe: number;
}

/** One backtest path: a full out-of-sample history made of test segments of different splits. */
export interface CrossValidationPathOutcome {
  /** `splits[g]`: the split whose test segment on group g this path uses. */
  readonly splits: Int32Array;
  /** The portfolio's out-of-sample return in every period 0 … T − 1. */
  readonly returns: Float64Array;
  readonly sharpe: number;
}

/** The result of {@link crossValidate}. */
export interface CrossValidationResult {
  readonly method: CrossValidationSplits["method"] | "custom";
  readonly assets: readonly string[];
  /** Periods a year the Sharpe ratios are annualised with (1 for a bare matrix: per period). */
  readonly periodsPerYear: number;
  readonly frequency: Frequency;
  readonly splits: readonly CrossValidationSplitOutcome[];
  readonly paths: readonly CrossValidationPathOutcome[];
  /** The distributions: one Sharpe ratio per split and one per path. */
  readonly sharpeRatios: { readonly splits: Float64Array; readonly paths: Float64Array };
}

/**
 * Evaluates a method out of sample over cross-validation splits (López de Prado 2018, *Advances in
 * Financial Machine Learning*, ch. 7 and 12). For each split s the estimator sees only the train
 * periods and returns weights w_s; the out-of-sample portfolio return of each test period t is
 * `r_{p,t} = Σ_i w_{s,i} r_{t,i}` (constant weights, rebalanced every period, no costs). Each
 * backtest path concatenates, group by group, the test returns of the split it names, giving a full
 * out-of-sample history of T periods; every split and every path gets its annualised Sharpe ratio
 * (the engine's {@link sharpeRatio}: sample sd, `· sqrt(P)` with the data's P, 0 when degenerate).
 * So CPCV gives a distribution of φ path Sharpe ratios per method rather than one number.
 *
 * @see docs/maths.md#cross-validated-sharpe-ratios
 * Cost: O(splits·T·N) plus the estimator's calls, one per split, in split order.
 * @param returns T×N simple returns: an {@link AssetReturns}, or a bare `{ returns, periods }`
 *   (see {@link ResearchReturns}). Never mutated.
 * @param estimator from a training window to weights, see {@link CrossValidationEstimator}.
 * @param splits from {@link purgedKFold} or {@link combinatorialPurgedSplits} over the same T (or
 *   any `{ periods, splits: [{ train, test }] }`, which gives no paths).
 * @param options `{ riskFreeRate }`.
 * @returns a Promise of the per-split and per-path outcomes.
 * @throws EngineError INVALID_INPUT (as a rejection) naming `returns.*`, `splits.*`,
 *   `options.riskFreeRate`, or `estimator` when its weights are not N finite numbers or name an
 *   unknown asset; whatever the estimator itself throws.
 * @example
 * const data = assetReturns([[0.01, 0.02], [0.03, -0.01], [-0.02, 0.01], [0.02, 0.0]], { assets: ["A", "B"], frequency: "monthly" });
 * const cv = await crossValidate(data, () => ({ A: 0.5, B: 0.5 }), purgedKFold(4, { folds: 2 }));
 * Array.from(cv.paths[0].returns, (r) => +r.toFixed(10)) // => [0.015, 0.01, -0.005, 0.01]
 */
export async function crossValidate(
  returns: ResearchReturns,
  estimator: CrossValidationEstimator,
  splits: CrossValidationSplits,
  options: CrossValidateOptions = {},
): Promise<CrossValidationResult> {
  const data = readReturnsTable("returns", returns, { minPeriods: 4, minColumns: 1, simple: true });
  if (typeof estimator !== "function") {
    throw new EngineError(
      "INVALID_INPUT",
      `estimator must be a function from a training window to weights, got ${estimator === null ? "null" : typeof estimator}`,
      { field: "estimator" },
    );
  }
  const set = readSplits(splits, data.periods);
  const o = readOptions<CrossValidateOptions>(options, "{ riskFreeRate? }", ["riskFreeRate"]);
  const riskFreeRate = o.riskFreeRate === undefined ? 0 : o.riskFreeRate;
  assertInRange("options.riskFreeRate", riskFreeRate, { min: -1, minExclusive: true });
  const sharpeOptions = { riskFreeRate, periodsPerYear: data.periodsPerYear };

  const outcomes: CrossValidationSplitOutcome[] = [];
  for (let s = 0; s < set.splits.length; s++) {
    const { train, test } = set.splits[s]!;
    const given = await estimator(
      windowOf(data, train),
      Object.freeze({ split: s, train: train.slice(), test: test.slice() }),
    );
    const weights = readWeights(given, data.assets, s);
    const r = portfolioReturns(data, weights, test);
    outcomes.push(Object.freeze({ train, test, weights, returns: r, sharpe: sharpeRatio(r, sharpeOptions) }));
  }

  const paths = set.paths.map((path) => {
    const r = new Float64Array(data.periods);
    const groups = set.groups!;
    for (let g = 0; g < path.length; g++) {
      const outcome = outcomes[path[g]!]!;
      const from = groups[g]!;
      const at = firstAtLeast(outcome.test, from);
      r.set(outcome.returns.subarray(at, at + groups[g + 1]! - from), from);
    }
    return Object.freeze({ splits: path, returns: r, sharpe: sharpeRatio(r, sharpeOptions) });
  });

  return Object.freeze({
    method: set.method,
    assets: data.assets,
    periodsPerYear: data.periodsPerYear,
    frequency: data.frequency,
    splits: Object.freeze(outcomes),
    paths: Object.freeze(paths),
    sharpeRatios: Object.freeze({
      splits: Float64Array.from(outcomes, (x) => x.sharpe),
      paths: Float64Array.from(paths, (x) => x.sharpe),
    }),
  });
}

/** The train rows, in time order, as a labelled window (values already checked). */
function windowOf(data: CheckedReturnsTable, rows: Int32Array): AssetReturns {
  const n = data.columns;
  const values = new Float64Array(rows.length * n);
  for (let k = 0; k < rows.length; k++) values.set(data.returns.subarray(rows[k]! * n, rows[k]! * n + n), k * n);
  const dates = data.dates === undefined ? undefined : Object.freeze(Array.from(rows, (t) => data.dates![t]!));
  return makeAssetReturns(data.assets, values, rows.length, data.periodsPerYear, data.frequency, dates);
}

/** The estimator's weights as N finite numbers in asset order. */
function readWeights(given: unknown, assets: readonly string[], split: number): Float64Array {
  const field = `estimator (weights of split ${split})`;
  const positional = ArrayBuffer.isView(given) || (Array.isArray(given) && given.every((x) => typeof x === "number"));
  if (!positional) {
    try {
      return weightVector("estimator", given as WeightsInput, assets);
    } catch (e) {
      if (e instanceof EngineError)
        throw new EngineError("INVALID_INPUT", `${field}: ${e.message}`, {
          field: "estimator",
          cause: e,
          details: { split },
        });
      throw e;
    }
  }
  const list = given as ArrayLike<unknown>;
  if (list.length !== assets.length || given instanceof DataView) {
    throw new EngineError(
      "INVALID_INPUT",
      `${field} must hold one weight per asset (${assets.length}), got ${list.length}`,
      { field: "estimator", details: { split } },
    );
  }
  const w = new Float64Array(assets.length);
  for (let i = 0; i < w.length; i++) {
    const v = list[i];
    if (typeof v !== "number" || !Number.isFinite(v)) {
      throw new EngineError(
        "INVALID_INPUT",
        `${field}: the weight of ${assets[i]} must be a finite number, got ${String(v)}`,
        { field: "estimator", details: { split } },
      );
    }
    w[i] = v;
  }
  return w;
}

/** `Σ_i w_i r_{t,i}` for each test period t. */
function portfolioReturns(data: CheckedReturnsTable, w: Float64Array, test: Int32Array): Float64Array {
  const n = data.columns;
  const out = new Float64Array(test.length);
  for (let k = 0; k < test.length; k++) {
    const base = test[k]! * n;
    let sum = 0;
    for (let i = 0; i < n; i++) sum += w[i]! * data.returns[base + i]!;
    if (!Number.isFinite(sum)) {
      throw new EngineError(
        "INVALID_INPUT",
        `estimator weights overflow the portfolio return of period ${test[k]}: give weights of a sensible size`,
        { field: "estimator" },
      );
    }
    out[k] = sum;
  }
  return out;
}
