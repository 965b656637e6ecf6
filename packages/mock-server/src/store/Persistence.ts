import type { StateOp } from "./StateOp.ts";
import type { StoreState } from "./StoreState.ts";

/**
 * Where the store keeps its state between runs. Synchronous on purpose: `commit` and `replace`
 * return only when the change is durable, and the store calls them BEFORE it publishes the new
 * state (and so before the response is sent): an acknowledged write survives a crash, and a
 * write that cannot be made durable throws and changes nothing. The Node file implementation
 * (snapshot + journal) is `adapters/node/filePersistence.ts`; the default keeps nothing.
 */
export interface Persistence {
  /** The saved state (validated: throws, naming what is wrong, rather than return a bad one), or null when nothing was saved yet. */
  load(): StoreState | null;
  /**
   * Makes one write durable: `ops` turn the last persisted state into `next` (which an
   * implementation may also keep, to compact). Cost should follow `ops`, not the state.
   *
   * @throws ApiError 507 when the disk is full, 503 on another I/O failure (nothing persisted)
   */
  commit(ops: readonly StateOp[], next: Readonly<StoreState>): void;
  /**
   * Makes `state` durable as a whole, atomically (first start, reset).
   *
   * @throws ApiError 507 when the disk is full, 503 on another I/O failure (the previous state kept)
   */
  replace(state: Readonly<StoreState>): void;
}

/** Keeps nothing: state lives in memory only. @example memoryPersistence.load() // => null */
export const memoryPersistence: Persistence = {
  load: () => null,
  commit: () => {},
  replace: () => {},
};
