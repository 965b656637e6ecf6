import type { PortfolioBody } from "../../../schemas/portfolio.ts";
import type { HoldingRecord, PortfolioRecord } from "../../../store/PortfolioRecord.ts";
import type { ResolvedHolding } from "./resolveHoldings.ts";

/**
 * Writes a POST/PUT body onto an existing record at `now`: name, holdings replaced (all dated
 * `now`), `updatedAt` bumped; `public`, `tags`, `source` and `metadata` changed only when present
 * in the body (null clears `tags`/`source`). `createdAt`, `id` and owner are kept. Mutates `p`.
 *
 * @example
 * applyBody(record, { name: "x", holdings: [] }, [], 5); record.updatedAt // => 5
 */
export function applyBody(
  p: PortfolioRecord,
  body: PortfolioBody,
  holdings: readonly ResolvedHolding[],
  now: number,
): void {
  p.name = body.name;
  p.holdings = toRecords(holdings, now);
  if (body.public !== undefined) p.public = body.public;
  if (body.tags !== undefined) p.tags = body.tags === null ? null : [...body.tags];
  if (body.source !== undefined) p.source = body.source;
  if (body.metadata !== undefined) p.metadata = structuredClone(body.metadata);
  p.updatedAt = now;
}

/** Stored holdings from resolved ones, all dated `now`. @example toRecords([], 0) // => [] */
export function toRecords(holdings: readonly ResolvedHolding[], now: number): HoldingRecord[] {
  return holdings.map((h) => ({
    securityId: h.security.id,
    weight: h.weight,
    rawPayload: h.rawPayload,
    createdAt: now,
    updatedAt: now,
  }));
}
