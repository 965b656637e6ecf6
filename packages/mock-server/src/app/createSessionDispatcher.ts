import { ApiError } from "../errors/ApiError.ts";
import { toErrorResponse } from "../errors/toErrorResponse.ts";
import { registerSessionRoutes } from "../routes/sessions.ts";
import { LIMITS } from "../schemas/limits.ts";
import { SESSION_NAME_PATTERN, type SessionOut } from "../schemas/session.ts";
import { type CreateAppOptions, createMock, type Mock } from "./createApp.ts";
import { MOCK_SESSION_HEADER } from "./mockHeadersMiddleware.ts";

export { MOCK_SESSION_HEADER };

/** Sandbox sessions alive at once unless `maxSessions` says otherwise. */
export const DEFAULT_MAX_SESSIONS = 64;

/** Options of {@link createSessionDispatcher}: the app's, plus the cap on sessions. */
export interface SessionDispatcherOptions extends CreateAppOptions {
  /** Most sandbox sessions alive at once (1..1000); default {@link DEFAULT_MAX_SESSIONS}. */
  maxSessions?: number;
}

/** The session registry as the control routes see it. */
export interface SessionControl {
  readonly maxSessions: number;
  list(): SessionOut[];
  /** The session `name`, created (empty state: the fixtures) when absent. @throws ApiError 409 at the cap */
  open(name: string): { session: SessionOut; created: boolean };
  /** Drops session `name` and its state; false when there was none. */
  remove(name: string): boolean;
}

/** A fetch handler serving the default state and every sandbox session. */
export interface SessionDispatcher {
  /** Serves `request` in the session its `X-Mock-Session` header names (creating it on first use). */
  fetch(request: Request): Promise<Response>;
  /** The default (shared) mock: what requests without the header see. */
  readonly mock: Mock;
  readonly sessions: SessionControl;
  /** The mock of session `name`, if it exists (tests). */
  session(name: string): Mock | undefined;
}

interface Sandbox {
  mock: Mock;
  createdAt: number;
}

/**
 * Sandbox sessions: parallel test workers against one mock each act in their own copy of the
 * state. A request with `X-Mock-Session: <name>` goes to an app of its own (`createMock` over the
 * same read-only universe and base clock, in memory, with its own clock offset and settings),
 * created on first use or by `POST /__mock/sessions {"name"}`, dropped by
 * `DELETE /__mock/sessions/{name}`; the control surface (`/__mock/reset`, clock, builds) acts on
 * the session the header names. Without the header (or with `default`) requests see the default
 * state, persisted as before. At most `maxSessions` sessions live at once (409 beyond).
 *
 * Cost: creating a session copies the fixtures' mutable state (strategies, portfolios): O(state).
 * @throws RangeError for `maxSessions` outside 1..1000, or an invalid app option
 * @example
 * const d = createSessionDispatcher({ universe: testUniverse, quiet: true });
 * await d.fetch(new Request("http://mock/v1/strategies", { method: "POST", headers: { "X-Mock-Session": "w1", … }, body }));
 * d.sessions.list().map((s) => s.name) // => ["w1"]
 */
export function createSessionDispatcher(options: SessionDispatcherOptions = {}): SessionDispatcher {
  const { maxSessions = DEFAULT_MAX_SESSIONS, ...appOptions } = options;
  if (!Number.isInteger(maxSessions) || maxSessions < 1 || maxSessions > 1000) throw new RangeError(`maxSessions must be an integer in 1..1000, got ${maxSessions}`);
  const mock = createMock(appOptions);
  const sandboxes = new Map<string, Sandbox>();
  const { persistence: _persisted, ...sessionOptions } = appOptions; // sessions live in memory only

  const describe = (name: string, sandbox: Sandbox): SessionOut => ({
    name,
    createdAt: new Date(sandbox.createdAt).toISOString(),
    strategies: sandbox.mock.ctx.store.state.strategies.length,
  });

  const sessions: SessionControl = {
    maxSessions,
    list: () => [...sandboxes].map(([name, sandbox]) => describe(name, sandbox)),
    open(name) {
      const existing = sandboxes.get(name);
      if (existing !== undefined) return { session: describe(name, existing), created: false };
      if (sandboxes.size >= maxSessions) {
        throw new ApiError(409, `session limit reached (${maxSessions} sessions); DELETE /__mock/sessions/{name} one you no longer need`);
      }
      const sandbox: Sandbox = {
        mock: createMock({ ...sessionOptions, universe: mock.ctx.universe, log: mock.ctx.log, quiet: appOptions.quiet }),
        createdAt: mock.ctx.clock.now(),
      };
      sandboxes.set(name, sandbox);
      return { session: describe(name, sandbox), created: true };
    },
    remove: (name) => sandboxes.delete(name),
  };
  if (mock.ctx.options.controlEnabled) registerSessionRoutes(mock.app, sessions);

  return {
    mock,
    sessions,
    session: (name) => sandboxes.get(name)?.mock,
    async fetch(request) {
      const name = request.headers.get(MOCK_SESSION_HEADER);
      if (name === null || name === "" || name === "default" || new URL(request.url).pathname.startsWith("/__mock/sessions")) return mock.app.fetch(request);
      try {
        if (!mock.ctx.options.controlEnabled) throw new ApiError(400, `${MOCK_SESSION_HEADER}: sessions need the control surface, which this server disables`);
        if (!SESSION_NAME_PATTERN.test(name)) {
          throw new ApiError(400, `${MOCK_SESSION_HEADER}: 1..${LIMITS.SESSION_NAME_MAX} letters, digits, '_', '.', '-', starting with a letter or digit`);
        }
        sessions.open(name);
      } catch (error) {
        const response = toErrorResponse(error, () => {});
        return Response.json(response.body, { status: response.status, headers: response.headers });
      }
      return sandboxes.get(name)!.mock.app.fetch(request);
    },
  };
}
