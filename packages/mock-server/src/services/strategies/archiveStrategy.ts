import type { ClockAccess, StoreAccess } from "../../context/contextParts.ts";
import type { Caller } from "../../context/ServiceContext.ts";
import type { StrategyRecord } from "../../store/StoreState.ts";
import { requireOwned } from "./visibility.ts";

/**
 * Archives the caller's strategy (v1 DELETE, v2 archive): sets `archivedAt` to now; it is
 * permanently deleted 30 days later unless revived. Archiving an archived strategy is a no-op
 * (same timestamps). A running build is left to finish.
 *
 * @throws ApiError 404 when absent, purged or invisible; 403 when not the owner
 * @example
 * archiveStrategy(ctx, alice, id).archivedAt !== null // => true
 */
export function archiveStrategy(
  ctx: ClockAccess & StoreAccess,
  caller: Caller,
  id: string,
  archived: "include" | "exclude" = "include",
): StrategyRecord {
  return ctx.store.mutate((draft) => {
    const now = ctx.clock.now();
    const s = requireOwned(draft.state, caller, id, now, archived);
    if (s.archivedAt === null) {
      s.archivedAt = now;
      s.updatedAt = now;
    }
    return s;
  });
}
