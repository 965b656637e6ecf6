import { memoize, type ServiceContext } from "../../../app/ServiceContext.ts";
import type { CompanyOut } from "../../../schemas/company.ts";
import { BoundedCache } from "./BoundedCache.ts";

/** At most this many ranked company lists are kept per context (LRU). */
export const HOLDINGS_CACHE_CAPACITY = 256;

/** A ranked company list and its JSON text (serialised once: the list endpoints send the text as is). */
export interface CachedHoldings {
  companies: CompanyOut[];
  json: string;
}

/**
 * The context's LRU cache of ranked company lists, keyed by (strategy, run, market-cap floor, reasoning).
 *
 * @example
 * holdingsCache(ctx) === holdingsCache(ctx) // => true
 */
export function holdingsCache(ctx: ServiceContext): BoundedCache<CachedHoldings> {
  return memoize(ctx, "premade:holdingsCache", () => new BoundedCache<CachedHoldings>(HOLDINGS_CACHE_CAPACITY));
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
