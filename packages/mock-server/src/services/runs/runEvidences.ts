import type { MemoAccess, OptionsAccess, UniverseAccess } from "../../context/contextParts.ts";
import type { EvidenceEntry } from "../../schemas/premade.ts";
import { premadeEvidences } from "../premade/premadeEvidences.ts";
import type { ReadableRun } from "./readRun.ts";
import { runCompanies } from "./runCompanies.ts";
import { runCompanyEvidence } from "./runCompanyEvidence.ts";

/**
 * All evidence of a resolved run (`{evidences}`): one `{companyId, isIncluded, reasoning,
 * summaries}` per company of the run, in the run's conviction order; a premade strategy's current
 * run also lists the candidates it rejected (as `GET /v1/premade-strategies/{id}/evidences`).
 *
 * @example
 * runEvidences(ctx, readable).evidences.every((e) => e.isIncluded) // => true for a user strategy
 */
export function runEvidences(
  ctx: UniverseAccess & OptionsAccess & MemoAccess,
  readable: ReadableRun,
): { evidences: EvidenceEntry[] } {
  if (readable.kind === "premade" && readable.asOfDate === null) return premadeEvidences(ctx, readable.premade.id);
  const evidences = runCompanies(ctx, readable, {}).map((c) => ({
    companyId: c.id,
    ...runCompanyEvidence(ctx, readable, c.id),
  }));
  return { evidences };
}
