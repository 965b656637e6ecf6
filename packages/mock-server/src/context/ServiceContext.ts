import type { Universe } from "../_internal/fixtures.ts";
import type { OffsetClock } from "../clock/OffsetClock.ts";
import type { MockOptions } from "../config/MockOptions.ts";
import type { SolverRunner } from "./SolverRunner.ts";
import type { Store } from "../store/Store.ts";
import type { RequestLog } from "./requestLog.ts";

/**
 * What every route and service receives: the read-only fixture universe, the mutable store, the
 * clock (an offset clock over the injected one, so the control surface can fast-forward), the
 * resolved options (the control surface may change `latencyMs` and `buildDurationMs` at run
 * time), a memo for deterministic derived data (cleared on reset), the logger and the solver runner.
 */
export interface ServiceContext {
  readonly universe: Universe;
  readonly store: Store;
  readonly clock: OffsetClock;
  readonly options: MockOptions;
  /** Memo for values that are pure functions of the universe and their key (e.g. a version's companies). */
  readonly memo: Map<string, unknown>;
  /** Log sink for request lines and unexpected errors (a no-op when quiet). */
  readonly log: (line: string) => void;
  /** Runs the optimizer solves: inline by default, a worker-thread pool in the Node server. */
  readonly solver: SolverRunner;
  /** The most recent requests (a ring buffer), for the studio page and `GET /__mock/requests`. */
  readonly requests: RequestLog;
}

/** The authenticated caller of a request. */
export interface Caller {
  userId: string;
}

/** Hono environment of the app: the variables middleware sets on the context. */
export interface AppEnv {
  Variables: {
    caller: Caller;
  };
}

/**
 * The memoised value of `key`, computed by `compute` on first use.
 *
 * @example
 * memoize(ctx, "x", () => 1) // => 1
 */
export function memoize<T>(ctx: ServiceContext, key: string, compute: () => T): T {
  if (ctx.memo.has(key)) return ctx.memo.get(key) as T;
  const value = compute();
  ctx.memo.set(key, value);
  return value;
}

/** Values derived from a universe alone, by universe: shared by every mock serving it (the default state and each sandbox session). */
const sharedByUniverse = new WeakMap<Universe, Map<string, unknown>>();

/**
 * The value of `key` derived from `ctx.universe` alone, computed by `compute` on first use and
 * then shared by every mock of that universe: the default state, each sandbox session and any
 * other app built on it (issue 20, item 10: each session built its own search index, company
 * lists and presented premade strategies, so its first search took 40–160 ms instead of 5 ms and
 * 64 sessions held 107 MB). Only for values that depend on nothing but the universe and `key`
 * (never the store, the clock or the options), that no caller mutates; a reset does not clear
 * them (they cannot change). Everything else goes in {@link memoize}.
 *
 * @example
 * memoizeShared(ctxA, "x", () => ({})) === memoizeShared(ctxB, "x", () => ({})) // => true when both serve one universe
 */
export function memoizeShared<T>(ctx: ServiceContext, key: string, compute: () => T): T {
  let shared = sharedByUniverse.get(ctx.universe);
  if (shared === undefined) sharedByUniverse.set(ctx.universe, (shared = new Map()));
  if (shared.has(key)) return shared.get(key) as T;
  const value = compute();
  shared.set(key, value);
  return value;
}
