import type { Universe } from "../_internal/fixtures.ts";
import type { OffsetClock } from "../clock/OffsetClock.ts";
import type { MockOptions } from "../config/MockOptions.ts";
import type {
  ClockAccess,
  MemoAccess,
  OptionsAccess,
  SolverAccess,
  StateAccess,
  StoreAccess,
  UniverseAccess,
} from "./contextParts.ts";
import type { SolverRunner } from "./SolverRunner.ts";
import type { Store } from "../store/Store.ts";
import type { RequestLog } from "./requestLog.ts";

/**
 * What every route and service receives: the read-only fixture universe, the mutable store, the
 * clock (an offset clock over the injected one, so the control surface can fast-forward), the
 * resolved options (the control surface may change `latencyMs` and `buildDurationMs` at run
 * time), a memo for deterministic derived data (cleared on reset), the logger and the solver runner.
 * Routes, MCP tools and the app hold the whole of it; a service takes only the parts it uses
 * (`contextParts.ts`), and every `ServiceContext` is each of those parts.
 */
export interface ServiceContext
  extends UniverseAccess,
    StateAccess,
    ClockAccess,
    OptionsAccess,
    MemoAccess,
    StoreAccess,
    SolverAccess {
  readonly universe: Universe;
  /** The stored state: `store.state` to read, `store.mutate` to write (a service that only reads takes `StateAccess`). */
  readonly store: Store;
  /** The mock's clock: `now()`, and the offset the control surface moves. */
  readonly clock: OffsetClock;
  /** The resolved options; the control surface may change some at run time. */
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
