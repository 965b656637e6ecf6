import type { Constituent, Universe } from "../../_internal/fixtures.ts";
import type { Performance } from "../../schemas/performance.ts";
import { rankedCompanies } from "../strategies/rankedCompanies.ts";
import { convictionNav } from "./convictionNav.ts";

/** Length of the performance sparkline, years. */
export const PERFORMANCE_YEARS = 1;

/**
 * A strategy's `performance` (docs/parity.md#performance-object; real-service notes: "a conviction-weighted NAV series
 * that starts at 10000"): engine `buyAndHoldBacktest` over the last {@link PERFORMANCE_YEARS}
 * year(s) to the universe's last price date, holding each constituent's primary listing with
 * weight proportional to its conviction score (equal weights when every score is 0), against
 * SPY (or the first benchmark). Weekly `[unixSeconds, nav]` points. Null when no constituent can
 * be priced or the window is too short (the engine's INSUFFICIENT_DATA / NO_RESOLVABLE_HOLDINGS).
 *
 * @example
 * strategyPerformance(universe, constituents)?.timeSeries[0]?.[1] // => 10000
 */
export function strategyPerformance(
  universe: Pick<Universe, "companyById" | "prices" | "benchmarks" | "benchmarkBySymbol">,
  constituents: readonly Constituent[],
): Performance | null {
  return convictionNav(universe, rankedCompanies(universe, constituents, {}), PERFORMANCE_YEARS);
}
