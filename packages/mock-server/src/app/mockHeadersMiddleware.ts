import type { MiddlewareHandler } from "hono";
import { ApiError, type ApiErrorStatus } from "../errors/ApiError.ts";
import { isStudioPath } from "./isStudioPath.ts";
import { MOCK_LATENCY_HEADER, MOCK_STATUS_HEADER } from "../context/mockHeaders.ts";
import type { AppEnv, ServiceContext } from "../context/ServiceContext.ts";

/**
 * Applies the global latency option plus `X-Mock-Latency`, then, when `X-Mock-Status: <400..599>`
 * is present, answers that status with `{error}` instead of running the route (auth included).
 * Control routes (`/__mock/*`) and CORS preflights get latency but are never forced; the studio's
 * own requests (`isStudioPath`) get neither, so the page stays live whatever latency it sets. A
 * request whose client disconnects during the latency (its `AbortSignal` fires) is not run at
 * all: a write the client gave up on never happens.
 *
 * @throws ApiError 400 for a header value that is not an integer in range
 */
export function mockHeadersMiddleware(ctx: ServiceContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (isStudioPath(c.req.path)) return next();
    const extra = parseIntHeader(c.req.header(MOCK_LATENCY_HEADER), MOCK_LATENCY_HEADER, 0, 60_000);
    const latency = ctx.options.latencyMs + (extra ?? 0);
    if (latency > 0) {
      const signal = c.req.raw.signal;
      await sleep(latency, signal);
      // The client gave up while it waited: run nothing (no write happens). Nobody reads this
      // answer; 499 is the status logs use for "client closed request".
      if (signal.aborted)
        return c.json(
          { error: "the client closed the request during the added latency; nothing was done" },
          499 as 400,
        );
    }
    if (c.req.method === "OPTIONS" || c.req.path.startsWith("/__mock/")) return next();
    const forced = parseIntHeader(c.req.header(MOCK_STATUS_HEADER), MOCK_STATUS_HEADER, 400, 599);
    if (forced !== undefined) {
      throw new ApiError(
        forced as ApiErrorStatus,
        `status ${forced} forced by the ${MOCK_STATUS_HEADER} request header`,
      );
    }
    return next();
  };
}

function parseIntHeader(value: string | undefined, name: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  const n = /^\d{1,6}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  if (!(n >= min && n <= max)) {
    throw new ApiError(400, `${name} header must be an integer from ${min} to ${max}, got "${value.slice(0, 40)}"`);
  }
  return n;
}

/** Resolves after `ms`, or as soon as `signal` aborts (the timer is cleared). */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}
