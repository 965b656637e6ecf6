import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./ServiceContext.ts";

/** What {@link corsMiddleware} allows and exposes. */
export interface CorsOptions {
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
 * CORS for browser apps on any origin (`Access-Control-Allow-Origin: *`, no credentials: the API
 * key travels in `Authorization`, never in a cookie). An `OPTIONS` request is a preflight,
 * answered 204 with the allowed methods, headers and max age without running the rest of the
 * app; every other response gets the origin and expose headers once the app has produced it,
 * whatever produced it (a route, a thrown error, the not-found handler, a raw `Response` such as
 * the MCP transport's).
 *
 * Why not `hono/cors`: it sets its headers on `c.res` before the route runs, so Hono copies every
 * route's response into a new one with a stream body, which takes @hono/node-server off its
 * buffered fast path: 5× fewer requests per second on `GET /v1/health` (docs/decisions.md,
 * "CORS without hono/cors"). Here the headers are set on the finished response's own headers,
 * which keeps its buffered body.
 *
 * @example
 * app.use("*", corsMiddleware({ allowMethods: ["GET"], allowHeaders: ["Authorization"], exposeHeaders: [], maxAgeSeconds: 600 }));
 * (await app.request("/v1/health")).headers.get("Access-Control-Allow-Origin") // => "*"
 */
export function corsMiddleware(options: CorsOptions): MiddlewareHandler<AppEnv> {
  const always: Array<[string, string]> = [["Access-Control-Allow-Origin", "*"]];
  if (options.exposeHeaders.length > 0) always.push(["Access-Control-Expose-Headers", options.exposeHeaders.join(",")]);
  const preflight: Record<string, string> = {
    ...Object.fromEntries(always),
    "Access-Control-Allow-Methods": options.allowMethods.join(","),
    "Access-Control-Allow-Headers": options.allowHeaders.join(","),
    "Access-Control-Max-Age": String(options.maxAgeSeconds),
  };
  return async (c, next) => {
    if (c.req.method === "OPTIONS") return c.body(null, 204, preflight);
    await next();
    let headers = c.res.headers;
    try {
      for (const [name, value] of always) headers.set(name, value);
    } catch {
      // Immutable headers (a Response.redirect or a fetched response): answer with a copy.
      c.res = new Response(c.res.body, c.res);
      headers = c.res.headers;
      for (const [name, value] of always) headers.set(name, value);
    }
  };
}
