import type { ReadContext } from "../../context/contextParts.ts";
import type { Caller } from "../../context/ServiceContext.ts";
import type { EvidenceEntry } from "../../schemas/premade.ts";
import { companyEvidence } from "./companyEvidence.ts";
import { strategyCompanies } from "./strategyCompanies.ts";

/**
 * All evidence of a user strategy (v1 `GET /strategies/{id}/evidences`, MCP
 * `get_strategy_evidences`): the evidence of each company of its finished build, in conviction
 * order (`{evidences}`, each entry the single-company evidence plus `companyId`); empty until the
 * build is done.
 *
 * @throws ApiError 404 when the strategy is absent, archived or invisible
 * @example
 * strategyEvidences(ctx, alice, id).evidences.every((e) => e.isIncluded) // => true
 */
export function strategyEvidences(ctx: ReadContext, caller: Caller, id: string): { evidences: EvidenceEntry[] } {
  const evidences = strategyCompanies(ctx, caller, id, {}).map((c) => ({
    companyId: c.id,
    ...companyEvidence(ctx, caller, id, c.id),
  }));
  return { evidences };
}
