import { buyAndHoldBacktest, isEngineError } from "@thematic/engine";
import type { Universe } from "../../_internal/fixtures.ts";
import type { CompanyOut } from "../../schemas/company.ts";
import type { Performance } from "../../schemas/performance.ts";
import { universeCalendar } from "../_internal/universeCalendar.ts";
import { navCents } from "../_internal/navCents.ts";
import { withServiceSharpe } from "../_internal/withServiceSharpe.ts";

/**
 * The conviction-weighted buy-and-hold NAV of ranked companies (real-service notes: a strategy's
 * performance "starts at 10000"): engine `buyAndHoldBacktest` over the last `years` to the
 * universe's last price date, each company's primary listing weighted by its conviction score
 * (equal weights when every score is 0), against SPY (or the first benchmark); weekly
 * `[unixSeconds, nav]` points, NAV rounded to cents as the service answers (`navCents`,
 * docs/maths.md#nav-in-responses), the Sharpe ratio as the service reports it (`withServiceSharpe`,
 * docs/maths.md#service-sharpe-ratio). Null when nothing can be priced or the window is too short (the
 * engine's INSUFFICIENT_DATA / NO_RESOLVABLE_HOLDINGS).
 *
 * @example
 * convictionNav(universe, companies, 1)?.timeSeries[0]?.[1] // => 10000
 */
export function convictionNav(
  universe: Pick<Universe, "companyById" | "prices" | "benchmarks" | "benchmarkBySymbol">,
  companies: readonly CompanyOut[],
  years: number,
): Performance | null {
  const benchmark = universe.benchmarkBySymbol.get("SPY") ?? universe.benchmarks[0];
  const benchmarkSeries = benchmark === undefined ? undefined : universe.prices.series.get(benchmark.securityId);
  if (companies.length === 0 || benchmark === undefined || benchmarkSeries === undefined) return null;
  const allZero = companies.every((c) => (c.convictionScore ?? 0) === 0);
  const holdings = companies.flatMap((c) => {
    const company = universe.companyById.get(c.id);
    const listing = company?.securities.find((s) => s.isPrimary) ?? company?.securities[0];
    return listing === undefined ? [] : [{ id: listing.id, weight: allZero ? 1 : (c.convictionScore ?? 0) }];
  });
  if (holdings.length === 0) return null;
  try {
    const result = buyAndHoldBacktest({
      calendar: universeCalendar(universe.prices),
      holdings,
      prices: universe.prices.series,
      benchmark: { symbol: benchmark.symbol, series: benchmarkSeries },
      years,
    });
    const { warnings: _warnings, ...metadata } = result.metadata;
    return { timeSeries: result.timeSeries.map(([t, v]) => [t, navCents(v)]), metadata: withServiceSharpe(metadata) };
  } catch (error) {
    if (isEngineError(error, "INSUFFICIENT_DATA") || isEngineError(error, "NO_RESOLVABLE_HOLDINGS")) return null;
    throw error;
  }
}
