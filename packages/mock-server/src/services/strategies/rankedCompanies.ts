import { convictionScores, DEFAULT_SCORING_MIN_MARKET_CAP } from "@thematic/engine";
import type { Company, Constituent, Universe } from "../../_internal/fixtures.ts";
import type { CompanyOut } from "../../schemas/company.ts";
import { presentCompany } from "../presenters/presentCompany.ts";

/** Options of {@link rankedCompanies}. */
export interface RankedCompaniesOptions {
  includeReasoning?: boolean | undefined;
  /** Companies below this market cap (USD) get convictionScore 0; default 500000000. */
  scoringMinMarketCap?: number | undefined;
}

/**
 * Constituents as contract companies (2.4), ranked by conviction score (engine
 * `convictionScores`), highest first, ties by name; constituents whose company is not in the
 * universe are skipped.
 *
 * @example
 * rankedCompanies(universe, constituents, {})[0].convictionScore >= rankedCompanies(universe, constituents, {})[1].convictionScore // => true
 */
export function rankedCompanies(universe: Pick<Universe, "companyById">, constituents: readonly Constituent[], options: RankedCompaniesOptions): CompanyOut[] {
  const rows = constituents
    .map((constituent) => ({ constituent, company: universe.companyById.get(constituent.companyId) }))
    .filter((r): r is { constituent: Constituent; company: Company } => r.company !== undefined);
  const scores = convictionScores(
    rows.map((r) => ({ linguisticBeta: r.constituent.linguisticBeta, marketBuzz: r.constituent.marketBuzz, marketCap: r.company.marketCap })),
    { minMarketCap: options.scoringMinMarketCap ?? DEFAULT_SCORING_MIN_MARKET_CAP },
  );
  return rows
    .map((r, i) => presentCompany(r.company, r.constituent, round6(scores[i] ?? 0), options.includeReasoning === true))
    .sort((a, b) => (b.convictionScore ?? 0) - (a.convictionScore ?? 0) || a.name.localeCompare(b.name));
}

function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
