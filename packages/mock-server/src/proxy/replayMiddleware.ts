import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../app/ServiceContext.ts";
import { isApiPath } from "./proxyMiddleware.ts";
import { exchangeKey, type RecordedExchange } from "./RecordedExchange.ts";

/**
 * Middleware of `--replay <dir>`: an API request (`isApiPath`) that matches a recorded one
 * (`exchangeKey`: method, path, query, body, with or without a key) gets the recorded answer;
 * any other request goes on to the mock (or, with `--proxy` too, to the upstream). Whoever asks
 * gets the answer: the recordings hold no key to check against.
 */
export function replayMiddleware(lookup: (key: string) => RecordedExchange | undefined): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    if (!isApiPath(url.pathname) || c.req.method === "OPTIONS") return next();
    const body = c.req.method === "GET" || c.req.method === "HEAD" ? "" : await c.req.raw.clone().text();
    const recorded = lookup(exchangeKey({ method: c.req.method, path: url.pathname, query: [...url.searchParams], body, authorized: c.req.header("authorization") !== undefined }));
    if (recorded === undefined) return next();
    const { response } = recorded;
    const headers = new Headers({ "X-Mock-Replayed": recorded.recordedAt });
    if (response.contentType !== null) headers.set("Content-Type", response.contentType);
    if (response.location !== undefined) headers.set("Location", response.location);
    const body_ = response.json !== undefined ? JSON.stringify(response.json) : response.bodyBase64 !== undefined ? Uint8Array.from(atob(response.bodyBase64), (ch) => ch.charCodeAt(0)) : null;
    return new Response(response.status === 204 ? null : body_, { status: response.status, headers });
  };
}
