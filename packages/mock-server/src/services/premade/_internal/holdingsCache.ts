import type { UniverseAccess } from "../../../context/contextParts.ts";
import { memoizeShared } from "../../../context/memoize.ts";
import type { CompanyOut } from "../../../schemas/company.ts";
import { LRUCache } from "lru-cache";

/** At most this many ranked company lists are kept per universe (LRU). */
export const HOLDINGS_CACHE_CAPACITY = 256;

/** A ranked company list and its JSON text (serialised once: the list endpoints send the text as is). */
export interface CachedHoldings {
  companies: CompanyOut[];
  json: string;
}

/**
 * The universe's LRU cache of ranked premade company lists (`memoizeShared`: shared by every session), keyed by (strategy, run, market-cap floor,
 * reasoning): `holdingsCache(ctx).memo(key, { context: compute })` returns the kept list or keeps
 * what `compute` returns (lru-cache's memo).
 *
 * @example
 * holdingsCache(ctx).memo("k", { context: () => cachedHoldings([]) }).json // => "[]"
 */
export function holdingsCache(ctx: UniverseAccess): LRUCache<string, CachedHoldings, () => CachedHoldings> {
  return memoizeShared(
    ctx,
    "premade:holdingsCache",
    () =>
      new LRUCache<string, CachedHoldings, () => CachedHoldings>({
        max: HOLDINGS_CACHE_CAPACITY,
        memoMethod: (_key, _stale, { context }) => context(),
      }),
  );
}

/**
 * A cache entry for `companies`: the list and its JSON text. O(size of the JSON).
 *
 * @example
 * cachedHoldings([]).json // => "[]"
 */
export function cachedHoldings(companies: CompanyOut[]): CachedHoldings {
  return { companies, json: JSON.stringify(companies) };
}
