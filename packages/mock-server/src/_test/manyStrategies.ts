import type { StoreState, StrategyRecord } from "../store/StoreState.ts";

/**
 * `state` (not changed) with `count` more strategies appended: small records (no versions), owned
 * in turn by its users, with ids `bulk-<i>`; those whose index is in `archivedAt` are archived at
 * that time. Test and bench support: the persistence's behaviour at 100,000+ strategies.
 *
 * @example
 * withManyStrategies(state, 3, new Map([[1, 0]])).strategies.at(-2)!.archivedAt // => 0
 */
export function withManyStrategies(
  state: Readonly<StoreState>,
  count: number,
  archivedAt: ReadonlyMap<number, number> = new Map(),
): StoreState {
  const users = state.users.map((u) => u.id);
  const added: StrategyRecord[] = [];
  for (let i = 0; i < count; i++) {
    added.push({
      id: `bulk-${i}`,
      userId: users[i % users.length]!,
      name: `bulk strategy ${i}`,
      objective: "water utilities",
      exclusions: [],
      tags: [],
      public: false,
      createdAt: 1_700_000_000_000,
      updatedAt: 1_700_000_000_000,
      archivedAt: archivedAt.get(i) ?? null,
      versions: [],
      activeVersionId: null,
      draftVersionId: null,
      nextOutcome: null,
    });
  }
  return { ...structuredClone(state), strategies: [...state.strategies.map((s) => structuredClone(s)), ...added] };
}
