import type { ReadContext } from "../../context/contextParts.ts";
import type { StrategyV2 } from "../../schemas/strategy.ts";
import type { StrategyRecord } from "../../store/StoreState.ts";
import { RETENTION_MS } from "../strategies/visibility.ts";
import { effectiveUpdatedAt } from "../builds.ts";
import { strategyDerived } from "./strategyDerived.ts";
import { isoSeconds } from "../_internal/isoSeconds.ts";

/**
 * A strategy in the v2 shape (docs/parity.md#strategy-v2): ISO-8601 timestamps to the second, version and draft ids, archive
 * timestamps (`permanent_delete_at` = `archived_at` + 30 days), the objective (draft) as
 * `description` (real v2 reference) and as `objective` (docs/parity.md#strategy-v2), the same value. Every field
 * always present.
 *
 * @example
 * presentStrategyV2(ctx, record).archived_at // => null
 */
export function presentStrategyV2(ctx: ReadContext, s: StrategyRecord): StrategyV2 {
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
    archived_at: s.archivedAt === null ? null : isoSeconds(s.archivedAt),
    permanent_delete_at: s.archivedAt === null ? null : isoSeconds(s.archivedAt + RETENTION_MS),
    created_at: isoSeconds(s.createdAt),
    updated_at: isoSeconds(effectiveUpdatedAt(s, ctx.clock.now())),
    description: s.objective,
    objective: s.objective,
  };
}
