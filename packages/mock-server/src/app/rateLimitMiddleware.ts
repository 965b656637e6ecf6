import type { MiddlewareHandler } from "hono";
import { ApiError } from "../errors/ApiError.ts";
import type { AppEnv, ServiceContext } from "../context/ServiceContext.ts";

/** The rate-limit headers a browser page may read (CORS). */
export const RATE_LIMIT_HEADERS = [
  "RateLimit",
  "RateLimit-Policy",
  "RateLimit-Limit",
  "RateLimit-Remaining",
  "RateLimit-Reset",
  "Retry-After",
] as const;

/**
 * The optional rate limit (`ctx.options.rateLimit`, off by default; `--rate-limit`, `PUT
 * /__mock/settings`), so frontends can test their back-off: per API key (`c.var.caller`), a fixed
 * window of `windowSeconds` on the mock's clock, `limit` requests in it. Every counted response
 * carries the IETF httpapi draft headers, `RateLimit-Policy: "default";q=<limit>;w=<window>` and
 * `RateLimit: "default";r=<remaining>;t=<seconds to reset>`, and their widely deployed
 * predecessors `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset`; a request over the
 * limit is 429 `{error}` with `Retry-After` (seconds). Mount after the auth middleware; requests
 * without a caller (health, presigned PDFs, preflights) are not counted. Counters live in memory
 * and start again when the setting changes.
 */
export function rateLimitMiddleware(ctx: ServiceContext): MiddlewareHandler<AppEnv> {
  let counters = new Map<string, { windowStart: number; count: number }>();
  let setting = ctx.options.rateLimit;
  return async (c, next) => {
    const limit = ctx.options.rateLimit;
    if (limit !== setting) {
      setting = limit;
      counters = new Map();
    }
    const caller = c.get("caller") as { userId: string } | undefined;
    if (limit === null || caller === undefined) return next();
    const now = ctx.clock.now();
    const windowMs = limit.windowSeconds * 1000;
    const windowStart = Math.floor(now / windowMs) * windowMs;
    let counter = counters.get(caller.userId);
    if (counter === undefined || counter.windowStart !== windowStart)
      counters.set(caller.userId, (counter = { windowStart, count: 0 }));
    counter.count += 1;
    const reset = Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));
    const remaining = Math.max(0, limit.limit - counter.count);
    const headers: Record<string, string> = {
      "RateLimit-Policy": `"default";q=${limit.limit};w=${limit.windowSeconds}`,
      RateLimit: `"default";r=${remaining};t=${reset}`,
      "RateLimit-Limit": String(limit.limit),
      "RateLimit-Remaining": String(remaining),
      "RateLimit-Reset": String(reset),
    };
    if (counter.count > limit.limit) {
      throw new ApiError(
        429,
        `rate limit: ${limit.limit} requests per ${limit.windowSeconds} s for this API key; retry after ${reset} s (Retry-After)`,
        {
          headers: { ...headers, "Retry-After": String(reset) },
        },
      );
    }
    await next();
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  };
}
