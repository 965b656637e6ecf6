import type { ClockAccess, ReadContext, StateAccess, UniverseAccess } from "../../context/contextParts.ts";
import type { Caller } from "../../context/ServiceContext.ts";
import { notFound } from "../../errors/ApiError.ts";
import type { StrategyV2, StrategyVersion } from "../../schemas/strategy.ts";
import { lookupPremade } from "../premade/lookupPremade.ts";
import { premadeVersionId } from "../premade/premadeVersionId.ts";
import { presentPremadeV2 } from "../premade/presentPremadeV2.ts";
import { presentPremadeVersion } from "../premade/presentPremadeVersion.ts";
import { presentStrategyV2 } from "../presenters/presentStrategyV2.ts";
import { presentVersion } from "../presenters/presentVersion.ts";
import { listStrategies, type StrategyScope } from "./listStrategies.ts";
import { getVersion, listVersions } from "./strategyVersions.ts";
import { visibleStrategy } from "./visibility.ts";

/**
 * v2 strategy reads over the whole catalogue: the caller's and other users' visible strategies
 * and the premade strategies, which are public, finished members of the public catalogue (real
 * v2 reference: `scope=public` lists "all public, non-archived, completed strategies"), readable
 * by id like any public strategy.
 */

/**
 * The strategies of a v2 list: `user` the caller's own (or, with `archived: "only"`, their
 * archived ones), `public` the public catalogue (public, not archived, completed user strategies
 * newest first, then the premade library), `all` both without duplicates.
 *
 * @example
 * listStrategiesV2(ctx, alice, "public", "exclude").some((s) => s.user_id === PREMADE_OWNER_ID) // => true
 */
export function listStrategiesV2(
  ctx: ReadContext,
  caller: Caller,
  scope: StrategyScope,
  archived: "exclude" | "only",
): StrategyV2[] {
  const users = listStrategies(ctx, caller, scope, archived).map((s) => presentStrategyV2(ctx, s));
  if (scope === "user") return users;
  return [...users, ...ctx.universe.premadeStrategies.map((p) => presentPremadeV2(ctx, p))];
}

/**
 * One strategy in the v2 shape: a premade one, or a user strategy the caller may see (the owner
 * also while archived).
 *
 * @throws ApiError 404 when absent or invisible
 */
export function readStrategyV2(ctx: ReadContext, caller: Caller, id: string): StrategyV2 {
  const premade = lookupPremade(ctx, id);
  return premade !== undefined
    ? presentPremadeV2(ctx, premade)
    : presentStrategyV2(ctx, visibleStrategy(ctx, caller, id, "include"));
}

/**
 * The versions of a strategy with their rollup run state, newest first (the owner sees all,
 * others the active one of a public strategy; a premade strategy has one).
 *
 * @throws ApiError 404 when absent or invisible
 */
export function readVersionsV2(
  ctx: UniverseAccess & StateAccess & ClockAccess,
  caller: Caller,
  id: string,
): StrategyVersion[] {
  const premade = lookupPremade(ctx, id);
  if (premade !== undefined) return [presentPremadeVersion(premade)];
  const { strategy, versions } = listVersions(ctx, caller, id, "include");
  return versions.map((v) => presentVersion(strategy, v, ctx.clock.now(), "v2"));
}

/**
 * One version with its run state: rollup, or the run of `asOfDate` (date-scoped).
 *
 * @throws ApiError 404 when the strategy or version is absent or invisible
 */
export function readVersionV2(
  ctx: UniverseAccess & StateAccess & ClockAccess,
  caller: Caller,
  id: string,
  versionId: string,
  asOfDate: string | undefined,
): StrategyVersion {
  const premade = lookupPremade(ctx, id);
  if (premade !== undefined) {
    if (versionId !== premadeVersionId(premade)) throw notFound("version", versionId);
    return presentPremadeVersion(premade, asOfDate);
  }
  const { strategy, version } = getVersion(ctx, caller, id, versionId, "include");
  return presentVersion(strategy, version, ctx.clock.now(), "v2", asOfDate);
}
