import type { MemoAccess } from "../../../context/contextParts.ts";
import { LRUCache } from "lru-cache";
import { memoize } from "../../../context/memoize.ts";
import type { BacktestInputBody } from "../../../schemas/backtest.ts";

/** Most characters of backtest response text kept per mock: about 1,900 five-year results of 10 holdings. */
export const RESULT_CACHE_CHARS = 32 * 1024 * 1024;

/** Slots of the seen-once table: about this many recent one-off requests are remembered (a power of 2). */
export const SEEN_KEYS = 8192;

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
 * sighting (53-bit hashes of the keys of requests seen once are remembered in a direct-mapped
 * table of {@link SEEN_KEYS} slots: a hash goes to slot `hash mod SEEN_KEYS`, replacing what was
 * there, so about the last {@link SEEN_KEYS} one-off requests are remembered, at the cost of one
 * array read and write per request and no allocation), so a
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
export function backtestResultCache(ctx: MemoAccess): ResultCache {
  return memoize(ctx, "backtest:results", () => {
    const texts = new LRUCache<string, string>({
      maxSize: RESULT_CACHE_CHARS,
      sizeCalculation: (text, key) => text.length + key.length,
    });
    // Requests seen once are remembered by a 53-bit hash of their key, not the key itself: no
    // 600-character string per one-off request outlives it (they would be promoted to the old
    // generation and collected there). A collision only keeps a text on its first sighting.
    const seen = new Float64Array(SEEN_KEYS).fill(-1);
    return {
      get: (key) => texts.get(key),
      offer(key, text) {
        const h = keyHash(key);
        const slot = h % SEEN_KEYS;
        if (seen[slot] === h) {
          seen[slot] = -1;
          texts.set(key, text);
        } else seen[slot] = h;
      },
      get size() {
        return texts.calculatedSize;
      },
      has: (key) => texts.has(key),
    };
  });
}

/** A 53-bit hash of a string (cyrb53: two 32-bit multiplicative hashes combined), for the seen-keys set. */
export function keyHash(key: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
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
