import { LRUCache } from "lru-cache";
import { memoize, type ServiceContext } from "../../../app/ServiceContext.ts";
import type { BacktestInputBody } from "../../../schemas/backtest.ts";

/** Most characters of backtest response text kept per mock: about 1,900 five-year results of 10 holdings. */
export const RESULT_CACHE_CHARS = 32 * 1024 * 1024;

/** How many keys of requests seen once are remembered (a key is a few hundred characters). */
export const SEEN_KEYS = 4096;

/** The mock's backtest response texts by request key. */
export interface ResultCache {
  /** The kept text of `key`, if any (and marks it recently used). */
  get(key: string): string | undefined;
  /** Offers the text of a run: kept only when `key` was already seen once (second sighting). */
  offer(key: string, text: string): void;
  /** Characters kept (keys and texts), at most {@link RESULT_CACHE_CHARS}. */
  readonly size: number;
  /** Whether `key`'s text is kept. */
  has(key: string): boolean;
}

/**
 * The mock's backtest result cache. A backtest is a pure function of its request and of the
 * fixtures, which never change within a mock (reset and fast-forward touch only the store), so
 * a kept text is exactly what a new run would write. A text is kept on a request's second
 * sighting (the keys of the last {@link SEEN_KEYS} requests seen once are remembered), so a
 * stream of one-off portfolios, as a property-based test sends, neither evicts the repeated ones
 * nor fills the heap with texts never read again (measured: about 8% more uncached requests per
 * second than keeping every text). Least recently used texts are evicted beyond
 * {@link RESULT_CACHE_CHARS}. Errors are never offered.
 *
 * @example
 * const cache = backtestResultCache(ctx);
 * cache.offer(key, text); cache.get(key) // => undefined (first sighting)
 * cache.offer(key, text); cache.get(key) // => text
 */
export function backtestResultCache(ctx: ServiceContext): ResultCache {
  return memoize(ctx, "backtest:results", () => {
    const texts = new LRUCache<string, string>({ maxSize: RESULT_CACHE_CHARS, sizeCalculation: (text, key) => text.length + key.length });
    const seen = new LRUCache<string, true>({ max: SEEN_KEYS });
    return {
      get: (key) => texts.get(key),
      offer(key, text) {
        if (seen.delete(key)) texts.set(key, text);
        else seen.set(key, true);
      },
      get size() {
        return texts.calculatedSize;
      },
      has: (key) => texts.has(key),
    };
  });
}

/**
 * The cache key of a validated request: years, benchmark as sent, and the holdings in order
 * (order and duplicates can change the warnings), as one JSON array, so distinct requests get
 * distinct keys.
 *
 * @example
 * resultKey({ holdings: [{ companyId: "c1", weight: 1 }], years: 5, benchmark: "SPY" }) // => '[5,"SPY",["c1",1]]'
 */
export function resultKey(input: BacktestInputBody): string {
  return JSON.stringify([input.years, input.benchmark, ...input.holdings.map((h) => [h.companyId, h.weight])]);
}
