import type { UniverseAccess } from "../../context/contextParts.ts";
import type { PremadeStrategy } from "../../_internal/fixtures.ts";
import { memoizeShared } from "../../context/memoize.ts";
import { notFound } from "../../errors/ApiError.ts";

/**
 * The premade strategies by id, built once per universe and shared by every session (the library is fixture data).
 *
 * @example
 * premadeIndex(ctx).has(premade.id) // => true
 */
export function premadeIndex(ctx: UniverseAccess): ReadonlyMap<string, PremadeStrategy> {
  return memoizeShared(ctx, "premade:byId", () => new Map(ctx.universe.premadeStrategies.map((p) => [p.id, p])));
}

/**
 * The premade strategy `id` (O(1): {@link premadeIndex}).
 *
 * @throws ApiError 404 when no premade strategy has that id
 * @example
 * findPremade(ctx, premade.id).name // => "Quantum Computing Leaders"
 */
export function findPremade(ctx: UniverseAccess, id: string): PremadeStrategy {
  const p = premadeIndex(ctx).get(id);
  if (p === undefined) throw notFound("premade strategy", id);
  return p;
}
