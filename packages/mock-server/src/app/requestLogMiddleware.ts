import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./ServiceContext.ts";

/**
 * One log line per request, written after the response is ready:
 * `GET /v1/strategies 200 3ms`.
 */
export function requestLogMiddleware(log: (line: string) => void): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    log(`${c.req.method} ${c.req.path} ${c.res.status} ${Math.round(performance.now() - started)}ms`);
  };
}
