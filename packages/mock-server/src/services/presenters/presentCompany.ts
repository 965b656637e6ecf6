import type { Company, Constituent } from "../../_internal/fixtures.ts";
import type { CompanyOut } from "../../schemas/company.ts";
import { marketLabel, sectorLabel } from "../_internal/referenceLabels.ts";

/**
 * A strategy holding in the contract's shape (2.4) from a company, its constituent signals and
 * its conviction score; the primary listing supplies symbol, exchange, ISIN, FIGI and MIC.
 * Sector and market carry the service's labels (`sectorLabel`, `marketLabel`).
 * `reasoning` is present only when `includeReasoning`.
 *
 * @example
 * presentCompany(company, constituent, 0.7, false).convictionScore // => 0.7
 */
export function presentCompany(
  company: Company,
  constituent: Constituent,
  convictionScore: number,
  includeReasoning: boolean,
): CompanyOut {
  const listing = company.securities.find((s) => s.isPrimary) ?? company.securities[0];
  const out: CompanyOut = {
    id: company.id,
    symbol: listing?.symbol ?? "",
    name: company.name,
    isin: listing?.isin ?? null,
    exchange: listing?.exchange ?? "",
    market: listing === undefined ? null : marketLabel(listing.market),
    sector: sectorLabel(company.sector),
    industry: company.industry,
    marketCap: company.marketCap,
    volAvg: company.volAvg,
    linguisticBeta: constituent.linguisticBeta,
    marketBuzz: constituent.marketBuzz,
    active: company.active,
    figi: listing?.figi ?? null,
    mic: listing?.mic ?? null,
    convictionScore,
  };
  if (includeReasoning) out.reasoning = constituent.reasoning;
  return out;
}
