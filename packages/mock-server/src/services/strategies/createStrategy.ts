import type { ClockAccess, StoreAccess } from "../../context/contextParts.ts";
import type { Caller } from "../../context/ServiceContext.ts";
import type { StrategyRecord } from "../../store/StoreState.ts";

/** Input of {@link createStrategy} (the `POST /strategies` body, docs/parity.md#user-strategy-endpoints). */
export interface CreateStrategyInput {
  name: string;
  objective: string;
  exclusions?: string[] | undefined;
}

/**
 * Creates a private, never-submitted strategy (status 0) owned by `caller`.
 *
 * @example
 * createStrategy(ctx, alice, { name: "Water", objective: "clean water" }).activeVersionId // => null
 */
export function createStrategy(
  ctx: ClockAccess & StoreAccess,
  caller: Caller,
  input: CreateStrategyInput,
): StrategyRecord {
  return ctx.store.mutate((draft) => {
    const now = ctx.clock.now();
    const record: StrategyRecord = {
      id: draft.newId(),
      userId: caller.userId,
      name: input.name,
      objective: input.objective,
      exclusions: [...(input.exclusions ?? [])],
      tags: [],
      public: false,
      createdAt: now,
      updatedAt: now,
      archivedAt: null,
      versions: [],
      activeVersionId: null,
      draftVersionId: null,
      nextOutcome: null,
    };
    draft.state.strategies.push(record);
    return record;
  });
}
