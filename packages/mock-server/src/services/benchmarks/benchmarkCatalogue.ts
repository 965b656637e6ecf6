import type { MemoAccess, UniverseAccess } from "../../context/contextParts.ts";
import type { PriceSeries } from "../../_internal/fixtures.ts";
import { memoize } from "../../context/memoize.ts";
import { REFERENCE_BENCHMARKS } from "./referenceBenchmarks.ts";

/** One benchmark the mock serves: its record and its daily closes on the universe's calendar. */
export interface CatalogueBenchmark {
  symbol: string;
  name: string;
  description: string;
  series: PriceSeries;
}

/**
 * Every benchmark of a context by upper-case symbol, in listing order: the universe's benchmarks
 * (their own synthetic series), then the {@link REFERENCE_BENCHMARKS} whose proxy the universe
 * has, each served with its proxy's series (a distinct series object, so per-series caches keep
 * its own symbol) and a description that says the prices are synthetic. Built once per context.
 *
 * @example
 * benchmarkCatalogue(ctx).get("VOO")?.description.includes("synthetic") // => true
 */
export function benchmarkCatalogue(ctx: UniverseAccess & MemoAccess): ReadonlyMap<string, CatalogueBenchmark> {
  return memoize(ctx, "benchmarks:catalogue", () => {
    const out = new Map<string, CatalogueBenchmark>();
    const { series } = ctx.universe.prices;
    for (const b of ctx.universe.benchmarks) {
      const s = series.get(b.securityId);
      if (s !== undefined)
        out.set(b.symbol.toUpperCase(), { symbol: b.symbol, name: b.name, description: b.description, series: s });
    }
    for (const ref of REFERENCE_BENCHMARKS) {
      const proxy = out.get(ref.proxy);
      if (proxy === undefined || out.has(ref.symbol)) continue;
      out.set(ref.symbol, {
        symbol: ref.symbol,
        name: ref.name,
        description: `Tracks ${ref.tracks}. Mock data: synthetic prices, the fixture series of ${proxy.symbol}.`,
        series: { start: proxy.series.start, closes: proxy.series.closes },
      });
    }
    return out;
  });
}
