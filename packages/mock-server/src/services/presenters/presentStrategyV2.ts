import type { ServiceContext } from "../../app/ServiceContext.ts";
import type { StrategyV2 } from "../../schemas/strategy.ts";
import type { StrategyRecord } from "../../store/StoreState.ts";
import { RETENTION_MS } from "../strategies/visibility.ts";
import { effectiveUpdatedAt } from "../builds.ts";
import { strategyDerived } from "./strategyDerived.ts";

/**
 * A strategy in the v2 shape (contract 2.2): ISO-8601 timestamps, version and draft ids, archive
 * timestamps (`permanent_delete_at` = `archived_at` + 30 days), the objective (draft) as
 * `description` (real v2 reference). Every field always present.
 *
 * @example
 * presentStrategyV2(ctx, record).archived_at // => null
 */
export function presentStrategyV2(ctx: ServiceContext, s: StrategyRecord): StrategyV2 {
  const d = strategyDerived(ctx, s);
  return {
    id: s.id,
    user_id: s.userId,
    name: s.name,
    exclusions: [...s.exclusions],
    public: s.public,
    tags: [...s.tags],
    active_version_id: s.activeVersionId,
    draft_version_id: s.draftVersionId,
    status: d.status,
    completed: d.completed,
    metathemes: d.metathemes,
    gics_sectors: d.gicsSectors,
    performance: d.performance,
    archived_at: s.archivedAt === null ? null : new Date(s.archivedAt).toISOString(),
    permanent_delete_at: s.archivedAt === null ? null : new Date(s.archivedAt + RETENTION_MS).toISOString(),
    created_at: new Date(s.createdAt).toISOString(),
    updated_at: new Date(effectiveUpdatedAt(s, ctx.clock.now())).toISOString(),
    description: s.objective,
  };
}
