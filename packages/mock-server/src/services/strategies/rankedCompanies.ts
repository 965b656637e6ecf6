import { convictionScores, DEFAULT_SCORING_MIN_MARKET_CAP } from "@thematic/engine";
import type { Company, Constituent, Universe } from "../../_internal/fixtures.ts";
import type { CompanyOut } from "../../schemas/company.ts";
import { marketCapAsOf } from "../_internal/marketCapAsOf.ts";
import { presentCompany } from "../presenters/presentCompany.ts";

/** Options of {@link rankedCompanies}. */
export interface RankedCompaniesOptions {
  includeReasoning?: boolean | undefined;
  /** Companies below this market cap (USD) get convictionScore 0; default 500000000. */
  scoringMinMarketCap?: number | undefined;
  /** Score and report with the market caps of this date (a historical run; `marketCapAsOf`); default: the universe's. */
  asOfDate?: string | undefined;
}

/**
 * Constituents as contract companies (2.4), ranked by conviction score (engine
 * `convictionScores`), highest first, ties by name; constituents whose company is not in the
 * universe are skipped. With `asOfDate`, scored and reported with that date's market caps
 * (docs/maths.md#market-cap-as-of-a-date).
 *
 * @example
 * rankedCompanies(universe, constituents, {})[0].convictionScore >= rankedCompanies(universe, constituents, {})[1].convictionScore // => true
 */
export function rankedCompanies(
  universe: Pick<Universe, "companyById" | "prices">,
  constituents: readonly Constituent[],
  options: RankedCompaniesOptions,
): CompanyOut[] {
  const asOf = options.asOfDate;
  const rows = constituents
    .map((constituent) => ({ constituent, company: universe.companyById.get(constituent.companyId) }))
    .filter((r): r is { constituent: Constituent; company: Company } => r.company !== undefined)
    .map((r) =>
      asOf === undefined
        ? r
        : { ...r, company: { ...r.company, marketCap: marketCapAsOf(universe.prices, r.company, asOf) } },
    );
  const scores = convictionScores(
    rows.map((r) => ({
      linguisticBeta: r.constituent.linguisticBeta,
      marketBuzz: r.constituent.marketBuzz,
      marketCap: r.company.marketCap,
    })),
    { minMarketCap: options.scoringMinMarketCap ?? DEFAULT_SCORING_MIN_MARKET_CAP },
  );
  return rows
    .map((r, i) => presentCompany(r.company, r.constituent, round6(scores[i] ?? 0), options.includeReasoning === true))
    .sort((a, b) => (b.convictionScore ?? 0) - (a.convictionScore ?? 0) || a.name.localeCompare(b.name));
}

function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
