import type { ReadContext } from "../../context/contextParts.ts";
import type { Caller } from "../../context/ServiceContext.ts";
import { notFound } from "../../errors/ApiError.ts";
import type { EvidenceOut } from "../../schemas/company.ts";
import { activeVersion, strategyStatus } from "../builds.ts";
import { companySummaries } from "./companySummaries.ts";
import { versionConstituents } from "./versionConstituents.ts";
import { visibleStrategy } from "./visibility.ts";

/**
 * Evidence for one company of a user strategy (docs/parity.md#company-evidence): included companies carry their
 * reasoning and the dated summaries the premade strategies hold about that company (newest
 * first, at most 5); a company that exists but is not in the strategy (or the build is not done)
 * is `isIncluded: false` with a reasoning saying so (real-service notes, "Errors and auth").
 *
 * @throws ApiError 404 when the strategy is absent or invisible, or the company unknown
 * @example
 * companyEvidence(ctx, alice, id, bankId).isIncluded // => false
 */
export function companyEvidence(ctx: ReadContext, caller: Caller, id: string, companyId: string): EvidenceOut {
  const s = visibleStrategy(ctx, caller, id, "exclude");
  const company = ctx.universe.companyById.get(companyId);
  if (company === undefined) throw notFound("company", companyId);
  const version = activeVersion(s);
  const done = version !== undefined && strategyStatus(s, ctx.clock.now()) === 100;
  const constituent = done ? versionConstituents(ctx, version).find((c) => c.companyId === companyId) : undefined;
  if (constituent === undefined) {
    return {
      isIncluded: false,
      reasoning: done
        ? `${company.name} is not part of this strategy: it did not match the objective closely enough or an exclusion removed it.`
        : `${company.name} is not part of this strategy: the strategy has no finished build yet.`,
      summaries: [],
    };
  }
  return { isIncluded: true, reasoning: constituent.reasoning, summaries: companySummaries(ctx, companyId) };
}
