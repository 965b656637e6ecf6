import { OpenAPIHono } from "@hono/zod-openapi";
import type { Universe } from "../_internal/fixtures.ts";
import { authMiddleware } from "../auth/authMiddleware.ts";
import type { Clock } from "../clock/Clock.ts";
import { systemClock } from "../clock/Clock.ts";
import { createOffsetClock } from "../clock/OffsetClock.ts";
import { defaultOptions, type MockOptions, resolveOptions } from "../config/MockOptions.ts";
import { refuseUnknownOptions } from "../config/refuseUnknownOptions.ts";
import type { ApiError } from "../errors/ApiError.ts";
import { validationHook } from "./validationHook.ts";
import { WARNING_HEADER } from "../context/addWarning.ts";
import { RATE_LIMIT_HEADERS, rateLimitMiddleware } from "./rateLimitMiddleware.ts";
import { toErrorResponse } from "../errors/toErrorResponse.ts";
import { memoryPersistence, type Persistence } from "../store/Persistence.ts";
import { inlineSolverRunner } from "../services/optimize/inlineSolverRunner.ts";
import type { SolverRunner } from "../context/SolverRunner.ts";
import { createStore } from "../store/Store.ts";
import { forgetDerived } from "../store/forgetDerived.ts";
import { RETENTION_MS } from "../services/strategies/visibility.ts";
import { HEALTH_PATHS } from "../routes/health.ts";
import { FACTSHEET_PDF_PATH } from "../routes/factsheets.ts";
import { MCP_PATH } from "../context/mcpPath.ts";
import { LIMITS } from "../schemas/limits.ts";
import { OPENAPI_PATH, openApiDocumentMiddleware } from "../openapi/openApiDocumentMiddleware.ts";
import { type DriftDocument, type ProxySetup, proxyMiddleware } from "../proxy/proxyMiddleware.ts";
import type { RecordedExchange } from "../proxy/RecordedExchange.ts";
import { replayMiddleware } from "../proxy/replayMiddleware.ts";
import { bodyLimitMiddleware } from "./bodyLimitMiddleware.ts";
import { CONTROL_PREFIX, controlGuardMiddleware } from "./controlGuardMiddleware.ts";
import { corsMiddleware } from "./corsMiddleware.ts";
import { emptyJsonBodyMiddleware } from "./emptyJsonBodyMiddleware.ts";
import { documentBodyLimit } from "./documentBodyLimit.ts";
import { hostCheckMiddleware } from "./hostCheckMiddleware.ts";
import { nosniffMiddleware } from "./nosniffMiddleware.ts";
import { MOCK_LATENCY_HEADER, MOCK_SESSION_HEADER, MOCK_STATUS_HEADER } from "../context/mockHeaders.ts";
import { mockHeadersMiddleware } from "./mockHeadersMiddleware.ts";
import { createRequestLog } from "../context/requestLog.ts";
import { requestLogMiddleware } from "./requestLogMiddleware.ts";
import type { MockApp } from "../context/RouteModule.ts";
import { routeModules } from "./routeModules.ts";
import type { AppEnv, ServiceContext } from "../context/ServiceContext.ts";
import { loadDefaultUniverse } from "./loadDefaultUniverse.ts";

/** Options of {@link createApp}: the runtime options plus the injected dependencies. */
export interface CreateAppOptions extends Partial<MockOptions> {
  /** The data served; default `loadUniverse()` from @thematic/fixtures. */
  universe?: Universe;
  /** Time source; default the system clock. Tests pass `createManualClock()`. */
  clock?: Clock;
  /** Where state survives restarts; default none (in memory, fresh from fixtures on each start). */
  persistence?: Persistence;
  /** Sink for unexpected errors and, with `quiet: false`, the one-line-per-request log; default `console.log`. */
  log?: (line: string) => void;
  /**
   * No request log lines (unexpected errors are still logged). Default true: a library stays
   * quiet; `quiet: false` writes `GET /v1/strategies 200 3ms` to `log` for every request (the
   * `thematic-mock` CLI does, unless `--quiet`). The studio's request log is kept either way.
   */
  quiet?: boolean;
  /** Runs optimizer solves; default `inlineSolverRunner`, in process (the Node server passes a worker-thread pool). */
  solver?: SolverRunner;
  /** `--proxy`: forward the API to a real deployment and report drift (`proxy/proxyMiddleware.ts`); share one across sessions. */
  proxy?: ProxySetup;
  /** `--replay`: the recorded answer of a request key, if any (`proxy/replayMiddleware.ts`). */
  replay?: (key: string) => RecordedExchange | undefined;
}

/**
 * Every option name of {@link CreateAppOptions} (the record makes the compiler check that none is
 * missing): a key outside it is refused (`refuseUnknownOptions`).
 */
const INJECTED_OPTIONS: Record<Exclude<keyof CreateAppOptions, keyof MockOptions>, true> = {
  universe: true,
  clock: true,
  persistence: true,
  log: true,
  quiet: true,
  solver: true,
  proxy: true,
  replay: true,
};
export const CREATE_APP_OPTION_NAMES: readonly string[] = Object.freeze([
  ...Object.keys(defaultOptions),
  ...Object.keys(INJECTED_OPTIONS),
]);

/** The app and its service context (tests and adapters use the context directly). */
export interface Mock {
  app: MockApp;
  ctx: ServiceContext;
}

/**
 * The whole API as one Fetch-API app (`app.fetch(request)`): routes of `app/routeModules.ts`, bearer
 * auth on `/v1/*` and `/v2/*` except the health checks (`/v1/health`, `/v2/health`), CORS on the `corsOrigins` allow-list, the
 * `Host` check (`allowedHosts`), body size limits (413: `LIMITS.BODY_MAX_BYTES`, the MCP endpoint
 * `LIMITS.MCP_BODY_MAX_BYTES`), the control-surface guard (JSON only, own or allowed origin),
 * the mock headers, an empty JSON body read as `{}`, one log line per request (`quiet: false`), `{error}` bodies for every failure (validation 400 naming field and rule, unknown
 * route 404, malformed JSON 400), OpenAPI 3.1 at `/openapi.json` (with operation ids and examples, built once: `openapi/`) and a reference at `/docs`.
 *
 * @throws RangeError for an invalid option, or one it does not have (named, with the closest names)
 * @example
 * const { app } = createMock({ universe: testUniverse });
 * (await app.request("/v1/health")).status // => 200
 */
export function createMock(options: CreateAppOptions = {}): Mock {
  refuseUnknownOptions(options, CREATE_APP_OPTION_NAMES);
  const resolved = resolveOptions(pickMockOptions(options));
  const universe = options.universe ?? loadDefaultUniverse();
  const store = createStore({
    universe,
    persistence: options.persistence ?? memoryPersistence,
    seed: resolved.seed,
    extraKeys: resolved.extraKeys,
    // Read lazily: the store calls these only after ctx exists (purges run after writes and below).
    now: () => ctx.clock.now(),
    retentionMs: RETENTION_MS,
    onPurge: (purged) => forgetDerived(ctx.memo, purged),
  });
  const log = options.log ?? ((line: string) => console.log(line));
  const ctx: ServiceContext = {
    universe,
    store,
    clock: createOffsetClock(options.clock ?? systemClock),
    options: { ...resolved },
    memo: new Map(),
    log,
    solver: options.solver ?? inlineSolverRunner,
    requests: createRequestLog(),
  };
  const offset = store.state.clockOffsetMs;
  if (!(offset >= 0 && offset <= LIMITS.CLOCK_OFFSET_MAX_MS)) {
    // Checked here as well as the store does not bound it: past the limit every date the mock shows is out of `Date`'s range (a 500).
    throw new Error(
      `[thematic-mock] the saved state is not a valid thematic-mock state: clockOffsetMs: must be from 0 to ${LIMITS.CLOCK_OFFSET_MAX_MS} (100 years), got ${offset}. Fix it, move the file away, or choose another --data file`,
    );
  }
  ctx.clock.advance(offset); // a persisted fast-forward survives a restart
  store.purgeExpired(); // strategies archived 30 days ago or more are gone for good

  const app: MockApp = new OpenAPIHono<AppEnv>({
    // 400 naming each broken field once; unknown body fields warned about (or refused with --strict).
    defaultHook: (result, c) => hook(result as Parameters<typeof hook>[0], c),
  });
  const hook = validationHook(app, () => ctx.options.strictBodies);

  app.use("*", nosniffMiddleware());
  app.use(
    "*",
    requestLogMiddleware(options.quiet === false ? log : undefined, {
      requests: ctx.requests,
      now: () => ctx.clock.now(),
    }),
  );
  app.use(
    "*",
    corsMiddleware({
      allowOrigins: resolved.corsOrigins,
      allowMethods: ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
      allowHeaders: [
        "Authorization",
        "Content-Type",
        MOCK_STATUS_HEADER,
        MOCK_LATENCY_HEADER,
        MOCK_SESSION_HEADER,
        "Mcp-Protocol-Version",
      ],
      exposeHeaders: ["WWW-Authenticate", WARNING_HEADER, ...RATE_LIMIT_HEADERS],
      maxAgeSeconds: 600,
    }),
  );
  app.use("*", hostCheckMiddleware(resolved.allowedHosts));
  app.use(
    "*",
    bodyLimitMiddleware((path) => (path === MCP_PATH ? LIMITS.MCP_BODY_MAX_BYTES : LIMITS.BODY_MAX_BYTES)),
  );
  if (resolved.controlEnabled) app.use(`${CONTROL_PREFIX}*`, controlGuardMiddleware(resolved.corsOrigins));
  if (options.replay !== undefined) app.use("*", replayMiddleware(options.replay));
  if (options.proxy !== undefined)
    app.use(
      "*",
      proxyMiddleware(
        options.proxy,
        async () => (await (await app.request(OPENAPI_PATH)).json()) as DriftDocument,
        () => store.state.users.map((u) => u.apiKey),
      ),
    );
  app.use("*", mockHeadersMiddleware(ctx));
  app.use("*", emptyJsonBodyMiddleware());
  const auth = authMiddleware(ctx, new Set(HEALTH_PATHS), FACTSHEET_PDF_PATH);
  app.use("/v1/*", auth);
  app.use("/v2/*", auth);
  const rateLimit = rateLimitMiddleware(ctx);
  app.use("/v1/*", rateLimit);
  app.use("/v2/*", rateLimit);

  app.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description: "API key of a fixture user (see README), or one added with --add-key",
  });
  app.use(OPENAPI_PATH, openApiDocumentMiddleware()); // operation ids, examples, cached once built
  for (const register of routeModules(options.proxy?.drift)) register(app, ctx);
  documentBodyLimit(app);

  // The path is not echoed (a reflected string in an error body invites misuse); the method is one of Node's known tokens.
  app.notFound((c) =>
    c.json(
      { error: `no route for ${c.req.method} at this path: the routes are listed at /openapi.json and /docs` },
      404,
    ),
  );
  app.onError((error, c) => {
    const response = toErrorResponse(error, (e) =>
      log(
        `[thematic-mock] unexpected error on ${c.req.method} ${c.req.path}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`,
      ),
    );
    for (const [name, value] of Object.entries(response.headers)) c.header(name, value);
    return c.json(response.body, response.status as ApiError["status"]);
  });
  return { app, ctx };
}

/**
 * {@link createMock}'s app alone: `createApp(options).fetch(request)`.
 *
 * @example
 * (await createApp({ universe }).request("/nope")).status // => 404
 */
export function createApp(options: CreateAppOptions = {}): MockApp {
  return createMock(options).app;
}

function pickMockOptions(o: CreateAppOptions): Partial<MockOptions> {
  return {
    seed: o.seed,
    latencyMs: o.latencyMs,
    buildDurationMs: o.buildDurationMs,
    extraKeys: o.extraKeys,
    controlEnabled: o.controlEnabled,
    strictBodies: o.strictBodies,
    rateLimit: o.rateLimit,
    historicalCredits: o.historicalCredits,
    maxStrategyCompanies: o.maxStrategyCompanies,
    optimizerTimeLimitMs: o.optimizerTimeLimitMs,
    corsOrigins: o.corsOrigins,
    allowedHosts: o.allowedHosts,
  } as Partial<MockOptions>;
}
