import type { UniverseAccess } from "../../context/contextParts.ts";
import type { CompanySearchResult } from "../../schemas/companySearch.ts";
import { searchEntries } from "./_internal/searchEntries.ts";

/** The most results a search returns, whatever `limit` (docs/parity.md#company-lookup, #limits). */
export const MAX_SEARCH_RESULTS = 10;

/**
 * Company lookup (docs/parity.md#company-lookup, #company-search-result): `query` (trimmed, case-insensitive) against the name and the
 * symbol, ISIN and FIGI of every active listing. A company's rank is its best key: 0 exact match,
 * 1 prefix, 2 other substring; then market cap descending, then id. Only companies with an active
 * listing, each with only its active listings, primary first. At most min(limit, 10) results.
 * Cost: O(C·K·|query|) for C companies of K keys (entries are built once per universe).
 *
 * @param query non-blank (the route rejects a blank one)
 * @param limit integer >= 1 (default 10)
 * @example
 * searchCompanies(ctx, "qbit", 10)[0].name // => "Qubit Labs"
 */
export function searchCompanies(ctx: UniverseAccess, query: string, limit = MAX_SEARCH_RESULTS): CompanySearchResult[] {
  const q = query.trim().toLowerCase();
  if (q.length === 0) return [];
  const hits: Array<{ rank: number; marketCap: number; id: string; result: CompanySearchResult }> = [];
  for (const entry of searchEntries(ctx)) {
    if (!entry.joined.includes(q)) continue;
    let rank = 3;
    for (const key of entry.keys) {
      if (key === q) {
        rank = 0;
        break;
      }
      if (rank > 1 && key.startsWith(q)) rank = 1;
      else if (rank > 2 && key.includes(q)) rank = 2;
    }
    if (rank < 3) hits.push({ rank, marketCap: entry.marketCap, id: entry.id, result: entry.result });
  }
  hits.sort((a, b) => a.rank - b.rank || b.marketCap - a.marketCap || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return hits.slice(0, Math.min(Math.max(1, Math.floor(limit)), MAX_SEARCH_RESULTS)).map((h) => h.result);
}
