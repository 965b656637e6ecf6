import type { UniverseAccess } from "../../context/contextParts.ts";
import { ApiError } from "../../errors/ApiError.ts";
import { lookupPremade } from "./lookupPremade.ts";

/**
 * Refuses a change to a premade strategy (they are read-only: real guides, "Public-catalog
 * strategies are read-only. You can read them, but you can only refine strategies you own").
 *
 * @throws ApiError 403 when `id` names a premade strategy
 * @example
 * rejectPremadeWrite(ctx, userStrategyId) // => undefined (no throw)
 */
export function rejectPremadeWrite(ctx: UniverseAccess, id: string): void {
  if (lookupPremade(ctx, id) !== undefined) {
    throw new ApiError(
      403,
      `strategy ${id} is a premade strategy (read-only); create a strategy with its objective to make your own copy`,
    );
  }
}
