import { systemClock } from "../clock/Clock.ts";
import { ApiError } from "../errors/ApiError.ts";
import { toErrorResponse } from "../errors/toErrorResponse.ts";
import { registerSessionRoutes } from "../routes/sessions.ts";
import { LIMITS } from "../schemas/limits.ts";
import { SESSION_NAME_PATTERN, type SessionOut } from "../schemas/session.ts";
import type { SessionControl } from "../context/SessionControl.ts";
import { refuseUnknownOptions } from "../config/refuseUnknownOptions.ts";
import { CREATE_APP_OPTION_NAMES, type CreateAppOptions, createMock, type Mock } from "./createApp.ts";
import { hostAllowed } from "./hostCheckMiddleware.ts";
import { MOCK_SESSION_HEADER } from "../context/mockHeaders.ts";

/** Sandbox sessions alive at once unless `maxSessions` says otherwise. */
export const DEFAULT_MAX_SESSIONS = 64;

/** How long a sandbox session may go unused before it is dropped, unless `sessionIdleMs` says otherwise: 30 minutes. */
export const DEFAULT_SESSION_IDLE_MS = 30 * 60_000;

/** The option names {@link createSessionDispatcher} adds to the app's. */
const SESSION_OPTIONS: Record<Exclude<keyof SessionDispatcherOptions, keyof CreateAppOptions>, true> = {
  maxSessions: true,
  sessionIdleMs: true,
};
export const SESSION_DISPATCHER_OPTION_NAMES: readonly string[] = Object.freeze([
  ...CREATE_APP_OPTION_NAMES,
  ...Object.keys(SESSION_OPTIONS),
]);

/** Options of {@link createSessionDispatcher}: the app's, plus the cap on sessions and their idle time. */
export interface SessionDispatcherOptions extends CreateAppOptions {
  /** Most sandbox sessions alive at once (1..1000); default {@link DEFAULT_MAX_SESSIONS}. */
  maxSessions?: number;
  /** A session unused for this long (real time, the injected base clock) is dropped; 0 = never. Default 30 minutes (`DEFAULT_SESSION_IDLE_MS`). */
  sessionIdleMs?: number;
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
  /** Base-clock time of its last request (or creation). */
  lastUsedAt: number;
}

/**
 * Sandbox sessions: parallel test workers against one mock each act in their own copy of the
 * state. A request with `X-Mock-Session: <name>` goes to an app of its own (`createMock` over the
 * same read-only universe and base clock, in memory, with its own clock offset and settings),
 * created on first use or by `POST /__mock/sessions {"name"}`, dropped by
 * `DELETE /__mock/sessions/{name}`; the control surface (`/__mock/reset`, clock, builds) acts on
 * the session the header names. Without the header (or with `default`) requests see the default
 * state, persisted as before. At most `maxSessions` sessions live at once (409 beyond, naming the
 * least recently used ones and how to free one); a session unused for `sessionIdleMs` (real time)
 * is dropped, checked whenever a session is created or listed. A request the default app would
 * refuse for its `Host` (the DNS-rebinding guard) is answered by it before any session is made.
 *
 * Cost: creating a session copies the fixtures' mutable state (strategies, portfolios): O(state).
 * @throws RangeError for `maxSessions` outside 1..1000, an invalid app option or one it does not have
 * @example
 * const d = createSessionDispatcher({ universe: testUniverse, quiet: true });
 * await d.fetch(new Request("http://mock/v1/strategies", { method: "POST", headers: { "X-Mock-Session": "w1", … }, body }));
 * d.sessions.list().map((s) => s.name) // => ["w1"]
 */
export function createSessionDispatcher(options: SessionDispatcherOptions = {}): SessionDispatcher {
  refuseUnknownOptions(options, SESSION_DISPATCHER_OPTION_NAMES);
  const { maxSessions = DEFAULT_MAX_SESSIONS, sessionIdleMs = DEFAULT_SESSION_IDLE_MS, ...appOptions } = options;
  if (!Number.isInteger(maxSessions) || maxSessions < 1 || maxSessions > 1000)
    throw new RangeError(`maxSessions must be an integer in 1..1000, got ${maxSessions}`);
  if (!Number.isInteger(sessionIdleMs) || sessionIdleMs < 0)
    throw new RangeError(`sessionIdleMs must be an integer >= 0, got ${sessionIdleMs}`);
  const mock = createMock(appOptions);
  const baseClock = appOptions.clock ?? systemClock;
  const sandboxes = new Map<string, Sandbox>();
  const { persistence: _persisted, ...sessionOptions } = appOptions; // sessions live in memory only

  const describe = (name: string, sandbox: Sandbox): SessionOut => ({
    name,
    createdAt: new Date(sandbox.createdAt).toISOString(),
    strategies: sandbox.mock.ctx.store.state.strategies.length,
    lastUsedAt: new Date(sandbox.lastUsedAt).toISOString(),
  });

  /** Drops the sessions unused for `sessionIdleMs`. O(sessions). */
  const dropIdle = () => {
    if (sessionIdleMs === 0) return;
    const now = baseClock.now();
    for (const [name, sandbox] of sandboxes) if (now - sandbox.lastUsedAt >= sessionIdleMs) sandboxes.delete(name);
  };

  const limitReached = (): ApiError => {
    const oldest = [...sandboxes].sort((a, b) => a[1].lastUsedAt - b[1].lastUsedAt).slice(0, 3);
    const minutes = (ms: number) => Math.floor(ms / 60_000);
    const now = baseClock.now();
    const idle = oldest.map(([name, s]) => `${name} (unused for ${minutes(now - s.lastUsedAt)} min)`).join(", ");
    const expiry =
      sessionIdleMs === 0
        ? "sessions do not expire on this server"
        : `a session unused for ${minutes(sessionIdleMs)} min is dropped`;
    return new ApiError(
      409,
      `session limit reached (${maxSessions} sessions alive): free one with DELETE /__mock/sessions/{name} (least recently used: ${idle}; GET /__mock/sessions lists them all), or POST /__mock/reset with X-Mock-Session: <name> to reuse one; ${expiry} (--session-idle-minutes); --max-sessions raises the limit`,
    );
  };

  const sessions: SessionControl = {
    maxSessions,
    idleMs: sessionIdleMs,
    list: () => {
      dropIdle();
      return [...sandboxes].map(([name, sandbox]) => describe(name, sandbox));
    },
    open(name) {
      const existing = sandboxes.get(name);
      if (existing !== undefined) return { session: describe(name, existing), created: false };
      dropIdle();
      if (sandboxes.size >= maxSessions) throw limitReached();
      const sandbox: Sandbox = {
        mock: createMock({
          ...sessionOptions,
          universe: mock.ctx.universe,
          log: mock.ctx.log,
          quiet: appOptions.quiet,
        }),
        createdAt: mock.ctx.clock.now(),
        lastUsedAt: baseClock.now(),
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
      if (
        name === null ||
        name === "" ||
        name === "default" ||
        new URL(request.url).pathname.startsWith("/__mock/sessions")
      )
        return mock.app.fetch(request);
      // A Host the app refuses (DNS-rebinding guard): the default app answers its 403, and no session is made for it.
      const { allowedHosts } = mock.ctx.options;
      const host = request.headers.get("host");
      if (allowedHosts !== true && host !== null && !hostAllowed(host, allowedHosts)) return mock.app.fetch(request);
      try {
        if (!mock.ctx.options.controlEnabled)
          throw new ApiError(
            400,
            `${MOCK_SESSION_HEADER}: sessions need the control surface, which this server disables`,
          );
        if (!SESSION_NAME_PATTERN.test(name)) {
          throw new ApiError(
            400,
            `${MOCK_SESSION_HEADER}: 1..${LIMITS.SESSION_NAME_MAX} letters, digits, '_', '.', '-', starting with a letter or digit`,
          );
        }
        sessions.open(name);
      } catch (error) {
        const response = toErrorResponse(error, () => {});
        return Response.json(response.body, { status: response.status, headers: response.headers });
      }
      const sandbox = sandboxes.get(name)!;
      sandbox.lastUsedAt = baseClock.now();
      return sandbox.mock.app.fetch(request);
    },
  };
}
