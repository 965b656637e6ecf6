import type { ClockAccess, StoreAccess } from "../../context/contextParts.ts";
import type { Caller } from "../../context/ServiceContext.ts";
import { matchingVersionId } from "../../store/matchingVersionId.ts";
import type { StrategyRecord } from "../../store/StoreState.ts";
import { requireOwned } from "./visibility.ts";

/** Input of {@link updateStrategy} (the `PATCH` body, docs/parity.md#user-strategy-endpoints; at least one field, validated by the route). */
export interface UpdateStrategyInput {
  name?: string | undefined;
  objective?: string | undefined;
  exclusions?: string[] | undefined;
}

/**
 * Edits the name and/or the draft (objective, exclusions) of the caller's strategy; the draft
 * version id becomes the saved version matching the new draft, or null (real-service notes,
 * "v2 strategies"). Versions are immutable and untouched: resubmit to rebuild.
 *
 * @throws ApiError 404 when absent, archived or invisible; 403 when not the owner
 * @example
 * updateStrategy(ctx, alice, id, { objective: "new" }).draftVersionId // => null
 */
export function updateStrategy(
  ctx: ClockAccess & StoreAccess,
  caller: Caller,
  id: string,
  input: UpdateStrategyInput,
): StrategyRecord {
  return ctx.store.mutate((draft) => {
    const now = ctx.clock.now();
    const s = requireOwned(draft.state, caller, id, now, "exclude");
    if (input.name !== undefined) s.name = input.name;
    if (input.objective !== undefined) s.objective = input.objective;
    if (input.exclusions !== undefined) s.exclusions = [...input.exclusions];
    s.draftVersionId = matchingVersionId(s);
    s.updatedAt = now;
    return s;
  });
}
