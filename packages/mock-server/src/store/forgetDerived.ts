import type { StrategyRecord } from "./StoreState.ts";

/**
 * Drops from `memo` what was derived from `purged` strategies: every entry whose key names one
 * of their ids or version ids as a `:`-separated part (memo keys are `area:id:…`).
 *
 * @example
 * forgetDerived(new Map([["derived:v1:[]", 1], ["premade:x", 2]]), [{ id: "s1", versions: [{ id: "v1" }] }]) // leaves premade:x
 */
export function forgetDerived(
  memo: Map<string, unknown>,
  purged: ReadonlyArray<Pick<StrategyRecord, "id"> & { versions: ReadonlyArray<{ id: string }> }>,
): void {
  const ids = new Set<string>();
  for (const s of purged) {
    ids.add(s.id);
    for (const v of s.versions) ids.add(v.id);
  }
  for (const key of [...memo.keys()]) if (key.split(":").some((part) => ids.has(part))) memo.delete(key);
}
