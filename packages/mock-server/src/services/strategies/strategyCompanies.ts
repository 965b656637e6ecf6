import type { ReadContext } from "../../context/contextParts.ts";
import type { Caller } from "../../context/ServiceContext.ts";
import type { CompanyOut } from "../../schemas/company.ts";
import { activeVersion, strategyStatus } from "../builds.ts";
import { type RankedCompaniesOptions, rankedCompanies } from "./rankedCompanies.ts";
import { versionConstituents } from "./versionConstituents.ts";
import { visibleStrategy } from "./visibility.ts";

/**
 * The companies of a strategy (`GET /strategies/{id}/companies`, docs/parity.md#user-strategy-endpoints), conviction ranked:
 * those of the active version once its latest build is done (status 100); an empty array before
 * (never submitted, building, or failed).
 *
 * @throws ApiError 404 when the strategy is absent, archived or invisible
 * @example
 * strategyCompanies(ctx, alice, id, { includeReasoning: true })[0].reasoning !== undefined // => true
 */
export function strategyCompanies(
  ctx: ReadContext,
  caller: Caller,
  id: string,
  options: RankedCompaniesOptions,
): CompanyOut[] {
  const s = visibleStrategy(ctx, caller, id, "exclude");
  const version = activeVersion(s);
  if (version === undefined || strategyStatus(s, ctx.clock.now()) !== 100) return [];
  return rankedCompanies(ctx.universe, versionConstituents(ctx, version), options);
}
