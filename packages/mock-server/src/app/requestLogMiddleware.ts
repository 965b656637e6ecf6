import type { MiddlewareHandler } from "hono";
import { REPLAYED_HEADER } from "../proxy/replayMiddleware.ts";
import { isStudioPath } from "./isStudioPath.ts";
import type { RequestLog } from "../context/requestLog.ts";
import type { AppEnv } from "../context/ServiceContext.ts";

/** Where request lines go: the text log, and the studio's ring buffer with the mock's clock. */
export interface RequestLogSinks {
  requests: RequestLog;
  now: () => number;
}

/**
 * One log line per request, written after the response is ready (none when `log` is undefined,
 * as for a quiet mock): `GET /v1/strategies 200 3ms`; and, with `sinks`, one entry in the recent-requests ring buffer
 * (method, path with query, status, duration, authenticated user) except for the studio's own
 * requests (`/__mock/studio…`, `/__mock/requests`). An answer served from a `--replay` recording
 * is marked in both: `GET /v1/strategies 200 1ms replayed`, and `replayed: true`.
 */
export function requestLogMiddleware(
  log: ((line: string) => void) | undefined,
  sinks?: RequestLogSinks,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const durationMs = Math.round(performance.now() - started);
    const replayed = c.res.headers.has(REPLAYED_HEADER);
    if (log !== undefined)
      log(`${c.req.method} ${c.req.path} ${c.res.status} ${durationMs}ms${replayed ? " replayed" : ""}`);
    if (sinks !== undefined && !isStudioPath(c.req.path)) {
      const query = c.req.url.indexOf("?");
      sinks.requests.record({
        atMs: sinks.now(),
        method: c.req.method,
        path: query < 0 ? c.req.path : c.req.path + c.req.url.slice(query),
        status: c.res.status,
        durationMs,
        userId: c.get("caller")?.userId ?? null,
        replayed,
      });
    }
  };
}
