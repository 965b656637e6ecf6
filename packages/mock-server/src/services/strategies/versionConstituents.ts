import type { MemoAccess, OptionsAccess, UniverseAccess } from "../../context/contextParts.ts";
import { memoize } from "../../context/memoize.ts";
import type { Constituent } from "../../_internal/fixtures.ts";
import type { VersionRecord } from "../../store/StoreState.ts";
import { selectConstituents } from "../selection/selectConstituents.ts";

/**
 * The companies of a version: the fixtures' when it came from them, else the deterministic
 * relevance selection of its objective and exclusions (memoised by version id).
 *
 * @example
 * versionConstituents(ctx, version).length <= ctx.options.maxStrategyCompanies // => true
 */
export function versionConstituents(
  ctx: UniverseAccess & OptionsAccess & MemoAccess,
  version: Pick<VersionRecord, "id" | "objective" | "exclusions" | "constituents">,
): readonly Constituent[] {
  if (version.constituents !== null) return version.constituents;
  return memoize(ctx, `constituents:${version.id}:${JSON.stringify([version.objective, version.exclusions])}`, () =>
    selectConstituents(
      ctx.universe,
      version.objective,
      version.exclusions,
      version.id,
      ctx.options.maxStrategyCompanies,
    ),
  );
}
