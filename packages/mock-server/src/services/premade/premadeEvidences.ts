import type { UniverseAccess } from "../../context/contextParts.ts";
import type { EvidenceEntry } from "../../schemas/premade.ts";
import { findPremade } from "./findPremade.ts";

/**
 * All evidence of a premade strategy (docs/parity.md#premade-strategy-endpoints, `{evidences}`): one entry
 * `{companyId, isIncluded, reasoning, summaries}` per company it considered (its constituents,
 * `isIncluded` true, then rejected candidates, false), in the fixtures' order; a constituent
 * without an evidence record gets its reasoning and no summaries.
 *
 * @throws ApiError 404 when no premade strategy has that id
 * @example
 * premadeEvidences(ctx, premade.id).evidences[0].companyId // => a constituent's id
 */
export function premadeEvidences(ctx: UniverseAccess, id: string): { evidences: EvidenceEntry[] } {
  const p = findPremade(ctx, id);
  const seen = new Set(p.evidence.map((e) => e.companyId));
  const evidences: EvidenceEntry[] = p.evidence.map((e) => ({
    companyId: e.companyId,
    isIncluded: e.isIncluded,
    reasoning: e.reasoning,
    summaries: e.summaries.map((s) => ({ ...s })),
  }));
  for (const c of p.constituents) {
    if (!seen.has(c.companyId))
      evidences.push({ companyId: c.companyId, isIncluded: true, reasoning: c.reasoning, summaries: [] });
  }
  return { evidences };
}
