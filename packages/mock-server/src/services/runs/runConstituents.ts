import type { MemoAccess, OptionsAccess, UniverseAccess } from "../../context/contextParts.ts";
import { LRUCache } from "lru-cache";
import type { Constituent } from "../../_internal/fixtures.ts";
import { memoize } from "../../context/memoize.ts";
import type { VersionRecord } from "../../store/StoreState.ts";
import { selectConstituentsAsOf } from "../selection/selectConstituentsAsOf.ts";
import { versionConstituents } from "../strategies/versionConstituents.ts";

/** At most this many historical selections are kept per context (LRU). */
export const AS_OF_CACHE_CAPACITY = 256;

type VersionContent = Pick<VersionRecord, "id" | "objective" | "exclusions" | "constituents">;

/**
 * The companies of one run of a version: a LIVE run holds the version's live selection
 * (`versionConstituents`), a HISTORICAL run the selection as of its date
 * (`selectConstituentsAsOf`, kept in a bounded LRU cache per context).
 *
 * @example
 * runConstituents(ctx, version, { asOfDate: "2025-06-30", kind: "historical" }).length > 0 // => true
 */
export function runConstituents(
  ctx: UniverseAccess & OptionsAccess & MemoAccess,
  version: VersionContent,
  run: { asOfDate: string; kind: "live" | "historical" },
): readonly Constituent[] {
  if (run.kind === "live") return versionConstituents(ctx, version);
  return constituentsAsOf(ctx, version, run.asOfDate);
}

/** The selection of `version` as of `date` (see {@link runConstituents}). */
export function constituentsAsOf(
  ctx: UniverseAccess & OptionsAccess & MemoAccess,
  version: VersionContent,
  date: string,
): readonly Constituent[] {
  const cache = memoize(ctx, "runs:asOf", () => new LRUCache<string, Constituent[]>({ max: AS_OF_CACHE_CAPACITY }));
  const key = `${version.id}|${date}|${JSON.stringify([version.objective, version.exclusions])}`;
  let hit = cache.get(key);
  if (hit === undefined) {
    hit = selectConstituentsAsOf(
      ctx.universe,
      version.objective,
      version.exclusions,
      version.id,
      ctx.options.maxStrategyCompanies,
      date,
    );
    cache.set(key, hit);
  }
  return hit;
}
