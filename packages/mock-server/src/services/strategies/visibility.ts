import type { ClockAccess, StateAccess } from "../../context/contextParts.ts";
import type { Caller } from "../../context/ServiceContext.ts";
import { ApiError, notFound } from "../../errors/ApiError.ts";
import type { StoreState, StrategyRecord } from "../../store/StoreState.ts";

/** Archived strategies are permanently deleted this long after archiving (docs/parity.md#limits). */
export const RETENTION_MS = 30 * 24 * 3600 * 1000;

/** Whether archived strategies are visible to the lookup (v2 reads and revive: yes; v1: no). */
export type ArchivedMode = "include" | "exclude";

/** True when `s` was archived at least 30 days before `now` (it no longer exists). */
export function isPurged(s: StrategyRecord, now: number): boolean {
  return s.archivedAt !== null && now >= s.archivedAt + RETENTION_MS;
}

/**
 * Whether `caller` may see `s` now: the owner sees it until purged (archived ones only in
 * `include` mode); others only when it is public and not archived.
 */
export function isVisible(s: StrategyRecord, caller: Caller, now: number, archived: ArchivedMode): boolean {
  if (isPurged(s, now)) return false;
  if (s.userId === caller.userId) return archived === "include" || s.archivedAt === null;
  return s.public && s.archivedAt === null;
}

/**
 * The strategy `id` as `caller` may see it.
 *
 * @throws ApiError 404 when absent, purged or invisible to the caller
 */
export function requireVisible(
  state: Readonly<StoreState>,
  caller: Caller,
  id: string,
  now: number,
  archived: ArchivedMode,
): StrategyRecord {
  const s = state.strategies.find((x) => x.id === id);
  if (s === undefined || !isVisible(s, caller, now, archived)) throw notFound("strategy", id);
  return s;
}

/**
 * The strategy `id`, which `caller` must own (docs/parity.md#authentication).
 *
 * @throws ApiError 404 when absent or invisible; 403 when visible but owned by someone else
 */
export function requireOwned(
  state: Readonly<StoreState>,
  caller: Caller,
  id: string,
  now: number,
  archived: ArchivedMode,
): StrategyRecord {
  const s = requireVisible(state, caller, id, now, archived);
  if (s.userId !== caller.userId)
    throw new ApiError(403, `strategy ${id} belongs to another user; only the owner may change it`);
  return s;
}

/** Shorthand: {@link requireVisible} on the context's current state and time. */
export function visibleStrategy(
  ctx: StateAccess & ClockAccess,
  caller: Caller,
  id: string,
  archived: ArchivedMode,
): StrategyRecord {
  return requireVisible(ctx.store.state, caller, id, ctx.clock.now(), archived);
}
