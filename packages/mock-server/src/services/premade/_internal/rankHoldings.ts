import { convictionScores } from "@thematic/engine";
import type { Company, Constituent } from "../../../_internal/fixtures.ts";
import type { CompanyOut } from "../../../schemas/company.ts";
import { presentCompany } from "../../presenters/presentCompany.ts";
import { marketLabel } from "../../_internal/referenceLabels.ts";
import { activeListing } from "./activeListing.ts";

/** A constituent (signals, optional reasoning) joined to its company. */
export interface HoldingRow {
  company: Company;
  constituent: Constituent;
}

/**
 * Rows as contract companies (2.4): `convictionScore` from the engine's `convictionScores` over
 * these rows (size-neutral buzz is a cross-section statistic: the set matters), companies below
 * `minMarketCap` scoring 0; symbol, ISIN, exchange, market, FIGI and MIC of the primary active
 * listing; ranked by conviction descending, ties by id. O(n log n).
 *
 * @throws EngineError INVALID_INPUT (→ 400) when a signal or `minMarketCap` breaks the engine's rules
 * @example
 * rankHoldings(rows, 5e8, false)[0].convictionScore // => the highest score of the rows
 */
export function rankHoldings(
  rows: readonly HoldingRow[],
  minMarketCap: number,
  includeReasoning: boolean,
): CompanyOut[] {
  const scores = convictionScores(
    rows.map((r) => ({
      linguisticBeta: r.constituent.linguisticBeta,
      marketBuzz: r.constituent.marketBuzz,
      marketCap: r.company.marketCap,
    })),
    { minMarketCap },
  );
  return rows
    .map((r, i) => {
      const out = presentCompany(r.company, r.constituent, scores[i] ?? 0, includeReasoning);
      const listing = activeListing(r.company);
      if (listing !== undefined) {
        out.symbol = listing.symbol;
        out.isin = listing.isin;
        out.exchange = listing.exchange;
        out.market = marketLabel(listing.market);
        out.figi = listing.figi;
        out.mic = listing.mic;
      }
      return out;
    })
    .sort((a, b) => (b.convictionScore ?? 0) - (a.convictionScore ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
