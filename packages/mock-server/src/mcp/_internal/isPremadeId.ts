import type { ServiceContext } from "../../app/ServiceContext.ts";

/**
 * True when `id` names a premade strategy (premade and user strategy ids never collide: the read
 * tools accept either). Cost: O(p) over the premade library.
 *
 * @example
 * isPremadeId(ctx, premade.id) // => true
 */
export function isPremadeId(ctx: ServiceContext, id: string): boolean {
  return ctx.universe.premadeStrategies.some((p) => p.id === id);
}
