import type { ReadContext } from "../../context/contextParts.ts";
import type { Caller } from "../../context/ServiceContext.ts";
import { ApiError, notFound } from "../../errors/ApiError.ts";
import type { CompanyOut } from "../../schemas/company.ts";
import { activeVersion, isBuildComplete, isBuildRunning, strategyStatus } from "../builds.ts";
import { premadeIndex } from "../premade/findPremade.ts";
import { rankedCompanies } from "../strategies/rankedCompanies.ts";
import { versionConstituents } from "../strategies/versionConstituents.ts";
import { requireVisible } from "../strategies/visibility.ts";

/** The companies an optimizer works on, and a key identifying that set (for memoisation). */
export interface OptimizeTarget {
  /** Changes whenever the set of companies or their signals can change (version id and content, or premade id). */
  key: string;
  strategyId: string;
  /** The strategy's companies as the company list shows them (docs/parity.md#company-holding), conviction ranked. */
  companies: CompanyOut[];
}

/**
 * What `POST /strategies/{id}/optimize` and `/optimized-portfolio` optimise: a user strategy
 * visible to the caller whose latest build is done (its active version's companies), or a premade
 * strategy (its current companies; premade ids are accepted too). Conviction scores as in the
 * company lists (default `scoringMinMarketCap`).
 *
 * @throws ApiError 404 when the id is neither a visible user strategy nor a premade strategy;
 *   202 while the build runs (poll, then retry); 409 when the strategy was never submitted or its
 *   latest build failed (polling would never end)
 * @example
 * optimizeTarget(ctx, alice, premadeId).companies.length > 0 // => true
 */
export function optimizeTarget(ctx: ReadContext, caller: Caller, id: string): OptimizeTarget {
  const now = ctx.clock.now();
  const record = ctx.store.state.strategies.find((s) => s.id === id);
  if (record === undefined) {
    const premade = premadeIndex(ctx).get(id);
    if (premade === undefined) throw notFound("strategy", id);
    return {
      key: `premade:${premade.id}`,
      strategyId: id,
      companies: rankedCompanies(ctx.universe, premade.constituents, {}),
    };
  }
  const s = requireVisible(ctx.store.state, caller, id, now, "exclude");
  const version = activeVersion(s);
  if (!isBuildComplete(ctx, id) || version === undefined) {
    const status = strategyStatus(s, now);
    if (isBuildRunning(s, now)) {
      throw new ApiError(
        202,
        `strategy ${id} is still building (status ${status}); poll GET /v1/strategies/${id} until status is 100, then retry`,
      );
    }
    if (version === undefined)
      throw new ApiError(
        409,
        `strategy ${id} has never been submitted; submit it, poll until status is 100, then optimize`,
      );
    throw new ApiError(
      409,
      `the latest build of strategy ${id} failed (status ${status}); change the objective and resubmit`,
    );
  }
  const constituents = versionConstituents(ctx, version);
  return {
    key: `version:${version.id}:${JSON.stringify([version.objective, version.exclusions])}`,
    strategyId: id,
    companies: rankedCompanies(ctx.universe, constituents, {}),
  };
}
