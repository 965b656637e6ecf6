/**
 * Shapes shared by the research area (docs/maths.md#research-cross-validation-and-overfitting): the
 * split sets that `purgedKFold` and `combinatorialPurgedSplits` make and `crossValidate` reads, and
 * the return tables the functions accept.
 */
import type { AssetReturns } from "../data/assetReturns.ts";
import type { Frequency } from "../data/Frequency.ts";

/** One train/test split of T periods: period indices, each sorted ascending, disjoint. */
export interface CrossValidationSplit {
  /** The periods an estimator may learn from (test, purge and embargo zones removed). */
  readonly train: Int32Array;
  /** The periods the split is evaluated on: the union of its test groups. */
  readonly test: Int32Array;
  /** Which groups (folds) make up `test`, ascending. */
  readonly testGroups: Int32Array;
}

/**
 * Every split of one cross-validation scheme over T periods, and the backtest paths assembled from
 * their test segments (docs/maths.md#cpcv-backtest-paths).
 */
export interface CrossValidationSplits {
  readonly method: "purged-k-fold" | "combinatorial-purged";
  /** T, the number of periods split. */
  readonly periods: number;
  /** N + 1 group boundaries: group g is the periods [groups[g], groups[g + 1]). groups[0] = 0, groups[N] = T. */
  readonly groups: Int32Array;
  /** k, the groups tested per split (1 for K-fold). */
  readonly testGroups: number;
  /** h, the label horizon in periods: observation t's label spans periods [t, t + h]. */
  readonly purge: number;
  /** e, the periods removed from train after each test group (beyond the purge). */
  readonly embargo: number;
  /** Every split, in lexicographic order of its test groups. */
  readonly splits: readonly CrossValidationSplit[];
  /**
   * φ backtest paths: `paths[p][g]` is the split whose test segment on group g belongs to path p, so
   * path p covers every period once. φ = 1 for K-fold, C(N − 1, k − 1) = k/N·C(N, k) for CPCV.
   */
  readonly paths: readonly Int32Array[];
}

/**
 * An embargo: a count of periods (an integer >= 0), or a fraction of T (`{ fraction: f }`,
 * 0 <= f < 1, read as ⌊f·T⌋ periods, as López de Prado's `int(T·pctEmbargo)`).
 */
export type EmbargoInput = number | { readonly fraction: number };

/** The purge and embargo options both split generators take (docs/maths.md#purge-and-embargo). */
export interface PurgeOptions {
  /** h, the label horizon in periods: an integer >= 0; default 0 (each label is its own period). */
  purge?: number;
  /** The embargo after each test group; default 0. See {@link EmbargoInput}. */
  embargo?: EmbargoInput;
}

/**
 * A table of per-period returns: an {@link AssetReturns} (ids and sampling travel with it) or a
 * bare row-major matrix `{ returns, periods }` of T·N values, optionally with `assets`,
 * `periodsPerYear` or `frequency`, and `dates`. A bare matrix without sampling is read with one
 * period a year (its Sharpe ratios are per period), its columns named "0", "1", ….
 */
export type ResearchReturns =
  | AssetReturns
  | {
      readonly returns: ArrayLike<number>;
      readonly periods: number;
      readonly assets?: readonly string[];
      readonly periodsPerYear?: number;
      readonly frequency?: Exclude<Frequency, "custom">;
      readonly dates?: readonly number[];
    };
