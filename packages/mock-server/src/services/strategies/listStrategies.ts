import type { ClockAccess, StateAccess } from "../../context/contextParts.ts";
import type { Caller } from "../../context/ServiceContext.ts";
import type { StrategyRecord } from "../../store/StoreState.ts";
import { strategyStatus } from "../builds.ts";
import { isPurged } from "./visibility.ts";

/** `scope` of a strategy list (real-service notes, "v2 strategies"). */
export type StrategyScope = "user" | "public" | "all";

/**
 * The strategies of a list: `user` = the caller's own, not archived; `public` = everyone's
 * public, not archived and completed (status 100); `all` = both without duplicates. With
 * `archived: "only"` the `user` scope lists the caller's archived (not yet purged) ones instead.
 * Newest first (created_at, then id).
 *
 * @example
 * listStrategies(ctx, alice, "user").every((s) => s.userId === alice.userId) // => true
 */
export function listStrategies(
  ctx: StateAccess & ClockAccess,
  caller: Caller,
  scope: StrategyScope,
  archived: "exclude" | "only" = "exclude",
): StrategyRecord[] {
  const now = ctx.clock.now();
  const own = (s: StrategyRecord) =>
    s.userId === caller.userId &&
    !isPurged(s, now) &&
    (archived === "only" ? s.archivedAt !== null : s.archivedAt === null);
  const catalog = (s: StrategyRecord) => s.public && s.archivedAt === null && strategyStatus(s, now) === 100;
  const keep = scope === "user" ? own : scope === "public" ? catalog : (s: StrategyRecord) => own(s) || catalog(s);
  return ctx.store.state.strategies.filter(keep).sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1));
}
