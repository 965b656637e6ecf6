import type { Universe } from "../_internal/fixtures.ts";
import type { Clock } from "../clock/Clock.ts";
import type { MockOptions } from "../config/MockOptions.ts";
import type { Store } from "../store/Store.ts";
import type { SolverRunner } from "./SolverRunner.ts";

/*
 * The parts of the `ServiceContext` a service may ask for. A service takes the parts it uses,
 * joined with `&`, so its signature says what it can do (ARCHITECTURE.md, "What a service takes"):
 * `StoreAccess` when it may write the store, `SolverAccess` when it may start a solve, and read
 * parts otherwise; `ReadContext` names all five read parts, for a read that needs four or more.
 * Every `ServiceContext` is each of them, so a route or tool passes its `ctx` as it is.
 */

/** Reads the fixture universe (companies, themes, prices, premade strategies); `memoizeShared` keys on it. */
export interface UniverseAccess {
  readonly universe: Universe;
}

/** Reads the stored state (`store.state`, `store.generation`); never writes it. */
export interface StateAccess {
  readonly store: Pick<Store, "state" | "generation">;
}

/** Reads the mock's clock (`clock.now()`); never moves it. */
export interface ClockAccess {
  readonly clock: Clock;
}

/** Reads the resolved options; never changes them. */
export interface OptionsAccess {
  readonly options: Readonly<MockOptions>;
}

/** Keeps values derived from the universe and the options in the mock's memo (`memoize`; cleared on reset). */
export interface MemoAccess {
  readonly memo: Map<string, unknown>;
}

/** Writes the stored state (`store.mutate`): a service taking this may change what is stored. */
export interface StoreAccess {
  readonly store: Store;
}

/** Starts optimizer solves (`solver.run`): a service taking this may occupy a solver. */
export interface SolverAccess {
  readonly solver: SolverRunner;
}

/** Every read part: the universe, the stored state, the clock, the options and the memo. A service taking only this never writes and never solves. */
export type ReadContext = UniverseAccess & StateAccess & ClockAccess & OptionsAccess & MemoAccess;
