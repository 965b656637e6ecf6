import { readOptions } from "../_internal/readOptions.ts";
import { assertInteger } from "../_internal/validate.ts";
import { contiguousGroups } from "./_internal/contiguousGroups.ts";
import { purgedSplit } from "./_internal/purgedSplit.ts";
import { readPurgeOptions } from "./_internal/readPurgeOptions.ts";
import type { CrossValidationSplits, PurgeOptions } from "./types.ts";

/** Options of {@link purgedKFold}. */
export interface PurgedKFoldOptions extends PurgeOptions {
  /** K, the number of contiguous folds: an integer, 2 <= K <= T/2 (each fold holds at least two periods); default 5. */
  folds?: number;
}

/**
 * Purged and embargoed K-fold cross-validation over T periods (López de Prado 2018, *Advances in
 * Financial Machine Learning*, ch. 7, snippets 7.1–7.3). The periods are cut into K contiguous
 * folds (sizes differ by at most one, the first T mod K one longer); split k tests fold k = [a, b]
 * and trains on every period t outside its purge and embargo zone
 * `a − h <= t <= b + h + e`: t is purged when its label window [t, t + h] overlaps the test labels'
 * [a, b + h], and embargoed when b + h < t <= b + h + e. The K test folds form one backtest path.
 *
 * @see docs/maths.md#purge-and-embargo
 * Cost: O(K·T) time and memory.
 * @param periods T, an integer in [4, 10^7].
 * @param options `{ folds, purge, embargo }`, see {@link PurgedKFoldOptions}.
 * @throws EngineError INVALID_INPUT naming `periods` or the option out of range;
 *   INSUFFICIENT_DATA naming `options.purge` or `options.embargo` when a split has no period left to train on.
 * @example
 * const cv = purgedKFold(10, { folds: 2, purge: 1, embargo: 1 });
 * cv.splits.map((s) => [Array.from(s.train), Array.from(s.test)])
 * // => [[[7, 8, 9], [0, 1, 2, 3, 4]], [[0, 1, 2, 3], [5, 6, 7, 8, 9]]]
 */
export function purgedKFold(periods: number, options: PurgedKFoldOptions = {}): CrossValidationSplits {
  assertInteger("periods", periods, { min: 4, max: 10_000_000 });
  const o = readOptions<PurgedKFoldOptions>(options, "{ folds?, purge?, embargo? }", ["folds", "purge", "embargo"]);
  const folds = o.folds === undefined ? 5 : o.folds;
  assertInteger("options.folds", folds, { min: 2, max: Math.floor(periods / 2) });
  const { purge, embargo } = readPurgeOptions(o, periods);
  const groups = contiguousGroups(periods, folds);
  const splits = Array.from({ length: folds }, (_, k) => purgedSplit(groups, Int32Array.of(k), purge, embargo, k));
  const path = Int32Array.from({ length: folds }, (_, k) => k);
  return Object.freeze({
    method: "purged-k-fold",
    periods,
    groups,
    testGroups: 1,
    purge,
    embargo,
    splits: Object.freeze(splits),
    paths: Object.freeze([path]),
  });
}
