import type { ReadContext } from "../../context/contextParts.ts";
import type { Caller } from "../../context/ServiceContext.ts";
import type { Performance } from "../../schemas/performance.ts";
import { strategyCompanies } from "../strategies/strategyCompanies.ts";
import { convictionNav } from "./convictionNav.ts";

/** Window of the performance report, years (the reference's example series spans about five years). */
export const PERFORMANCE_REPORT_YEARS = 5;

/** Options of {@link strategyPerformanceReport} (v1 `top`, `min_market_cap`). */
export interface PerformanceReportOptions {
  /** How many companies, by conviction, the NAV holds; default 30. */
  top: number;
  /** Companies below this market cap (USD) are left out; default 0. */
  minMarketCap: number;
}

/**
 * A user strategy's performance (real v1 reference "GET /strategies/{id}/performance"): the
 * conviction-weighted buy-and-hold NAV (`convictionNav`, from 10000, weekly) of its top `top`
 * companies by conviction among those with a market cap of at least `minMarketCap`, over the
 * last {@link PERFORMANCE_REPORT_YEARS} years; metadata `returns`, `annualizedReturn`,
 * `variance`, `sharpeRatio`, `maxDrawdown`, `stockCount`, `weekCount` as for a backtest. An empty
 * series and metadata while the strategy has no finished build or no company qualifies.
 *
 * @throws ApiError 404 when the strategy is absent, archived or invisible
 * @example
 * strategyPerformanceReport(ctx, alice, id, { top: 30, minMarketCap: 0 }).timeSeries[0]?.[1] // => 10000
 */
export function strategyPerformanceReport(
  ctx: ReadContext,
  caller: Caller,
  id: string,
  options: PerformanceReportOptions,
): Performance | { metadata: Record<string, never>; timeSeries: [] } {
  const companies = strategyCompanies(ctx, caller, id, {})
    .filter((c) => (c.marketCap ?? 0) >= options.minMarketCap)
    .slice(0, options.top);
  return convictionNav(ctx.universe, companies, PERFORMANCE_REPORT_YEARS) ?? { metadata: {}, timeSeries: [] };
}
