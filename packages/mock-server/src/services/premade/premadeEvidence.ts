import type { UniverseAccess } from "../../context/contextParts.ts";
import { notFound } from "../../errors/ApiError.ts";
import type { EvidenceOut } from "../../schemas/company.ts";
import { findPremade } from "./findPremade.ts";

/**
 * Evidence for one company considered by a premade strategy (docs/parity.md#company-evidence): the strategy's
 * evidence record when it has one (included constituents and considered-and-rejected
 * candidates); a company of the universe it never considered is `isIncluded: false` with a
 * reasoning saying so and no summaries (real-service notes, "Errors and auth").
 *
 * @throws ApiError 404 when the premade strategy or the company is unknown
 * @example
 * premadeEvidence(ctx, premade.id, bankId).isIncluded // => false
 */
export function premadeEvidence(ctx: UniverseAccess, id: string, companyId: string): EvidenceOut {
  const p = findPremade(ctx, id);
  const company = ctx.universe.companyById.get(companyId);
  if (company === undefined) throw notFound("company", companyId);
  const record = p.evidence.find((e) => e.companyId === companyId);
  if (record !== undefined) {
    return {
      isIncluded: record.isIncluded,
      reasoning: record.reasoning,
      summaries: record.summaries.map((s) => ({ ...s })),
    };
  }
  const constituent = p.constituents.find((c) => c.companyId === companyId);
  if (constituent !== undefined) return { isIncluded: true, reasoning: constituent.reasoning, summaries: [] };
  return {
    isIncluded: false,
    reasoning: `${company.name} is not part of the premade strategy "${p.name}": it was not found to be exposed to the theme.`,
    summaries: [],
  };
}
