import { EngineError } from "../errors/EngineError.ts";
import { readOptions } from "../_internal/readOptions.ts";
import { assertInteger } from "../_internal/validate.ts";
import { assemblePaths } from "./_internal/assemblePaths.ts";
import { binomial, combinations } from "./_internal/combinations.ts";
import { contiguousGroups } from "./_internal/contiguousGroups.ts";
import { purgedSplit } from "./_internal/purgedSplit.ts";
import { readPurgeOptions } from "./_internal/readPurgeOptions.ts";
import type { CrossValidationSplits, PurgeOptions } from "./types.ts";

/** The most splits one call makes: C(N, k) <= 10,000 (each split holds two index arrays of up to T periods). */
export const MAX_COMBINATORIAL_SPLITS = 10_000;

/** Options of {@link combinatorialPurgedSplits}. */
export interface CombinatorialPurgedOptions extends PurgeOptions {
  /** N, the number of contiguous groups: an integer, 2 <= N <= T/2 (each group holds at least two periods); default 6. */
  groups?: number;
  /** k, the groups tested per split: an integer, 1 <= k < N; default 2. */
  testGroups?: number;
}

/**
 * Combinatorial purged cross-validation, CPCV (López de Prado 2018, *Advances in Financial Machine
 * Learning*, ch. 12): T periods cut into N contiguous groups; one split for each of the C(N, k)
 * choices of k test groups (lexicographic order), trained on the periods outside every test
 * group's purge and embargo zone `a − h <= t <= b + h + e` (as {@link purgedKFold}). Each group is
 * tested by φ = k/N · C(N, k) = C(N − 1, k − 1) splits, and the test segments assemble into φ
 * backtest paths that each cover all T periods once: path p takes, for group g, the p-th split
 * testing g (`paths[p][g]`).
 *
 * @see docs/maths.md#combinatorial-purged-cross-validation
 * Cost: O(C(N, k)·T) time and memory (two index arrays per split).
 * @param periods T, an integer in [4, 10^7].
 * @param options `{ groups, testGroups, purge, embargo }`, see {@link CombinatorialPurgedOptions}.
 * @throws EngineError INVALID_INPUT naming `periods` or the option out of range, or `options.groups`
 *   when C(N, k) > {@link MAX_COMBINATORIAL_SPLITS}; INSUFFICIENT_DATA naming `options.purge` or
 *   `options.embargo` when a split has no period left to train on.
 * @example
 * const cv = combinatorialPurgedSplits(12, { groups: 4, testGroups: 2 });
 * [cv.splits.length, cv.paths.length, Array.from(cv.paths[0])] // => [6, 3, [0, 0, 1, 2]]
 */
export function combinatorialPurgedSplits(
  periods: number,
  options: CombinatorialPurgedOptions = {},
): CrossValidationSplits {
  assertInteger("periods", periods, { min: 4, max: 10_000_000 });
  const o = readOptions<CombinatorialPurgedOptions>(options, "{ groups?, testGroups?, purge?, embargo? }", [
    "groups",
    "testGroups",
    "purge",
    "embargo",
  ]);
  const groupCount = o.groups === undefined ? 6 : o.groups;
  assertInteger("options.groups", groupCount, { min: 2, max: Math.floor(periods / 2) });
  const k = o.testGroups === undefined ? 2 : o.testGroups;
  assertInteger("options.testGroups", k, { min: 1, max: groupCount - 1 });
  const count = binomial(groupCount, k, MAX_COMBINATORIAL_SPLITS);
  if (count > MAX_COMBINATORIAL_SPLITS) {
    throw new EngineError(
      "INVALID_INPUT",
      `options.groups ${groupCount} with options.testGroups ${k} makes more than ${MAX_COMBINATORIAL_SPLITS} splits (C(N, k)); use fewer groups`,
      {
        field: "options.groups",
        details: { groups: groupCount, testGroups: k, max: MAX_COMBINATORIAL_SPLITS },
      },
    );
  }
  const { purge, embargo } = readPurgeOptions(o, periods);
  const groups = contiguousGroups(periods, groupCount);
  const splits = combinations(groupCount, k).map((tested, s) => purgedSplit(groups, tested, purge, embargo, s));
  const paths = assemblePaths(splits, groupCount);
  return Object.freeze({
    method: "combinatorial-purged",
    periods,
    groups,
    testGroups: k,
    purge,
    embargo,
    splits: Object.freeze(splits),
    paths: Object.freeze(paths),
  });
}
