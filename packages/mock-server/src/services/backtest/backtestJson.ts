import type { MemoAccess, UniverseAccess } from "../../context/contextParts.ts";
import type { BacktestWindow } from "@thematic/engine";
import type { BacktestInputBody } from "../../schemas/backtest.ts";
import { backtestResultCache, resultKey } from "./_internal/resultCache.ts";
import { backtestRun } from "./runBacktest.ts";
import { navCents } from "../_internal/navCents.ts";
import { withServiceSharpe } from "../_internal/withServiceSharpe.ts";
import { pointsTextWriter, type PointsTextWriter } from "./_internal/pointsTextWriter.ts";

/** Per prepared window: the benchmark half's text and the writer of the portfolio's points. */
const texts = new WeakMap<BacktestWindow, { benchmarkHalf: string; points: PointsTextWriter }>();

/**
 * The response text of `POST /v1/backtest`: exactly `JSON.stringify(runBacktest(ctx, input))`,
 * written without building the `[t, nav]` pairs. The benchmark's half of a result
 * (`benchmarkMetadata`, `benchmarkTimeSeries`) and the `[t,` text of each weekly point depend only
 * on the prepared window (benchmark, years): the fixture prices, the as-of date and the
 * risk-free rate (0) never change within a mock, so they are written once per window, at most
 * 13 × 20 of them, about 30 KB each for 20 years. Per request only the portfolio's metadata and
 * NAVs are formatted, by the window's `pointsTextWriter` (the NAV rounded to cents, its digits
 * written from integers into bytes: formatting doubles was most of an uncached request's time).
 * A request seen before is answered from the mock's result cache (`_internal/resultCache.ts`:
 * kept on second sighting, least recently used first out, 32 M characters at most) without
 * running the engine.
 *
 * @throws as runBacktest
 * @example
 * JSON.parse(backtestJson(ctx, { holdings: [{ companyId, weight: 1 }], years: 5, benchmark: "SPY" })).benchmarkMetadata.symbol // => "SPY"
 */
export function backtestJson(ctx: UniverseAccess & MemoAccess, input: BacktestInputBody): string {
  const cache = backtestResultCache(ctx);
  const key = resultKey(input);
  const kept = cache.get(key);
  if (kept !== undefined) return kept;
  const text = serialise(ctx, input);
  cache.offer(key, text);
  return text;
}

/**
 * The NAV scratch of `serialise`, one per length: the NAV is written out before the next run
 * (serialising is synchronous), so no Float64Array (memory outside V8's heap) is made per request.
 */
const navScratch = new Map<number, Float64Array>();
const scratchOf = (length: number): Float64Array => {
  let nav = navScratch.get(length);
  if (nav === undefined) navScratch.set(length, (nav = new Float64Array(length)));
  return nav;
};

function serialise(ctx: UniverseAccess & MemoAccess, input: BacktestInputBody): string {
  const { window, portfolio } = backtestRun(ctx, input, scratchOf);
  let fixed = texts.get(window);
  if (fixed === undefined) {
    const t = window.timestamps;
    const b = window.benchmark;
    fixed = {
      benchmarkHalf: `"benchmarkMetadata":${JSON.stringify({ ...withServiceSharpe(b.statistics), symbol: b.symbol })},"benchmarkTimeSeries":${JSON.stringify(Array.from(t, (ti, k) => [ti, navCents(b.nav[k]!)]))}`,
      points: pointsTextWriter(t),
    };
    texts.set(window, fixed);
  }
  return `{"metadata":${JSON.stringify(withServiceSharpe(portfolio.metadata))},"timeSeries":[${fixed.points(portfolio.nav)}],${fixed.benchmarkHalf}}`;
}
