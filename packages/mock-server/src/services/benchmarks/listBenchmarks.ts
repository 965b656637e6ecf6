import type { MemoAccess, UniverseAccess } from "../../context/contextParts.ts";
import type { BenchmarkOut } from "../../schemas/benchmark.ts";
import { isoDay, seriesRange } from "./_internal/seriesDates.ts";
import { benchmarkCatalogue } from "./benchmarkCatalogue.ts";

/**
 * The benchmarks a backtest accepts (`benchmarkCatalogue`): the fixtures' own, in their order,
 * then the real ETF and index symbols served with a fixture series (their descriptions say so),
 * with the first and last dates that have a close. A benchmark without price data is not listed.
 *
 * @example
 * listBenchmarks(ctx).benchmarks[0].symbol // => "SPY"
 */
export function listBenchmarks(ctx: UniverseAccess & MemoAccess): { benchmarks: BenchmarkOut[] } {
  const { calendar } = ctx.universe.prices;
  return {
    benchmarks: [...benchmarkCatalogue(ctx).values()].flatMap((b) => {
      const s = b.series;
      if (s.closes.length === 0) return [];
      const { first, last } = seriesRange(s);
      return [
        {
          symbol: b.symbol,
          name: b.name,
          description: b.description,
          first_date: isoDay(calendar[first]!),
          last_date: isoDay(calendar[last]!),
        },
      ];
    }),
  };
}
