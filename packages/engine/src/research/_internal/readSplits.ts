import { EngineError } from "../../errors/EngineError.ts";
import { firstAtLeast } from "../../_internal/sortedSearch.ts";
import type { CrossValidationSplit, CrossValidationSplits } from "../types.ts";

/** Checked splits: index arrays as Int32Array, and the paths (possibly none). */
export interface CheckedSplits {
  readonly method: CrossValidationSplits["method"] | "custom";
  readonly splits: readonly CrossValidationSplit[];
  readonly groups: Int32Array | undefined;
  readonly paths: readonly Int32Array[];
}

/**
 * Checks a split set against T periods: `periods` = T; every split's `train` and `test` strictly
 * increasing integers in [0, T), `test` at least two periods, `train` not empty, the two disjoint;
 * `groups` (when given) N + 1 increasing boundaries from 0 to T, and each path names, for every
 * group, a split whose test set holds that whole group. Without `groups` and `paths` no path is read.
 * @throws EngineError INVALID_INPUT naming `splits.periods`, `splits.splits[s].train`, `splits.paths[p][g]`, … .
 */
export function readSplits(input: unknown, periods: number): CheckedSplits {
  const fail = (field: string, rule: string): never => {
    throw new EngineError("INVALID_INPUT", `${field} ${rule}`, { field });
  };
  if (input === null || typeof input !== "object")
    fail(
      "splits",
      "must be the result of purgedKFold or combinatorialPurgedSplits ({ periods, splits, groups, paths })",
    );
  const value = input as Partial<CrossValidationSplits>;
  if (value.periods !== periods)
    fail(
      "splits.periods",
      `must equal the returns' periods (${periods}), got ${String(value.periods)}: make the splits over the same periods`,
    );
  if (!Array.isArray(value.splits) || value.splits.length === 0)
    fail("splits.splits", "must be a non-empty array of { train, test }");
  const splits = (value.splits as unknown[]).map((s, i) => {
    const at = `splits.splits[${i}]`;
    if (s === null || typeof s !== "object") fail(at, "must be an object { train, test }");
    const split = s as Partial<CrossValidationSplit>;
    const train = readIndices(`${at}.train`, split.train, periods, 1);
    const test = readIndices(`${at}.test`, split.test, periods, 2);
    for (let a = 0, b = 0; a < train.length && b < test.length; ) {
      if (train[a] === test[b])
        fail(`${at}.train`, `and ${at}.test both hold period ${train[a]}: a period is either trained on or tested`);
      if (train[a]! < test[b]!) a++;
      else b++;
    }
    const groupsOf = split.testGroups as unknown;
    const testGroups =
      groupsOf !== null && typeof groupsOf === "object" && typeof (groupsOf as ArrayLike<number>).length === "number"
        ? Int32Array.from(groupsOf as ArrayLike<number>)
        : new Int32Array(0);
    return Object.freeze({ train, test, testGroups });
  });
  const method = value.method === "purged-k-fold" || value.method === "combinatorial-purged" ? value.method : "custom";
  if (value.groups === undefined && value.paths === undefined) return { method, splits, groups: undefined, paths: [] };
  const groups = readIndices("splits.groups", value.groups, periods + 1, 3);
  if (groups[0] !== 0 || groups[groups.length - 1] !== periods)
    fail("splits.groups", `must run from 0 to the periods (${periods})`);
  if (!Array.isArray(value.paths)) fail("splits.paths", "must be an array of paths, one split index per group");
  const groupCount = groups.length - 1;
  const paths = (value.paths as unknown[]).map((p, i) => {
    const at = `splits.paths[${i}]`;
    if (p === null || typeof p !== "object" || (p as ArrayLike<number>).length !== groupCount)
      fail(at, `must name one split per group (${groupCount})`);
    const path = Int32Array.from(p as ArrayLike<number>);
    for (let g = 0; g < groupCount; g++) {
      const s = (p as ArrayLike<number>)[g];
      if (typeof s !== "number" || !Number.isInteger(s) || s < 0 || s >= splits.length)
        fail(`${at}[${g}]`, `must be a split index in [0, ${splits.length - 1}], got ${String(s)}`);
      const test = splits[s as number]!.test;
      const from = groups[g]!;
      const to = groups[g + 1]!;
      const pos = firstAtLeast(test, from);
      if (pos + (to - from) > test.length || test[pos] !== from || test[pos + (to - from) - 1] !== to - 1) {
        fail(
          `${at}[${g}]`,
          `names split ${s as number}, whose test set does not hold group ${g} (periods ${from} to ${to - 1})`,
        );
      }
    }
    return path;
  });
  return { method, splits, groups, paths };
}

/** Strictly increasing integers in [0, limit), at least `minLength` of them, as an Int32Array. */
function readIndices(field: string, values: unknown, limit: number, minLength: number): Int32Array {
  if (values === null || typeof values !== "object" || typeof (values as ArrayLike<unknown>).length !== "number") {
    throw new EngineError("INVALID_INPUT", `${field} must be an array of period indices`, { field });
  }
  const list = values as ArrayLike<unknown>;
  if (list.length < minLength)
    throw new EngineError(
      "INVALID_INPUT",
      `${field} must hold at least ${minLength} period indices, got ${list.length}`,
      { field },
    );
  const out = new Int32Array(list.length);
  for (let i = 0; i < list.length; i++) {
    const v = list[i];
    if (typeof v !== "number" || !Number.isInteger(v) || v < 0 || v >= limit || (i > 0 && v <= out[i - 1]!)) {
      const order = i === 0 ? "" : ` above ${field}[${i - 1}] (indices ascend)`;
      throw new EngineError(
        "INVALID_INPUT",
        `${field}[${i}] must be an integer in [0, ${limit - 1}]${order}, got ${String(v)}`,
        { field: `${field}[${i}]` },
      );
    }
    out[i] = v;
  }
  return out;
}
