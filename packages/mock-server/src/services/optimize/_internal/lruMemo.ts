import type { MemoAccess } from "../../../context/contextParts.ts";
import { LRUCache } from "lru-cache";
import { memoize } from "../../../context/memoize.ts";
import { solveAbandoned } from "../../../context/SolverRunner.ts";

/** How many results each optimizer keeps (keyed by strategy version, parameters and companies). */
export const OPTIMIZER_CACHE_SIZE = 64;

/** One memoised computation and the callers still waiting for it. */
interface Entry<T> {
  promise: Promise<T>;
  settled: boolean;
  /** Callers waiting with a signal that has not aborted; a caller without a signal never leaves. */
  waiters: number;
  /** Aborted when the last waiter leaves before the computation settles. */
  controller: AbortController;
}

/**
 * The memoised promise of `key` in a bounded least-recently-used cache named `area`, kept in
 * `ctx.memo` (so a reset clears it). Concurrent calls with one key share one computation; a
 * rejected computation is dropped so the next call retries.
 *
 * A caller may pass the `signal` of its request: when it aborts, that caller's promise rejects at
 * once with `solveAbandoned()` (499). When every caller of a pending computation has left (all
 * gave a signal, all aborted), the `signal` given to `compute` aborts and the entry is dropped, so
 * the solver can stop and the next call starts afresh. A caller without a signal keeps the
 * computation wanted until it settles.
 *
 * Cost: O(1) per call.
 * @example
 * await lruMemo(ctx, "demo", "k", 2, async () => 42) // => 42
 */
export function lruMemo<T>(
  ctx: MemoAccess,
  area: string,
  key: string,
  capacity: number,
  compute: (signal: AbortSignal) => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  const cache = memoize(ctx, `lru:${area}`, () => new LRUCache<string, Entry<T>>({ max: capacity }));
  if (signal?.aborted === true) return Promise.reject(solveAbandoned());
  let entry = cache.get(key);
  if (entry === undefined) {
    const controller = new AbortController();
    const created: Entry<T> = { promise: compute(controller.signal), settled: false, waiters: 0, controller };
    created.promise.then(
      () => {
        created.settled = true;
      },
      () => {
        created.settled = true;
        if (cache.peek(key) === created) cache.delete(key);
      },
    );
    cache.set(key, created);
    entry = created;
  }
  if (entry.settled || signal === undefined) {
    if (!entry.settled) entry.waiters = Number.POSITIVE_INFINITY; // wanted until it settles
    return entry.promise;
  }
  const shared = entry;
  shared.waiters += 1;
  return new Promise<T>((resolve, reject) => {
    const leave = () => {
      reject(solveAbandoned());
      shared.waiters -= 1;
      if (shared.waiters === 0 && !shared.settled) {
        if (cache.peek(key) === shared) cache.delete(key);
        shared.controller.abort();
      }
    };
    signal.addEventListener("abort", leave, { once: true });
    shared.promise.then(
      (value) => {
        signal.removeEventListener("abort", leave);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", leave);
        reject(error);
      },
    );
  });
}
