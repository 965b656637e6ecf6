import type { MiddlewareHandler } from "hono";
import { setResponseHeaders } from "./_internal/setResponseHeaders.ts";

const NOSNIFF: ReadonlyArray<readonly [string, string]> = [["X-Content-Type-Options", "nosniff"]];

/**
 * `X-Content-Type-Options: nosniff` on every response (404s and errors included): a browser must
 * not read a JSON or text answer as script or HTML whatever it contains.
 *
 * @example
 * (await app.request("/nope")).headers.get("X-Content-Type-Options") // => "nosniff"
 */
export function nosniffMiddleware(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    setResponseHeaders(c, NOSNIFF);
  };
}
