import type { UniverseAccess } from "../../context/contextParts.ts";
import type { PremadeStrategy } from "../../_internal/fixtures.ts";
import { memoizeShared } from "../../context/memoize.ts";
import type { StrategyV1 } from "../../schemas/strategy.ts";
import { strategyPerformance } from "../performance/strategyPerformance.ts";
import { sectorGroupId, themeGroupId } from "../presenters/strategyDerived.ts";
import { PREMADE_OWNER_ID } from "./premadeOwner.ts";
import { buildEnvelope } from "../presenters/buildEnvelope.ts";

/**
 * A premade strategy in the v1 shape (docs/parity.md#strategy-v1): owned by {@link PREMADE_OWNER_ID}, public,
 * finished (`status` 100, `completed` true), HTTP-dates, no exclusions, `metathemes` the
 * strategy's theme, `gics_sectors` the sectors of its constituents, `performance` the
 * conviction-weighted NAV of its constituents over the last year (as for user strategies), the
 * build fields (`growth`, `exchanges`, `limit`, market-cap and evidence bounds) from its
 * constituents (`buildEnvelope`, `limit` their number). A pure
 * function of the fixtures, memoised per strategy (bounded by the size of the library).
 *
 * @example
 * presentPremade(ctx, premade).status // => 100
 */
export function presentPremade(ctx: UniverseAccess, p: PremadeStrategy): StrategyV1 {
  return memoizeShared(ctx, `premade:v1:${p.id}`, () => {
    const sectors = new Set<string>();
    for (const c of p.constituents) {
      const company = ctx.universe.companyById.get(c.companyId);
      if (company !== undefined) sectors.add(company.sector);
    }
    const envelope = buildEnvelope(
      ctx,
      p.constituents.map((c) => c.companyId),
      p.constituents.length,
    );
    return {
      id: p.id,
      user_id: PREMADE_OWNER_ID,
      name: p.name,
      objective: p.objective,
      created_at: new Date(p.createdAt).toUTCString(),
      updated_at: new Date(p.updatedAt).toUTCString(),
      public: true,
      growth: envelope?.growth ?? null,
      status: 100,
      tags: [...p.tags],
      exchanges: envelope?.exchanges ?? null,
      limit: envelope?.limit ?? null,
      min_market_cap: envelope?.minMarketCap ?? null,
      max_market_cap: envelope?.maxMarketCap ?? null,
      min_evidence_count: envelope?.minEvidenceCount ?? null,
      completed: true,
      has_factsheet: false,
      exclusions: [],
      gics_sectors: [...sectors].sort().map(sectorGroupId),
      metathemes: [themeGroupId(p.theme)],
      performance: strategyPerformance(ctx.universe, p.constituents),
    };
  });
}
