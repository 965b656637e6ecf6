import type { Universe } from "../_internal/fixtures.ts";
import { uuidFrom } from "../_internal/hash.ts";
import type { ExtraKey } from "../config/MockOptions.ts";
import type { BuildOutcome, StoreState, StrategyRecord, UserRecord, VersionRecord } from "./StoreState.ts";
import { matchingVersionId } from "./matchingVersionId.ts";

/**
 * The state a fresh start (or a reset) begins from: the fixture users and user strategies, plus
 * one user per extra key. Fixture versions keep their constituents and count as runs that ended
 * at their creation time with their recorded status.
 *
 * @param universe the fixtures
 * @param seed the id generator's seed
 * @param extraKeys keys added by option (see {@link withExtraKeys})
 * @example
 * initialState(universe, 1, []).strategies.length === universe.userStrategies.length // => true
 */
export function initialState(universe: Universe, seed: number, extraKeys: readonly ExtraKey[]): StoreState {
  const users: UserRecord[] = universe.users.map((u) => ({
    id: u.id,
    name: u.name,
    apiKey: u.apiKey,
    active: u.active,
  }));
  const strategies = universe.userStrategies.map((s): StrategyRecord => {
    const versions = s.versions.map((v): VersionRecord => {
      const createdAt = Date.parse(v.createdAt);
      const outcome = toOutcome(v.status);
      return {
        id: v.id,
        objective: v.objective,
        exclusions: [...v.exclusions],
        createdAt,
        run: outcome === null ? null : { startedAt: createdAt, durationMs: 0, outcome },
        constituents: v.status === 100 ? v.constituents.map((c) => ({ ...c })) : null,
      };
    });
    const record: StrategyRecord = {
      id: s.id,
      userId: s.userId,
      name: s.name,
      objective: s.objective,
      exclusions: [...s.exclusions],
      tags: [...s.tags],
      public: s.public,
      createdAt: Date.parse(s.createdAt),
      updatedAt: Date.parse(s.updatedAt),
      archivedAt: s.archivedAt === null ? null : Date.parse(s.archivedAt),
      versions,
      activeVersionId: s.activeVersionId,
      draftVersionId: null,
      nextOutcome: null,
    };
    record.draftVersionId = matchingVersionId(record);
    return record;
  });
  return withExtraKeys(
    { formatVersion: 1, idSeed: seed, idCounter: 0, clockOffsetMs: 0, users, strategies, extensions: {} },
    extraKeys,
  );
}

/**
 * Adds the users of `extraKeys` that are not in `state` yet (a key with `userId` aliases that
 * user's identity; without, a new active user with an id derived from the key). Mutates and
 * returns `state`.
 */
export function withExtraKeys(state: StoreState, extraKeys: readonly ExtraKey[]): StoreState {
  for (const extra of extraKeys) {
    if (state.users.some((u) => u.apiKey === extra.key)) continue;
    const alias = extra.userId === null ? undefined : state.users.find((u) => u.id === extra.userId);
    if (extra.userId !== null && alias === undefined) {
      throw new RangeError(`options.extraKeys: user ${extra.userId} does not exist`);
    }
    state.users.push({
      id: alias?.id ?? uuidFrom(`user:${extra.key}`),
      name: alias?.name ?? `Mock user ${extra.key.slice(0, 6)}`,
      apiKey: extra.key,
      active: true,
    });
  }
  return state;
}

function toOutcome(status: number): BuildOutcome | null {
  if (status === 100 || status === -1 || status === -2) return status;
  return null;
}
