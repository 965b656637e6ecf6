import type { PremadeStrategy } from "../../_internal/fixtures.ts";
import { memoize, type ServiceContext } from "../../app/ServiceContext.ts";
import { notFound } from "../../errors/ApiError.ts";

/**
 * The premade strategy `id` (O(1): an index built once per context).
 *
 * @throws ApiError 404 when no premade strategy has that id
 * @example
 * findPremade(ctx, premade.id).name // => "Quantum Computing Leaders"
 */
export function findPremade(ctx: ServiceContext, id: string): PremadeStrategy {
  const index = memoize(ctx, "premade:byId", () => new Map(ctx.universe.premadeStrategies.map((p) => [p.id, p])));
  const p = index.get(id);
  if (p === undefined) throw notFound("premade strategy", id);
  return p;
}
