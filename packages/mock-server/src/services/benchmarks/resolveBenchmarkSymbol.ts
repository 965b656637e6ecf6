import type { MemoAccess, UniverseAccess } from "../../context/contextParts.ts";
import type { PriceSeries, Security } from "../../_internal/fixtures.ts";
import { memoizeShared } from "../../context/memoize.ts";
import { ApiError } from "../../errors/ApiError.ts";
import { findBenchmark } from "./findBenchmark.ts";
import { benchmarkCatalogue } from "./benchmarkCatalogue.ts";
import { closestNames } from "../../_internal/closestNames.ts";

/** What a backtest compares against: the symbol as the service spells it and its daily closes. */
export interface ResolvedBenchmark {
  symbol: string;
  series: PriceSeries;
}

/** Active company listings by upper-case ticker (tickers are unique across venues in the fixtures). O(L) once per universe (`memoizeShared`). */
function activeListingsBySymbol(ctx: UniverseAccess): ReadonlyMap<string, Security> {
  return memoizeShared(ctx, "benchmarks:listingsBySymbol", () => {
    const out = new Map<string, Security>();
    for (const company of ctx.universe.companies) {
      for (const s of company.securities)
        if (s.active && !out.has(s.symbol.toUpperCase())) out.set(s.symbol.toUpperCase(), s);
    }
    return out;
  });
}

/**
 * Resolves the `benchmark` of a backtest (docs/parity.md#backtest-endpoint: "any symbol"): a benchmark of
 * GET /v1/benchmarks first (`benchmarkCatalogue`: the fixture ETFs and the real ETF and index
 * symbols served with fixture series; "spy" finds SPY, "^gspc" ^GSPC), else the active listing of a company with that
 * ticker, case-insensitive ("nvda" finds NVDA), so a portfolio can be compared with a single
 * stock. A company listing is priced in its trading currency like every holding (the fixtures
 * have no FX).
 *
 * @throws ApiError 400 naming the field, the closest known symbols and where to look when the symbol is neither
 * @example
 * resolveBenchmarkSymbol(ctx, "tsla").symbol // => "TSLA"
 */
export function resolveBenchmarkSymbol(ctx: UniverseAccess & MemoAccess, symbol: string): ResolvedBenchmark {
  const { universe } = ctx;
  const benchmark = findBenchmark(ctx, symbol);
  if (benchmark !== undefined) return { symbol: benchmark.symbol, series: benchmark.series };
  const listing = activeListingsBySymbol(ctx).get(symbol.trim().toUpperCase());
  const listingSeries = listing === undefined ? undefined : universe.prices.series.get(listing.id);
  if (listing !== undefined && listingSeries !== undefined) return { symbol: listing.symbol, series: listingSeries };
  const catalogue = [...benchmarkCatalogue(ctx).values()].map((b) => b.symbol);
  const near = closestNames(symbol, [...catalogue, ...activeListingsBySymbol(ctx).keys()]);
  throw new ApiError(
    400,
    `body.benchmark: unknown symbol "${symbol}"${near.length > 0 ? `; closest: ${near.join(", ")}` : ""}. Send a benchmark ETF or index (GET /v1/benchmarks lists all ${catalogue.length}, e.g. ${catalogue.slice(0, 5).join(", ")}) or the ticker of an active listing (POST /v1/helper/companies/search finds it)`,
  );
}
