import type { BacktestWindow } from "@thematic/engine";
import type { ServiceContext } from "../../app/ServiceContext.ts";
import type { BacktestInputBody } from "../../schemas/backtest.ts";
import { backtestResultCache, resultKey } from "./_internal/resultCache.ts";
import { backtestRun } from "./runBacktest.ts";

/** Per prepared window: the benchmark half's text and the `[t,` prefix of each point. */
const texts = new WeakMap<BacktestWindow, { benchmarkHalf: string; prefixes: string[] }>();

/**
 * The response text of `POST /v1/backtest`: exactly `JSON.stringify(runBacktest(ctx, input))`,
 * written without building the `[t, nav]` pairs. The benchmark's half of a result
 * (`benchmarkMetadata`, `benchmarkTimeSeries`) and the `[t,` text of each weekly point depend only
 * on the prepared window (benchmark, years): the fixture prices, the as-of date and the
 * risk-free rate (0) never change within a mock, so they are written once per window, at most
 * 13 × 20 of them, about 30 KB each for 20 years. Per request only the portfolio's metadata and
 * NAVs are formatted (`String(x)` is JSON's number text for a finite number; the NAVs are finite).
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
  const { window, portfolio } = backtestRun(ctx, input);
  let fixed = texts.get(window);
  if (fixed === undefined) {
    const t = window.timestamps;
    const b = window.benchmark;
    fixed = {
      benchmarkHalf: `"benchmarkMetadata":${JSON.stringify({ ...b.statistics, symbol: b.symbol })},"benchmarkTimeSeries":${JSON.stringify(Array.from(t, (ti, k) => [ti, b.nav[k]]))}`,
      prefixes: Array.from(t, (ti) => `[${JSON.stringify(ti)},`),
    };
    texts.set(window, fixed);
  }
  const { prefixes } = fixed;
  const nav = portfolio.nav;
  let series = "";
  for (let k = 0; k < nav.length; k++) series += (k === 0 ? "" : "],") + prefixes[k]! + String(nav[k]!);
  return `{"metadata":${JSON.stringify(portfolio.metadata)},"timeSeries":[${series}]],${fixed.benchmarkHalf}}`;
}
