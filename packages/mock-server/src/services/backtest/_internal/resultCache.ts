import { LRUCache } from "lru-cache";
import { memoize, type ServiceContext } from "../../../app/ServiceContext.ts";
import type { BacktestInputBody } from "../../../schemas/backtest.ts";

/** Most characters of backtest response text kept per mock: about 1,900 five-year results of 10 holdings. */
export const RESULT_CACHE_CHARS = 32 * 1024 * 1024;

/**
 * The mock's backtest responses by request, least recently used evicted beyond
 * {@link RESULT_CACHE_CHARS} (keys and texts counted). A backtest is a pure function of its
 * request and of the fixtures, which never change within a mock (reset and fast-forward touch
 * only the store), so a kept text is exactly what a new run would write. Errors are not kept.
 *
 * @example
 * backtestResultCache(ctx).get(resultKey(input)) // => the response text, or undefined
 */
export function backtestResultCache(ctx: ServiceContext): LRUCache<string, string> {
  return memoize(
    ctx,
    "backtest:results",
    () => new LRUCache<string, string>({ maxSize: RESULT_CACHE_CHARS, sizeCalculation: (text, key) => text.length + key.length }),
  );
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
