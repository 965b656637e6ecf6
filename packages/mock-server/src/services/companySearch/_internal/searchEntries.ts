import type { UniverseAccess } from "../../../context/contextParts.ts";
import type { Company, Security } from "../../../_internal/fixtures.ts";
import { memoizeShared } from "../../../context/memoize.ts";
import { marketLabel, sectorLabel } from "../../_internal/referenceLabels.ts";
import type { CompanySearchResult } from "../../../schemas/companySearch.ts";

/** One searchable company: its lower-cased keys (name; symbol, ISIN, FIGI when known, of each active listing) and its presented result. */
export interface SearchEntry {
  keys: string[];
  /** The keys joined by NUL: one `includes` rejects most entries before they are ranked. */
  joined: string;
  marketCap: number;
  id: string;
  result: CompanySearchResult;
}

/** Active listings of `company`, primary first (then the fixtures' order). */
function activeSecurities(company: Company): Security[] {
  return company.securities.filter((s) => s.active).sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary));
}

/**
 * The search entries of the universe, built once per universe (`memoizeShared`: shared by every session): companies with at least one active
 * listing (the others are never returned), each with its presented result (docs/parity.md#company-search-result). O(C) once.
 *
 * @example
 * searchEntries(ctx).every((e) => e.result.securities.length > 0) // => true
 */
export function searchEntries(ctx: UniverseAccess): SearchEntry[] {
  return memoizeShared(ctx, "companySearch:entries", () =>
    ctx.universe.companies.flatMap((company) => {
      const securities = activeSecurities(company);
      if (securities.length === 0) return [];
      const keys = [
        company.name,
        ...securities.flatMap((s) => (s.figi === null ? [s.symbol, s.isin] : [s.symbol, s.isin, s.figi])),
      ].map((k) => k.toLowerCase());
      return [
        {
          keys,
          joined: keys.join("\u0000"),
          marketCap: company.marketCap,
          id: company.id,
          result: {
            id: company.id,
            name: company.name,
            securities: securities.map((s) => ({
              is_primary: s.isPrimary,
              symbol: s.symbol,
              isin: s.isin,
              figi: s.figi,
              market: marketLabel(s.market),
              exchange: s.exchange,
            })),
            market_cap: company.marketCap,
            sector: sectorLabel(company.sector),
            industry: company.industry,
          },
        },
      ];
    }),
  );
}
