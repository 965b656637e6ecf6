import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../context/ServiceContext.ts";

const JSON_MEDIA = /^application\/([\w.-]+\+)?json$/i;

/**
 * True when the request carries no body: none attached, `Content-Length: 0`, or (when neither a
 * length nor a chunked encoding is declared, as for a body-less HTTP/1.1 request or an in-process
 * `Request` built from a string) a body whose text is blank: read from a clone, so that a handler
 * reading the raw request (the MCP endpoint) still finds its body.
 */
async function hasNoBody(c: Context<AppEnv>): Promise<boolean> {
  const request = c.req.raw;
  // Headers first: reading `body` makes @hono/node-server build a full Request from the incoming
  // message (its slow path: about half the throughput of a small POST), which the declared
  // length makes unnecessary for every request that has one.
  const length = request.headers.get("Content-Length");
  if (length !== null) return length.trim() === "0";
  if (request.headers.get("Transfer-Encoding") !== null) return false;
  if (request.body === null) return true;
  return (await request.clone().text()).trim() === "";
}

/**
 * Reads a request that says `Content-Type: application/json` but sends no body as the empty
 * object `{}`, so that a client sending its usual JSON headers on a body-less POST (optimize,
 * submit, revive...) is not refused with "Malformed JSON". A route whose body is optional then
 * sees no fields; a route whose body is required answers 400 naming the missing field. A body
 * that is present but not JSON still gets 400.
 *
 * Works on Hono's body cache: `c.req.json()` parses the cached text, so the text is set to "{}".
 */
export function emptyJsonBodyMiddleware(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const type = c.req.header("Content-Type");
    if (type !== undefined && JSON_MEDIA.test(type.split(";")[0]!.trim()) && (await hasNoBody(c))) {
      // Hono caches each body reader's promise under its name (typed as the Body member, hence the cast).
      (c.req.bodyCache as Record<string, Promise<string>>).text = Promise.resolve("{}");
    }
    return next();
  };
}
