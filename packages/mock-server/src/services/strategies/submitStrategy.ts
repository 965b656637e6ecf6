import type { Caller, ServiceContext } from "../../app/ServiceContext.ts";
import { ApiError } from "../../errors/ApiError.ts";
import { matchingVersionId } from "../../store/matchingVersionId.ts";
import type { StrategyRecord, VersionRecord } from "../../store/StoreState.ts";
import { decideOutcome, isBuildRunning } from "../builds.ts";
import { versionConstituents } from "./versionConstituents.ts";
import { requireOwned } from "./visibility.ts";

/**
 * Submits the caller's strategy (contract 3.1): a draft that differs from every saved version is
 * frozen into a new immutable version; a draft equal to a saved version reuses it (an unchanged
 * draft re-runs the active version). That version becomes active and a build starts now, lasting
 * `options.buildDurationMs`, with its outcome decided now (see `decideOutcome`); a pending forced
 * outcome is consumed.
 *
 * @throws ApiError 404 when absent, archived or invisible; 403 when not the owner; 423 when a
 *   build of this strategy is still running
 * @example
 * submitStrategy(ctx, alice, id).activeVersionId !== null // => true
 */
export function submitStrategy(ctx: ServiceContext, caller: Caller, id: string): StrategyRecord {
  return ctx.store.mutate((draft) => {
    const now = ctx.clock.now();
    const s = requireOwned(draft.state, caller, id, now, "exclude");
    if (isBuildRunning(s, now)) throw new ApiError(423, `strategy ${id} is still building; poll its status until it is 100 or negative`);
    const matchId = matchingVersionId(s);
    let version: VersionRecord | undefined = s.versions.find((v) => v.id === matchId);
    if (version === undefined) {
      version = { id: draft.newId(), objective: s.objective, exclusions: [...s.exclusions], createdAt: now, run: null, constituents: null };
      s.versions.push(version);
    }
    const selects = versionConstituents(ctx, version).length > 0;
    version.run = { startedAt: now, durationMs: ctx.options.buildDurationMs, outcome: decideOutcome(s, version.objective, selects) };
    s.activeVersionId = version.id;
    s.draftVersionId = version.id;
    s.nextOutcome = null;
    s.updatedAt = now;
    return s;
  });
}
