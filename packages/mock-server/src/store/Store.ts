import type { Universe } from "../_internal/fixtures.ts";
import { uuidFrom } from "../_internal/hash.ts";
import type { ExtraKey } from "../config/MockOptions.ts";
import { createCowDraft, deepFreeze, FREEZE_STATES } from "./_internal/cowDraft.ts";
import { firstPurgeAt, purgeDueAfter } from "./_internal/purgeSchedule.ts";
import { initialState, withExtraKeys } from "./initialState.ts";
import type { Persistence } from "./Persistence.ts";
import type { StoreState, StrategyRecord } from "./StoreState.ts";

/** A write in progress: the state being changed (a copy-on-write draft) and an id generator. */
export interface Draft {
  state: StoreState;
  /** A new uuid, deterministic from the store's seed and counter. */
  newId(): string;
}

/**
 * The mock's mutable state. Reads see a consistent, immutable snapshot; every write goes
 * through {@link Store.mutate}, which changes a copy-on-write draft, persists the changes
 * synchronously, and only then publishes the next snapshot (so a write that throws, or that
 * cannot be made durable, changes nothing, and an acknowledged write is durable).
 */
export interface Store {
  /** The current state: never changes (a write publishes a new one); deeply frozen under vitest, so a stray write fails tests. */
  readonly state: Readonly<StoreState>;
  /**
   * Applies `change` to a draft of the state, persists it, publishes it, returns `change`'s
   * result (drafts in it replaced by their final values). Untouched parts are shared with the
   * previous state, so the cost follows what `change` touches, not the state's size. Predicates
   * given to a draft array's find/filter/some/every see the stored elements: they must not write.
   */
  mutate<T>(change: (draft: Draft) => T): T;
  /** Replaces the state with the fixtures' (and persists that); {@link Store.generation} moves on. */
  reset(): void;
  /**
   * Which state this is: 0 for the state the store started from, one more after each reset.
   * Ids repeat across resets (the same seed and counter), so what was issued for one generation
   * (a presigned address) must name it to not apply to the next. In memory: a restart starts at 0
   * again, and what depends on it is bound to the process as well.
   */
  readonly generation: number;
  /**
   * Permanently deletes the strategies archived `retentionMs` or more ago (also runs after every
   * write). Never throws: a purge that cannot be persisted is retried after the next write.
   */
  purgeExpired(): void;
}

/** What {@link createStore} needs. */
export interface StoreOptions {
  universe: Universe;
  persistence: Persistence;
  seed: number;
  extraKeys: readonly ExtraKey[];
  /** Time now, ms (the mock's clock); default Date.now. */
  now?: () => number;
  /** Archived strategies are deleted this long after archiving; default never. */
  retentionMs?: number;
  /** Told which strategies were deleted (to drop what was derived from them). */
  onPurge?: (purged: readonly StrategyRecord[]) => void;
}

/**
 * A {@link Store} that starts from the persisted state when there is one, else from the fixtures.
 *
 * @throws what `persistence.load()` throws for a bad saved state; RangeError for a bad extra key
 * @example
 * const store = createStore({ universe, persistence: memoryPersistence, seed: 1, extraKeys: [] });
 * store.mutate((d) => d.newId()).length // => 36
 */
export function createStore(options: StoreOptions): Store {
  const now = options.now ?? Date.now;
  const retentionMs = options.retentionMs ?? Infinity;
  const immutable = <S>(s: S): S => (FREEZE_STATES ? deepFreeze(s) : s);
  const fresh = (): StoreState => immutable(initialState(options.universe, options.seed, options.extraKeys));
  const loaded = options.persistence.load();
  let state: StoreState = loaded === null ? fresh() : immutable(loaded);
  if (loaded === null) options.persistence.replace(state);
  let purgeDue = firstPurgeAt(state.strategies, retentionMs);
  let generation = 0;

  const write = <T>(change: (draft: Draft) => T): T => {
    const draft = createCowDraft(state);
    const root = draft.root;
    let result: T;
    try {
      result = change({
        state: root,
        newId: () => {
          root.idCounter += 1;
          return uuidFrom(`${root.idSeed}:${root.idCounter}`);
        },
      });
    } catch (error) {
      draft.discard();
      throw error;
    }
    const { next, ops } = draft.finish();
    if (ops.length > 0) {
      options.persistence.commit(ops, next); // throws (changing nothing) when it cannot be made durable
      state = next;
      purgeDue = purgeDueAfter(ops, purgeDue, retentionMs);
    }
    return draft.settle(result);
  };

  const store: Store = {
    get state() {
      return state;
    },
    get generation() {
      return generation;
    },
    mutate(change) {
      const result = write(change);
      store.purgeExpired();
      return result;
    },
    reset() {
      const next = fresh();
      options.persistence.replace(next);
      state = next;
      generation += 1;
      purgeDue = firstPurgeAt(state.strategies, retentionMs);
    },
    purgeExpired() {
      const t = now();
      if (t < purgeDue) return;
      const expired = state.strategies.filter((s) => s.archivedAt !== null && t >= s.archivedAt + retentionMs);
      if (expired.length > 0) {
        const gone = new Set(expired);
        try {
          write((d) => {
            // Scan the stored state (no drafts), splice from the end so indices stay right.
            for (let i = state.strategies.length - 1; i >= 0; i--)
              if (gone.has(state.strategies[i]!)) d.state.strategies.splice(i, 1);
          });
        } catch {
          return; // not durable (full disk): nothing purged, retried after the next write
        }
        options.onPurge?.(expired);
      }
      purgeDue = firstPurgeAt(state.strategies, retentionMs);
    },
  };
  // Keys added by option (--add-key) become users through a journaled write.
  if (options.extraKeys.some((k) => !state.users.some((u) => u.apiKey === k.key)))
    write((d) => void withExtraKeys(d.state, options.extraKeys));
  return store;
}
