import { OpenAPIHono } from "@hono/zod-openapi";
import type { Universe } from "../_internal/fixtures.ts";
import { authMiddleware } from "../auth/authMiddleware.ts";
import type { Clock } from "../clock/Clock.ts";
import { systemClock } from "../clock/Clock.ts";
import { createOffsetClock } from "../clock/OffsetClock.ts";
import { type MockOptions, resolveOptions } from "../config/MockOptions.ts";
import { ApiError } from "../errors/ApiError.ts";
import { formatZodError } from "../errors/formatZodError.ts";
import { toErrorResponse } from "../errors/toErrorResponse.ts";
import { memoryPersistence, type Persistence } from "../store/Persistence.ts";
import { createStore } from "../store/Store.ts";
import type { DocsAssets } from "../routes/docs.ts";
import { HEALTH_PATHS } from "../routes/health.ts";
import { corsMiddleware } from "./corsMiddleware.ts";
import { emptyJsonBodyMiddleware } from "./emptyJsonBodyMiddleware.ts";
import { MOCK_LATENCY_HEADER, MOCK_STATUS_HEADER, mockHeadersMiddleware } from "./mockHeadersMiddleware.ts";
import { requestLogMiddleware } from "./requestLogMiddleware.ts";
import type { MockApp } from "./RouteModule.ts";
import { routeModules } from "./routeModules.ts";
import type { AppEnv, ServiceContext } from "./ServiceContext.ts";
import { loadDefaultUniverse } from "./loadDefaultUniverse.ts";

/** Options of {@link createApp}: the runtime options plus the injected dependencies. */
export interface CreateAppOptions extends Partial<MockOptions> {
  /** The data served; default `loadUniverse()` from @thematic/fixtures. */
  universe?: Universe;
  /** Time source; default the system clock. Tests pass `createManualClock()`. */
  clock?: Clock;
  /** Where state survives restarts; default none (in memory, fresh from fixtures on each start). */
  persistence?: Persistence;
  /** Sink for the one-line-per-request log and unexpected errors; default `console.log`. */
  log?: (line: string) => void;
  /** No request log lines (unexpected errors are still logged). */
  quiet?: boolean;
  /** Swagger UI files for `/docs` (the Node adapter passes swagger-ui-dist); without, `/docs` links to `/openapi.json`. */
  docsAssets?: DocsAssets;
}

/** The app and its service context (tests and adapters use the context directly). */
export interface Mock {
  app: MockApp;
  ctx: ServiceContext;
}

/**
 * The whole API as one Fetch-API app (`app.fetch(request)`): routes of `app/routeModules.ts`, bearer
 * auth on `/v1/*` and `/v2/*` except the health checks (`/v1/health`, `/v2/health`), CORS, the mock headers, one log line per
 * request, `{error}` bodies for every failure (validation 400 naming field and rule, unknown
 * route 404, malformed JSON 400), OpenAPI 3.1 at `/openapi.json` and a reference at `/docs`.
 *
 * @throws RangeError for an invalid option (named)
 * @example
 * const { app } = createMock({ universe: testUniverse });
 * (await app.request("/v1/health")).status // => 200
 */
export function createMock(options: CreateAppOptions = {}): Mock {
  const resolved = resolveOptions(pickMockOptions(options));
  const universe = options.universe ?? loadDefaultUniverse();
  const store = createStore({ universe, persistence: options.persistence ?? memoryPersistence, seed: resolved.seed, extraKeys: resolved.extraKeys });
  const log = options.log ?? ((line: string) => console.log(line));
  const ctx: ServiceContext = {
    universe,
    store,
    clock: createOffsetClock(options.clock ?? systemClock),
    options: { ...resolved },
    memo: new Map(),
    log,
  };
  ctx.clock.advance(store.state.clockOffsetMs); // a persisted fast-forward survives a restart

  const app: MockApp = new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        const where = result.target === "json" ? "body" : result.target === "param" ? "path" : result.target;
        return c.json({ error: formatZodError(result.error, where) }, 400);
      }
      return undefined;
    },
  });

  app.use("*", requestLogMiddleware(options.quiet === true ? () => {} : log));
  app.use(
    "*",
    corsMiddleware({
      allowMethods: ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
      allowHeaders: ["Authorization", "Content-Type", MOCK_STATUS_HEADER, MOCK_LATENCY_HEADER, "Mcp-Protocol-Version"],
      exposeHeaders: ["WWW-Authenticate"],
      maxAgeSeconds: 600,
    }),
  );
  app.use("*", mockHeadersMiddleware(ctx));
  app.use("*", emptyJsonBodyMiddleware());
  const auth = authMiddleware(ctx, new Set(HEALTH_PATHS));
  app.use("/v1/*", auth);
  app.use("/v2/*", auth);

  app.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    description: "API key of a fixture user (see README), or one added with --add-key",
  });
  for (const register of routeModules(options.docsAssets)) register(app, ctx);

  app.notFound((c) => c.json({ error: `no route for ${c.req.method} ${c.req.path}` }, 404));
  app.onError((error, c) => {
    const response = toErrorResponse(error, (e) => log(`[thematic-mock] unexpected error on ${c.req.method} ${c.req.path}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`));
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
    maxStrategyCompanies: o.maxStrategyCompanies,
    optimizerTimeLimitMs: o.optimizerTimeLimitMs,
  } as Partial<MockOptions>;
}
