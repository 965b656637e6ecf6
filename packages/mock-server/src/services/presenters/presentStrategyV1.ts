import type { ReadContext } from "../../context/contextParts.ts";
import type { StrategyV1 } from "../../schemas/strategy.ts";
import type { StrategyRecord } from "../../store/StoreState.ts";
import { activeVersion, effectiveUpdatedAt } from "../builds.ts";
import { factsheetStatus } from "../runs/factsheetStatus.ts";
import { liveRun } from "../runs/versionRuns.ts";
import { strategyDerived } from "./strategyDerived.ts";

/**
 * A strategy in the v1 shape (docs/parity.md#strategy-v1): HTTP-dates (`toUTCString()`), `growth`, `exchanges`,
 * `limit` and the market-cap/evidence bounds of the finished build (`buildEnvelope`; null until
 * the build is done),
 * `has_factsheet` when the active version's live run has a ready factsheet, `performance` null
 * until the active version's build is done.
 *
 * @example
 * presentStrategyV1(ctx, record).created_at // => "Sat, 01 Mar 2025 00:00:00 GMT"
 */
export function presentStrategyV1(ctx: ReadContext, s: StrategyRecord): StrategyV1 {
  const d = strategyDerived(ctx, s);
  return {
    id: s.id,
    user_id: s.userId,
    name: s.name,
    objective: s.objective,
    created_at: new Date(s.createdAt).toUTCString(),
    updated_at: new Date(effectiveUpdatedAt(s, ctx.clock.now())).toUTCString(),
    public: s.public,
    growth: d.envelope?.growth ?? null,
    status: d.status,
    tags: [...s.tags],
    exchanges: d.envelope?.exchanges ?? null,
    limit: d.envelope?.limit ?? null,
    min_market_cap: d.envelope?.minMarketCap ?? null,
    max_market_cap: d.envelope?.maxMarketCap ?? null,
    min_evidence_count: d.envelope?.minEvidenceCount ?? null,
    completed: d.completed,
    has_factsheet: hasFactsheet(s, ctx.clock.now()),
    exclusions: [...s.exclusions],
    gics_sectors: d.gicsSectors,
    metathemes: d.metathemes,
    performance: d.performance,
  };
}

function hasFactsheet(s: StrategyRecord, now: number): boolean {
  const version = activeVersion(s);
  const run = version === undefined ? undefined : liveRun(version);
  return version !== undefined && run !== undefined && factsheetStatus(version, run, now) === "ready";
}
