import { type BacktestHolding, buyAndHoldBacktest, type PriceSeries } from "@thematic/engine";
import type { ServiceContext } from "../../app/ServiceContext.ts";
import type { BacktestInputBody, BacktestResultOut } from "../../schemas/backtest.ts";
import { resolveBenchmarkSymbol } from "../benchmarks/resolveBenchmarkSymbol.ts";
import { universeCalendar } from "../_internal/universeCalendar.ts";
import { tradeableListing } from "./_internal/tradeableListing.ts";

/**
 * Buy-and-hold backtest of company holdings (contract 4.5, 2.10; real-service notes "Backtest"):
 * each company id is resolved to its primary active listing (a delisted company to its last
 * primary listing, so the engine converts it to cash at its last close with a warning); unknown
 * companies are passed through unresolved and dropped by the engine with a warning naming the
 * company id. Engine `buyAndHoldBacktest` over the fixture prices and the universe's prepared
 * trading calendar (`universeCalendar`), window ending on the fixtures' as-of date, weekly points,
 * NAV from 10000, benchmark rebased on the same dates. Warnings name company ids (the holdings
 * are keyed by company id). Nothing is cached per request.
 * Cost: O(log D + H·W) (engine) for D calendar days, H holdings, W weekly points.
 *
 * The benchmark is any listed symbol: a benchmark ETF or a company ticker (`resolveBenchmarkSymbol`).
 *
 * @throws ApiError 400 when the benchmark symbol is neither a benchmark ETF nor an active company ticker
 * @throws EngineError (→ 400) INSUFFICIENT_DATA, NO_RESOLVABLE_HOLDINGS (no company can be priced), INVALID_INPUT
 * @example
 * runBacktest(ctx, { holdings: [{ companyId, weight: 1 }], years: 1, benchmark: "SPY" }).timeSeries[0][1] // => 10000
 */
export function runBacktest(ctx: ServiceContext, input: BacktestInputBody): BacktestResultOut {
  const { universe } = ctx;
  const benchmark = resolveBenchmarkSymbol(ctx, input.benchmark);
  const prices = new Map<string, PriceSeries>();
  const holdings: BacktestHolding[] = input.holdings.map((h) => {
    const company = universe.companyById.get(h.companyId);
    const listing = company === undefined ? undefined : tradeableListing(company);
    const series = listing === undefined ? undefined : universe.prices.series.get(listing.id);
    if (series !== undefined) prices.set(h.companyId, series);
    return { id: h.companyId, weight: h.weight };
  });
  return buyAndHoldBacktest({
    calendar: universeCalendar(universe.prices),
    holdings,
    prices,
    benchmark,
    years: input.years,
    asOf: Date.parse(`${universe.asOf}T00:00:00Z`) / 1000,
  });
}
