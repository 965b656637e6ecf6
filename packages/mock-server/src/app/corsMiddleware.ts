import type { MiddlewareHandler } from "hono";
import { originMatcher } from "../_internal/originMatcher.ts";
import { setResponseHeaders } from "./_internal/setResponseHeaders.ts";
import type { AppEnv } from "../context/ServiceContext.ts";

/** What {@link corsMiddleware} allows and exposes. */
export interface CorsOptions {
  /** Origins whose pages may read responses (`MockOptions.corsOrigins` entries; `*` = every origin). */
  allowOrigins: readonly string[];
  /** Methods a preflight allows. */
  allowMethods: readonly string[];
  /** Request headers a preflight allows. */
  allowHeaders: readonly string[];
  /** Response headers a browser script may read. */
  exposeHeaders: readonly string[];
  /** Seconds a browser may cache a preflight. */
  maxAgeSeconds: number;
}

/**
 * CORS for browser apps on an allow-list of origins (no credentials: the API key travels in
 * `Authorization`, never in a cookie). A request whose `Origin` is allowed gets
 * `Access-Control-Allow-Origin: <that origin>` (or `*` when the list holds `*`) and the expose
 * headers; every response gets `Vary: Origin` unless the list is `*`, so a cache never serves one
 * origin's answer to another. An `OPTIONS` request is a preflight, answered without running the
 * rest of the app: 204 with the allowed methods, headers, max age (and
 * `Access-Control-Allow-Private-Network` when Chrome asks) for an allowed origin (and, without
 * `Access-Control-Allow-Origin`, for an OPTIONS request that carries no Origin), 403 `{error}`
 * naming the origin and the `--cors-origin` option for any other origin. A disallowed origin's non-preflight
 * request still runs (CORS only hides the answer from the page); the control surface refuses it
 * outright (`controlGuardMiddleware`).
 *
 * Why not `hono/cors`: it sets its headers on `c.res` before the route runs, so Hono copies every
 * route's response into a new one with a stream body, which takes @hono/node-server off its
 * buffered fast path: 5× fewer requests per second on `GET /v1/health` (docs/decisions.md,
 * "CORS without hono/cors"). Here the headers are set on the finished response's own headers,
 * which keeps its buffered body.
 *
 * @example
 * app.use("*", corsMiddleware({ allowOrigins: ["http://localhost:*"], allowMethods: ["GET"], allowHeaders: ["Authorization"], exposeHeaders: [], maxAgeSeconds: 600 }));
 * (await app.request("/v1/health", { headers: { Origin: "http://localhost:5173" } })).headers.get("Access-Control-Allow-Origin") // => "http://localhost:5173"
 */
export function corsMiddleware(options: CorsOptions): MiddlewareHandler<AppEnv> {
  const any = options.allowOrigins.includes("*");
  const allowed = originMatcher(options.allowOrigins);
  const expose = options.exposeHeaders.length > 0 ? options.exposeHeaders.join(",") : undefined;
  const preflight: Array<[string, string]> = [
    ["Access-Control-Allow-Methods", options.allowMethods.join(",")],
    ["Access-Control-Allow-Headers", options.allowHeaders.join(",")],
    ["Access-Control-Max-Age", String(options.maxAgeSeconds)],
  ];
  return async (c, next) => {
    const origin = c.req.header("origin");
    const ok = origin !== undefined && allowed(origin);
    if (c.req.method === "OPTIONS") {
      if (origin !== undefined && !ok) {
        return c.json(
          {
            error: `origin ${JSON.stringify(origin)} is not allowed by this mock's CORS allow-list; start it with --cors-origin ${origin} to allow it`,
          },
          403,
          { Vary: "Origin" },
        );
      }
      // An allowed preflight, or an OPTIONS request without Origin (not a browser's: nothing to allow).
      const headers: Record<string, string> = Object.fromEntries(preflight);
      if (ok) headers["Access-Control-Allow-Origin"] = any ? "*" : origin;
      if (!any) headers.Vary = "Origin";
      if (c.req.header("access-control-request-private-network") === "true")
        headers["Access-Control-Allow-Private-Network"] = "true";
      return c.body(null, 204, headers);
    }
    await next();
    const add: Array<[string, string]> = [];
    if (!any) add.push(["Vary", "Origin"]);
    if (ok) {
      add.push(["Access-Control-Allow-Origin", any ? "*" : origin]);
      if (expose !== undefined) add.push(["Access-Control-Expose-Headers", expose]);
    }
    if (add.length > 0) setResponseHeaders(c, add);
  };
}
