import { memoize, type ServiceContext } from "../../app/ServiceContext.ts";
import type { BacktestInputBody } from "../../schemas/backtest.ts";
import { backtestResultCache, resultKey } from "./_internal/resultCache.ts";
import { runBacktest } from "./runBacktest.ts";

/**
 * The response text of `POST /v1/backtest`: exactly `JSON.stringify(runBacktest(ctx, input))`,
 * serialised in half the time. The benchmark's half of a result (`benchmarkMetadata`,
 * `benchmarkTimeSeries`) depends only on the benchmark and the number of years: the fixture prices,
 * the as-of date and the risk-free rate (0) never change within a mock. Its text is kept per
 * (benchmark, years) pair, at most 13 × 20 pairs, about 30 KB each for 20 years; the portfolio's
 * half is serialised on every request. Serialising 2 × 261 `[t, nav]` pairs is the largest cost
 * of a 5-year backtest request after the engine (about 100 µs, mostly number formatting).
 * A request seen before is answered from the mock's result cache (`_internal/resultCache.ts`:
 * kept on second sighting, least recently used first out, 32 M characters at most) without
 * running the engine.
 *
 * @throws as runBacktest
 * @example
 * JSON.parse(backtestJson(ctx, { holdings: [{ companyId, weight: 1 }], years: 5, benchmark: "SPY" })).benchmarkMetadata.symbol // => "SPY"
 */
export function backtestJson(ctx: ServiceContext, input: BacktestInputBody): string {
  const cache = backtestResultCache(ctx);
  const key = resultKey(input);
  const kept = cache.get(key);
  if (kept !== undefined) return kept;
  const text = serialise(ctx, input);
  cache.offer(key, text);
  return text;
}

function serialise(ctx: ServiceContext, input: BacktestInputBody): string {
  const { metadata, timeSeries, benchmarkMetadata, benchmarkTimeSeries } = runBacktest(ctx, input);
  const benchmarkHalf = memoize(
    ctx,
    `backtest:benchmark-json:${benchmarkMetadata.symbol}:${input.years}`,
    () => `"benchmarkMetadata":${JSON.stringify(benchmarkMetadata)},"benchmarkTimeSeries":${JSON.stringify(benchmarkTimeSeries)}`,
  );
  return `{"metadata":${JSON.stringify(metadata)},"timeSeries":${JSON.stringify(timeSeries)},${benchmarkHalf}}`;
}
