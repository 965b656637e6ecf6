import type { ServiceContext } from "../../../app/ServiceContext.ts";

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
  const memoKey = `lru:${area}`;
  let cache = ctx.memo.get(memoKey) as Map<string, Promise<T>> | undefined;
  if (cache === undefined) {
    cache = new Map();
    ctx.memo.set(memoKey, cache);
  }
  const hit = cache.get(key);
  if (hit !== undefined) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const promise = compute();
  cache.set(key, promise);
  while (cache.size > capacity) cache.delete(cache.keys().next().value!);
  const owner = cache;
  promise.catch(() => {
    if (owner.get(key) === promise) owner.delete(key);
  });
  return promise;
}
