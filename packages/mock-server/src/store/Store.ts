import type { Universe } from "../_internal/fixtures.ts";
import { uuidFrom } from "../_internal/hash.ts";
import type { ExtraKey } from "../config/MockOptions.ts";
import { initialState, withExtraKeys } from "./initialState.ts";
import type { Persistence } from "./Persistence.ts";
import type { StoreState } from "./StoreState.ts";

/** A write in progress: the state copy being changed and an id generator. */
export interface Draft {
  state: StoreState;
  /** A new uuid, deterministic from the store's seed and counter. */
  newId(): string;
}

/**
 * The mock's mutable state. Reads see a consistent snapshot; every write goes through
 * {@link Store.mutate}, which changes a copy, persists it synchronously, and only then publishes
 * it (so a write that throws changes nothing, and an acknowledged write is durable).
 */
export interface Store {
  /** The current state: treat as read-only. */
  readonly state: Readonly<StoreState>;
  /** Applies `change` to a copy of the state, persists it, publishes it, returns `change`'s result. */
  mutate<T>(change: (draft: Draft) => T): T;
  /** Replaces the state with the fixtures' (and persists that). */
  reset(): void;
}

/** What {@link createStore} needs. */
export interface StoreOptions {
  universe: Universe;
  persistence: Persistence;
  seed: number;
  extraKeys: readonly ExtraKey[];
}

/**
 * A {@link Store} that starts from the persisted state when there is one (for the same format
 * version), else from the fixtures.
 *
 * @example
 * const store = createStore({ universe, persistence: memoryPersistence, seed: 1, extraKeys: [] });
 * store.mutate((d) => d.newId()).length // => 36
 */
export function createStore(options: StoreOptions): Store {
  const fresh = (): StoreState => initialState(options.universe, options.seed, options.extraKeys);
  const loaded = options.persistence.load();
  let state: StoreState =
    loaded !== null && loaded.formatVersion === 1 ? withExtraKeys({ ...loaded, clockOffsetMs: loaded.clockOffsetMs ?? 0 }, options.extraKeys) : fresh();
  if (loaded === null) options.persistence.save(state);

  return {
    get state() {
      return state;
    },
    mutate(change) {
      const copy = structuredClone(state);
      const draft: Draft = {
        state: copy,
        newId: () => {
          copy.idCounter += 1;
          return uuidFrom(`${copy.idSeed}:${copy.idCounter}`);
        },
      };
      const result = change(draft);
      options.persistence.save(copy);
      state = copy;
      return result;
    },
    reset() {
      const next = fresh();
      options.persistence.save(next);
      state = next;
    },
  };
}
