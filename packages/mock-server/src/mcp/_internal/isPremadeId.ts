import type { ServiceContext } from "../../context/ServiceContext.ts";
import { premadeIndex } from "../../services/premade/findPremade.ts";

/**
 * True when `id` names a premade strategy (premade and user strategy ids never collide: the read
 * tools accept either). O(1).
 *
 * @example
 * isPremadeId(ctx, premade.id) // => true
 */
export function isPremadeId(ctx: ServiceContext, id: string): boolean {
  return premadeIndex(ctx).has(id);
}
