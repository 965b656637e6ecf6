import type { StoreState } from "./StoreState.ts";

/**
 * Where the store keeps its state between runs. Synchronous on purpose: `save` returns only when
 * the state is durable, and the store calls it BEFORE the response is sent, so an acknowledged
 * write survives a crash. The Node file implementation is in `adapters/node/filePersistence.ts`;
 * a browser could use localStorage; the default keeps nothing.
 */
export interface Persistence {
  /** The saved state, or null when nothing was saved yet. */
  load(): StoreState | null;
  /** Makes `state` durable (atomically: all or nothing). */
  save(state: StoreState): void;
}

/** Keeps nothing: state lives in memory only. @example memoryPersistence.load() // => null */
export const memoryPersistence: Persistence = {
  load: () => null,
  save: () => {},
};
