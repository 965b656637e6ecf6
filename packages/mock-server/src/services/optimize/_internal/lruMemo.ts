import { LRUCache } from "lru-cache";
import { memoize, type ServiceContext } from "../../../app/ServiceContext.ts";

/** How many results each optimizer keeps (keyed by strategy version, parameters and companies). */
export const OPTIMIZER_CACHE_SIZE = 64;

/**
 * The memoised promise of `key` in a bounded least-recently-used cache named `area`, kept in
 * `ctx.memo` (so a reset clears it). Concurrent calls with one key share one computation; a
 * rejected computation is dropped so the next call retries.
 *
 * Cost: O(1) per call.
 * @example
 * await lruMemo(ctx, "demo", "k", 2, async () => 42) // => 42
 */
export function lruMemo<T>(ctx: ServiceContext, area: string, key: string, capacity: number, compute: () => Promise<T>): Promise<T> {
  const cache = memoize(ctx, `lru:${area}`, () => new LRUCache<string, Promise<T>>({ max: capacity }));
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const promise = compute();
  cache.set(key, promise);
  promise.catch(() => {
    if (cache.peek(key) === promise) cache.delete(key);
  });
  return promise;
}
