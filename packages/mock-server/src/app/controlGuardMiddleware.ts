import type { MiddlewareHandler } from "hono";
import { ApiError } from "../errors/ApiError.ts";
import { isJsonContentType } from "../_internal/isJsonContentType.ts";
import { originMatcher } from "../_internal/originMatcher.ts";
import type { AppEnv } from "../context/ServiceContext.ts";

/** Where the control surface lives. */
export const CONTROL_PREFIX = "/__mock/";

/**
 * Guards the control surface (`/__mock/*`, no API key) against other web pages
 * (docs/decisions.md "Request safety"):
 *
 * - a request carrying an `Origin` must come from the server's own origin or one in
 *   `allowOrigins` (`MockOptions.corsOrigins`), else 403: a page on another site cannot reach it
 *   even with a request the browser sends without a preflight;
 * - a state-changing request (any method but GET, HEAD, OPTIONS) must send
 *   `Content-Type: application/json` (a body of `{}` is enough), else 415: an HTML form or a
 *   `no-cors` fetch can only send `text/plain`, form or multipart bodies, and a JSON content type
 *   makes a cross-origin browser request preflighted, which the CORS allow-list refuses.
 *
 * Requests without `Origin` (curl, test harnesses, server-side code) are accepted: they are not
 * driven by a web page. Preflights are left to the CORS middleware.
 *
 * @throws ApiError 403 for a foreign origin, 415 for a non-JSON state-changing request
 * @example
 * (await app.request("/__mock/reset", { method: "POST" })).status // => 415
 * (await app.request("/__mock/reset", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" })).status // => 200
 */
export function controlGuardMiddleware(allowOrigins: readonly string[]): MiddlewareHandler<AppEnv> {
  const allowed = originMatcher(allowOrigins);
  return async (c, next) => {
    const method = c.req.method;
    if (method === "OPTIONS") return next();
    const origin = c.req.header("origin");
    if (origin !== undefined && origin !== new URL(c.req.url).origin && !allowed(origin)) {
      throw new ApiError(
        403,
        `the control surface refuses requests from origin ${JSON.stringify(origin)}: only this server's own origin and the --cors-origin allow-list may change the mock's state`,
      );
    }
    if (method !== "GET" && method !== "HEAD" && !isJsonContentType(c.req.header("content-type"))) {
      throw new ApiError(
        415,
        `${method} ${c.req.path} needs Content-Type: application/json (a body of {} is enough); HTML forms and no-cors requests are refused so that no web page can change the mock's state`,
      );
    }
    return next();
  };
}
