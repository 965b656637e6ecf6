import { buyAndHoldBacktest, isEngineError } from "@thematic/engine";
import type { Constituent, Universe } from "../../_internal/fixtures.ts";
import type { Performance } from "../../schemas/performance.ts";
import { rankedCompanies } from "../strategies/rankedCompanies.ts";
import { universeCalendar } from "../_internal/universeCalendar.ts";

/** Length of the performance sparkline, years. */
export const PERFORMANCE_YEARS = 1;

/**
 * A strategy's `performance` (contract 2.3; real-service notes: "a conviction-weighted NAV series
 * that starts at 10000"): engine `buyAndHoldBacktest` over the last {@link PERFORMANCE_YEARS}
 * year(s) to the universe's last price date, holding each constituent's primary listing with
 * weight proportional to its conviction score (equal weights when every score is 0), against
 * SPY (or the first benchmark). Weekly `[unixSeconds, nav]` points. Null when no constituent can
 * be priced or the window is too short (the engine's INSUFFICIENT_DATA / NO_RESOLVABLE_HOLDINGS).
 *
 * @example
 * strategyPerformance(universe, constituents)?.timeSeries[0]?.[1] // => 10000
 */
export function strategyPerformance(universe: Pick<Universe, "companyById" | "prices" | "benchmarks" | "benchmarkBySymbol">, constituents: readonly Constituent[]): Performance | null {
  const companies = rankedCompanies(universe, constituents, {});
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
      years: PERFORMANCE_YEARS,
    });
    const { warnings: _warnings, ...metadata } = result.metadata;
    return { timeSeries: result.timeSeries.map(([t, v]) => [t, v]), metadata };
  } catch (error) {
    if (isEngineError(error, "INSUFFICIENT_DATA") || isEngineError(error, "NO_RESOLVABLE_HOLDINGS")) return null;
    throw error;
  }
}
