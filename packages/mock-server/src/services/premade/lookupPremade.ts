import type { UniverseAccess } from "../../context/contextParts.ts";
import type { PremadeStrategy } from "../../_internal/fixtures.ts";
import { premadeIndex } from "./findPremade.ts";

/**
 * The premade strategy `id`, or undefined when `id` is not one (then it may name a user
 * strategy: the two never share an id). O(1).
 *
 * @example
 * lookupPremade(ctx, userStrategyId) // => undefined
 */
export function lookupPremade(ctx: UniverseAccess, id: string): PremadeStrategy | undefined {
  return premadeIndex(ctx).get(id);
}
