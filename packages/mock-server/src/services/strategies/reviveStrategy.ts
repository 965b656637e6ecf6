import type { ClockAccess, StoreAccess } from "../../context/contextParts.ts";
import type { Caller } from "../../context/ServiceContext.ts";
import { ApiError } from "../../errors/ApiError.ts";
import type { StrategyRecord } from "../../store/StoreState.ts";
import { requireOwned } from "./visibility.ts";

/**
 * Restores the caller's archived strategy within the 30-day window (real-service notes, "v2
 * strategies"): clears `archivedAt`.
 *
 * @throws ApiError 404 when absent, purged (30 days after archiving) or not the caller's;
 *   400 when it is not archived
 * @example
 * reviveStrategy(ctx, alice, archivedId).archivedAt // => null
 */
export function reviveStrategy(ctx: ClockAccess & StoreAccess, caller: Caller, id: string): StrategyRecord {
  return ctx.store.mutate((draft) => {
    const now = ctx.clock.now();
    const s = requireOwned(draft.state, caller, id, now, "include");
    if (s.archivedAt === null) throw new ApiError(400, `strategy ${id} is not archived`);
    s.archivedAt = null;
    s.updatedAt = now;
    return s;
  });
}
