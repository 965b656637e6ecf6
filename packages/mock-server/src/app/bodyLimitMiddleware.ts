import type { MiddlewareHandler } from "hono";
import { ApiError } from "../errors/ApiError.ts";
import type { AppEnv } from "../context/ServiceContext.ts";

/**
 * Refuses a request body larger than `maxBytes(path)` with 413 `{error}` before it is parsed, and
 * without reading more than the limit: a declared `Content-Length` over the limit is refused at
 * once (the server then discards the rest unread); a body of unknown length (chunked) is read
 * chunk by chunk and refused as soon as it passes the limit, and otherwise handed on buffered.
 * Requests without a body pass untouched (no cost on the GET fast path).
 *
 * Cost: O(1) with a Content-Length; O(body) for a chunked body (read once).
 * @throws ApiError 413 naming the limit
 * @example
 * app.use("*", bodyLimitMiddleware(() => 1024));
 * (await app.request("/x", { method: "POST", body: "x".repeat(2048) })).status // => 413
 */
export function bodyLimitMiddleware(maxBytes: (path: string) => number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const method = c.req.method;
    if (method === "GET" || method === "HEAD" || method === "OPTIONS") return next();
    const limit = maxBytes(c.req.path);
    const declared = c.req.header("content-length");
    if (declared !== undefined && c.req.header("transfer-encoding") === undefined) {
      if (Number(declared) > limit) throw tooLarge(limit, `declares ${declared} bytes`);
      return next();
    }
    const body = c.req.raw.body;
    if (body === null) return next();
    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => {});
        throw tooLarge(limit, `sent more than ${limit} bytes`);
      }
      chunks.push(value);
    }
    const buffered = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      buffered.set(chunk, offset);
      offset += chunk.byteLength;
    }
    c.req.raw = new Request(c.req.raw, { body: buffered });
    return next();
  };
}

function tooLarge(limit: number, what: string): ApiError {
  return new ApiError(
    413,
    `request body too large: it ${what}; the limit of this endpoint is ${limit} bytes (see the README's limits table)`,
  );
}
