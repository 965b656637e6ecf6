import { type ExcludedCompany, type ReturnScenarios, scenariosFromPrices } from "@thematic/engine";
import type { Universe } from "../../_internal/fixtures.ts";
import { ApiError } from "../../errors/ApiError.ts";

/**
 * Look-back of both optimizers: 756 daily returns (3 years of 252 trading days), enough tail
 * days for a 95% CVaR (about 38) while keeping companies listed in the last five years (the
 * engine's default is 1260).
 */
export const OPTIMIZER_LOOKBACK_DAYS = 756;

/**
 * Daily return scenarios of `companyIds` (columns keyed by company id) from the prices of each
 * company's primary listing (the first listing when none is primary), over the
 * {@link OPTIMIZER_LOOKBACK_DAYS} ending on `universe.asOf`. Companies without a close on every
 * day of the window are returned in `excluded` with the reason.
 *
 * Cost: O(T·n).
 * @throws ApiError 400 when no company has a full price history over the window
 * @example
 * strategyScenarios(loadUniverse(), ids).scenarios.periods // => 756
 */
export function strategyScenarios(
  universe: Pick<Universe, "companyById" | "prices" | "asOf">,
  companyIds: readonly string[],
): { scenarios: ReturnScenarios; excluded: ExcludedCompany[] } {
  const byCompany = new Map<string, { start: number; closes: Float64Array }>();
  for (const id of companyIds) {
    const company = universe.companyById.get(id);
    const listing = company?.securities.find((s) => s.isPrimary) ?? company?.securities[0];
    const series = listing === undefined ? undefined : universe.prices.series.get(listing.id);
    if (series !== undefined) byCompany.set(id, series);
  }
  const asOf = Date.parse(`${universe.asOf}T00:00:00Z`) / 1000;
  const result = scenariosFromPrices(universe.prices.calendar, byCompany, companyIds, {
    lookbackDays: OPTIMIZER_LOOKBACK_DAYS,
    asOf,
  });
  if (result.scenarios.assetIds.length === 0) {
    throw new ApiError(
      400,
      `none of the ${companyIds.length} companies considered has a price on every day of the ${result.scenarios.periods}-day look-back window; the optimizer needs price history`,
    );
  }
  return result;
}
