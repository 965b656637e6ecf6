import type { PriceSeries, Security } from "../../_internal/fixtures.ts";
import { memoizeShared, type ServiceContext } from "../../app/ServiceContext.ts";
import { ApiError } from "../../errors/ApiError.ts";
import { findBenchmark } from "./findBenchmark.ts";

/** What a backtest compares against: the symbol as the service spells it and its daily closes. */
export interface ResolvedBenchmark {
  symbol: string;
  series: PriceSeries;
}

/** Active company listings by upper-case ticker (tickers are unique across venues in the fixtures). O(L) once per universe (`memoizeShared`). */
function activeListingsBySymbol(ctx: ServiceContext): ReadonlyMap<string, Security> {
  return memoizeShared(ctx, "benchmarks:listingsBySymbol", () => {
    const out = new Map<string, Security>();
    for (const company of ctx.universe.companies) {
      for (const s of company.securities) if (s.active && !out.has(s.symbol.toUpperCase())) out.set(s.symbol.toUpperCase(), s);
    }
    return out;
  });
}

/**
 * Resolves the `benchmark` of a backtest (contract 4.5: "any symbol"): a benchmark ETF of
 * GET /v1/benchmarks first ("spy" finds SPY), else the active listing of a company with that
 * ticker, case-insensitive ("nvda" finds NVDA), so a portfolio can be compared with a single
 * stock. A company listing is priced in its trading currency like every holding (the fixtures
 * have no FX).
 *
 * @throws ApiError 400 naming the field and where to look when the symbol is neither
 * @example
 * resolveBenchmarkSymbol(ctx, "tsla").symbol // => "TSLA"
 */
export function resolveBenchmarkSymbol(ctx: ServiceContext, symbol: string): ResolvedBenchmark {
  const { universe } = ctx;
  const benchmark = findBenchmark(ctx, symbol);
  const benchmarkSeries = benchmark === undefined ? undefined : universe.prices.series.get(benchmark.securityId);
  if (benchmark !== undefined && benchmarkSeries !== undefined) return { symbol: benchmark.symbol, series: benchmarkSeries };
  const listing = activeListingsBySymbol(ctx).get(symbol.trim().toUpperCase());
  const listingSeries = listing === undefined ? undefined : universe.prices.series.get(listing.id);
  if (listing !== undefined && listingSeries !== undefined) return { symbol: listing.symbol, series: listingSeries };
  throw new ApiError(
    400,
    `body.benchmark: unknown symbol "${symbol}": use a benchmark ETF (GET /v1/benchmarks lists them: ${universe.benchmarks.map((b) => b.symbol).join(", ")}) or the ticker of an active listing (POST /v1/helper/companies/search finds it)`,
  );
}
