import type { UniverseAccess } from "../../context/contextParts.ts";
import { DEFAULT_SCORING_MIN_MARKET_CAP } from "@thematic/engine";
import type { CompanyOut } from "../../schemas/company.ts";
import { findPremade } from "./findPremade.ts";
import { type CachedHoldings, cachedHoldings, holdingsCache } from "./_internal/holdingsCache.ts";
import { type HoldingRow, rankHoldings } from "./_internal/rankHoldings.ts";

/** Options of {@link premadeCompanies}. */
export interface PremadeCompaniesOptions {
  /** Add `reasoning` to each company (default false: the key is absent). */
  includeReasoning?: boolean | undefined;
  /** Companies below this market cap (USD) get convictionScore 0; default 500000000. */
  scoringMinMarketCap?: number | undefined;
}

/**
 * The current companies of a premade strategy (docs/parity.md#premade-strategy-endpoints), conviction ranked (ties by id),
 * shape 2.4 with the primary active listing. Ranked lists are kept in a bounded LRU cache per
 * (strategy, scoringMinMarketCap, includeReasoning); callers must not mutate the result.
 * Cost: O(n log n) on a miss, O(1) on a hit.
 *
 * @throws ApiError 404 when no premade strategy has that id
 * @throws EngineError INVALID_INPUT (→ 400) for a bad scoringMinMarketCap (the route validates it first)
 * @example
 * premadeCompanies(ctx, premade.id, {})[0].convictionScore // => the highest score
 */
export function premadeCompanies(ctx: UniverseAccess, id: string, options: PremadeCompaniesOptions = {}): CompanyOut[] {
  return premadeCompaniesCached(ctx, id, options).companies;
}

/**
 * {@link premadeCompanies} with its JSON text (serialised once per cache entry), for the route.
 *
 * @throws ApiError 404 when no premade strategy has that id
 * @example
 * JSON.parse(premadeCompaniesCached(ctx, premade.id, {}).json).length // => premade.constituents.length
 */
export function premadeCompaniesCached(
  ctx: UniverseAccess,
  id: string,
  options: PremadeCompaniesOptions = {},
): CachedHoldings {
  const p = findPremade(ctx, id);
  const minCap = options.scoringMinMarketCap ?? DEFAULT_SCORING_MIN_MARKET_CAP;
  const withReasoning = options.includeReasoning === true;
  return holdingsCache(ctx).memo(`current|${p.id}|${minCap}|${withReasoning}`, {
    context: () => {
      const rows: HoldingRow[] = [];
      for (const constituent of p.constituents) {
        const company = ctx.universe.companyById.get(constituent.companyId);
        if (company !== undefined) rows.push({ company, constituent });
      }
      return cachedHoldings(rankHoldings(rows, minCap, withReasoning));
    },
  });
}
