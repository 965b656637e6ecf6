import type { MemoAccess, OptionsAccess, UniverseAccess } from "../../context/contextParts.ts";
import { notFound } from "../../errors/ApiError.ts";
import type { EvidenceOut } from "../../schemas/company.ts";
import { snapshotReasoning } from "../premade/_internal/snapshotReasoning.ts";
import { premadeEvidence } from "../premade/premadeEvidence.ts";
import { companySummaries } from "../strategies/companySummaries.ts";
import type { ReadableRun } from "./readRun.ts";
import { runConstituents } from "./runConstituents.ts";

/**
 * Evidence for one company in a resolved run (docs/parity.md#company-evidence; real v2 reference: a company not in
 * the run is 200 with a no-evidence reasoning, not 404): its reasoning and the dated summaries
 * published up to the end of the run's as-of day. A premade strategy's current run answers with
 * its evidence records (rejected candidates included), a dated snapshot with why the company was
 * held then.
 *
 * @throws ApiError 404 when the company is unknown
 * @example
 * runCompanyEvidence(ctx, readable, bankId).isIncluded // => false
 */
export function runCompanyEvidence(
  ctx: UniverseAccess & OptionsAccess & MemoAccess,
  readable: ReadableRun,
  companyId: string,
): EvidenceOut {
  const company = ctx.universe.companyById.get(companyId);
  if (company === undefined) throw notFound("company", companyId);
  if (readable.kind === "none") {
    return {
      isIncluded: false,
      reasoning: `${company.name} is not part of this strategy: it has no finished run yet.`,
      summaries: [],
    };
  }
  if (readable.kind === "premade") {
    const p = readable.premade;
    if (readable.asOfDate === null) return premadeEvidence(ctx, p.id, companyId);
    const held = p.snapshots
      .find((s) => s.date === readable.asOfDate)
      ?.constituents.find((c) => c.companyId === companyId);
    if (held === undefined) {
      return {
        isIncluded: false,
        reasoning: `${company.name} was not held by ${p.name} as of ${readable.asOfDate}.`,
        summaries: [],
      };
    }
    return {
      isIncluded: true,
      reasoning: snapshotReasoning(company.name, p.name, readable.asOfDate, held.linguisticBeta, held.marketBuzz),
      summaries: companySummaries(ctx, companyId, endOfDay(readable.asOfDate)),
    };
  }
  const constituent = runConstituents(ctx, readable.version, readable.run).find((c) => c.companyId === companyId);
  if (constituent === undefined) {
    return {
      isIncluded: false,
      reasoning: `${company.name} is not part of the run as of ${readable.run.asOfDate}: it did not match the objective closely enough, was not listed then, or an exclusion removed it.`,
      summaries: [],
    };
  }
  return {
    isIncluded: true,
    reasoning: constituent.reasoning,
    summaries: companySummaries(ctx, companyId, endOfDay(readable.run.asOfDate)),
  };
}

/** Unix seconds of the last second of a UTC day. */
function endOfDay(date: string): number {
  return Date.parse(`${date}T23:59:59Z`) / 1000;
}
