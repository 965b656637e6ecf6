import type { Caller } from "../../context/ServiceContext.ts";
import type { Universe } from "../../_internal/fixtures.ts";
import type { PortfolioHoldingOut, PortfolioListItemOut, PortfolioOut } from "../../schemas/portfolio.ts";
import { marketLabel, sectorLabel } from "../_internal/referenceLabels.ts";
import type { PortfolioRecord } from "../../store/PortfolioRecord.ts";

const httpDate = (ms: number): string => new Date(ms).toUTCString();

/**
 * A portfolio list item (docs/parity.md#portfolio): HTTP-dates, `user_id` null unless `caller` owns it.
 *
 * @example
 * presentPortfolioItem(record, { userId: "someone else" }).user_id // => null
 */
export function presentPortfolioItem(p: PortfolioRecord, caller: Caller): PortfolioListItemOut {
  return {
    id: p.id,
    user_id: p.userId === caller.userId ? p.userId : null,
    name: p.name,
    public: p.public,
    created_at: httpDate(p.createdAt),
    updated_at: httpDate(p.updatedAt),
    tags: p.tags === null ? null : [...p.tags],
    source: p.source,
    metadata: p.metadata, // stored state is frozen: shared, not copied (a copy cannot be made of a store draft)
  };
}

/**
 * A portfolio with its holdings (docs/parity.md#portfolio): each holding's listing fields (symbol, exchange,
 * market) from its security, `name`, `market_cap`, `sector`, `industry` and `org_id` from the
 * owning company; holdings in stored order. A holding whose security is not in the universe
 * (impossible with validated fixtures) is left out.
 *
 * @example
 * presentPortfolio(universe, record, owner).holdings[0].org_id // => the company id of the first holding
 */
export function presentPortfolio(
  universe: Pick<Universe, "securityById" | "companyById">,
  p: PortfolioRecord,
  caller: Caller,
): PortfolioOut {
  const holdings: PortfolioHoldingOut[] = [];
  for (const h of p.holdings) {
    const security = universe.securityById.get(h.securityId);
    const company = security === undefined ? undefined : universe.companyById.get(security.companyId);
    if (security === undefined || company === undefined) continue;
    holdings.push({
      weight: h.weight,
      created_at: httpDate(h.createdAt),
      updated_at: httpDate(h.updatedAt),
      symbol: security.symbol,
      exchange: security.exchange,
      market: marketLabel(security.market),
      name: company.name,
      raw_payload: h.rawPayload, // frozen, shared (see metadata)
      security_id: security.id,
      org_id: company.id,
      market_cap: company.marketCap,
      sector: sectorLabel(company.sector),
      industry: company.industry,
    });
  }
  return { ...presentPortfolioItem(p, caller), holdings };
}
