import type { UniverseAccess } from "../../context/contextParts.ts";
import type { PremadeStrategy } from "../../_internal/fixtures.ts";
import type { StrategyV2 } from "../../schemas/strategy.ts";
import { premadeVersionId } from "./premadeVersionId.ts";
import { presentPremade } from "./presentPremade.ts";
import { isoSeconds } from "../_internal/isoSeconds.ts";

/**
 * A premade strategy in the v2 shape: a member of the public catalogue (`scope=public`), owned
 * by the premade service account, finished (status 100), one version (active and draft), never
 * archived, the objective as `description` and `objective`; taxonomy and performance as in its v1 shape.
 *
 * @example
 * presentPremadeV2(ctx, premade).active_version_id === premadeVersionId(premade) // => true
 */
export function presentPremadeV2(ctx: UniverseAccess, p: PremadeStrategy): StrategyV2 {
  const v1 = presentPremade(ctx, p);
  return {
    id: p.id,
    user_id: v1.user_id,
    name: p.name,
    exclusions: [],
    public: true,
    tags: [...p.tags],
    active_version_id: premadeVersionId(p),
    draft_version_id: premadeVersionId(p),
    status: 100,
    completed: true,
    metathemes: v1.metathemes ?? [],
    gics_sectors: v1.gics_sectors ?? [],
    performance: v1.performance ?? null,
    archived_at: null,
    permanent_delete_at: null,
    created_at: isoSeconds(Date.parse(p.createdAt)),
    updated_at: isoSeconds(Date.parse(p.updatedAt)),
    description: p.objective,
    objective: p.objective,
  };
}
