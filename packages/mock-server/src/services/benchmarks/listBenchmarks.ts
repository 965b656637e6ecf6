import type { ServiceContext } from "../../app/ServiceContext.ts";
import type { BenchmarkOut } from "../../schemas/benchmark.ts";
import { isoDay, seriesRange } from "./_internal/seriesDates.ts";

/**
 * The benchmarks a backtest accepts, in the fixtures' order, with the first and last dates that
 * have a close. A benchmark without price data is not listed.
 *
 * @example
 * listBenchmarks(ctx).benchmarks[0].symbol // => "SPY"
 */
export function listBenchmarks(ctx: ServiceContext): { benchmarks: BenchmarkOut[] } {
  const { calendar, series } = ctx.universe.prices;
  return {
    benchmarks: ctx.universe.benchmarks.flatMap((b) => {
      const s = series.get(b.securityId);
      if (s === undefined || s.closes.length === 0) return [];
      const { first, last } = seriesRange(s);
      return [{ symbol: b.symbol, name: b.name, description: b.description, first_date: isoDay(calendar[first]!), last_date: isoDay(calendar[last]!) }];
    }),
  };
}
