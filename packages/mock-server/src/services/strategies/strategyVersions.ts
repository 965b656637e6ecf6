import type { ClockAccess, StateAccess } from "../../context/contextParts.ts";
import type { Caller } from "../../context/ServiceContext.ts";
import { notFound } from "../../errors/ApiError.ts";
import type { StrategyRecord, VersionRecord } from "../../store/StoreState.ts";
import { type ArchivedMode, visibleStrategy } from "./visibility.ts";

/**
 * The versions of a strategy the caller may see, newest first: the owner sees all, others only
 * the active one of a public strategy (real-service notes, "v2 strategies").
 *
 * @throws ApiError 404 when the strategy is absent or invisible
 * @example
 * listVersions(ctx, alice, id, "exclude").versions.length // => 1
 */
export function listVersions(
  ctx: StateAccess & ClockAccess,
  caller: Caller,
  id: string,
  archived: ArchivedMode,
): { strategy: StrategyRecord; versions: VersionRecord[] } {
  const strategy = visibleStrategy(ctx, caller, id, archived);
  const visible =
    strategy.userId === caller.userId
      ? strategy.versions
      : strategy.versions.filter((v) => v.id === strategy.activeVersionId);
  const versions = [...visible].sort(
    (a, b) => b.createdAt - a.createdAt || strategy.versions.indexOf(b) - strategy.versions.indexOf(a),
  );
  return { strategy, versions };
}

/**
 * One version of a strategy, when the caller may see it (see {@link listVersions}).
 *
 * @throws ApiError 404 when the strategy or the version is absent or invisible
 */
export function getVersion(
  ctx: StateAccess & ClockAccess,
  caller: Caller,
  id: string,
  versionId: string,
  archived: ArchivedMode,
): { strategy: StrategyRecord; version: VersionRecord } {
  const { strategy, versions } = listVersions(ctx, caller, id, archived);
  const version = versions.find((v) => v.id === versionId);
  if (version === undefined) throw notFound("version", versionId);
  return { strategy, version };
}
