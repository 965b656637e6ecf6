import type { UniverseAccess } from "../../context/contextParts.ts";
import { marketCapAsOf } from "../_internal/marketCapAsOf.ts";
import { companySummaries } from "../strategies/companySummaries.ts";

/** The v1 strategy fields describing a finished build's companies (docs/parity.md#strategy-v1). */
export interface BuildEnvelope {
  /** One-year growth of the companies' combined market cap (the fixtures carry no revenue). */
  growth: number;
  /** Exchanges of the companies' primary listings, sorted. */
  exchanges: string[];
  /** Maximum number of companies the build keeps. */
  limit: number;
  /** Smallest market cap (USD) among the companies. */
  minMarketCap: number;
  /** Largest market cap (USD) among the companies. */
  maxMarketCap: number;
  /** Fewest evidence summaries behind one company. */
  minEvidenceCount: number;
}

/**
 * The v1 strategy fields `growth`, `exchanges`, `limit`, `min_market_cap`, `max_market_cap` and
 * `min_evidence_count` of a finished build (docs/parity.md, v1 row 2). The mock selects by
 * relevance only, so the filters are reported as the envelope of what the build kept: filtering
 * the companies by these exchanges, market-cap bounds and evidence count keeps every one of them,
 * and `limit` is the cap the build applied. `growth` (deprecated in the contract: revenue growth
 * of the strategy's companies) is the one-year growth of their combined market cap, the fixtures
 * having no revenue: Σ cap(as-of) / Σ cap(as-of − 1 year) − 1 (`marketCapAsOf`). Null when the
 * build kept no company (the presenters then send null, as before a build finishes).
 *
 * @example
 * buildEnvelope(ctx, [qbitId, cryoId], 40)?.limit // => 40
 */
export function buildEnvelope(ctx: UniverseAccess, companyIds: readonly string[], limit: number): BuildEnvelope | null {
  const { universe } = ctx;
  const companies = companyIds.flatMap((id) => {
    const c = universe.companyById.get(id);
    return c === undefined ? [] : [c];
  });
  if (companies.length === 0) return null;
  const yearAgo = `${Number(universe.asOf.slice(0, 4)) - 1}${universe.asOf.slice(4)}`;
  let now = 0;
  let then = 0;
  let minCap = Infinity;
  let maxCap = 0;
  let minEvidence = Infinity;
  const exchanges = new Set<string>();
  for (const c of companies) {
    now += c.marketCap;
    then += marketCapAsOf(universe.prices, c, yearAgo);
    minCap = Math.min(minCap, c.marketCap);
    maxCap = Math.max(maxCap, c.marketCap);
    minEvidence = Math.min(minEvidence, companySummaries(ctx, c.id).length);
    const listing = c.securities.find((s) => s.isPrimary) ?? c.securities[0];
    if (listing !== undefined) exchanges.add(listing.exchange);
  }
  return {
    growth: then > 0 ? now / then - 1 : 0,
    exchanges: [...exchanges].sort(),
    limit,
    minMarketCap: minCap,
    maxMarketCap: maxCap,
    minEvidenceCount: minEvidence,
  };
}
