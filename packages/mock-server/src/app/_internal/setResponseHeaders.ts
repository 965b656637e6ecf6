import type { Context } from "hono";

/**
 * Sets `headers` on the finished response `c.res` in place (so @hono/node-server keeps its fast
 * path for a plain body); when that response's headers are immutable (a `Response.redirect`, a
 * fetched response), answers with a copy carrying them instead.
 *
 * @example
 * await next(); setResponseHeaders(c, [["Vary", "Origin"]]);
 */
export function setResponseHeaders(c: Context, headers: ReadonlyArray<readonly [string, string]>): void {
  try {
    for (const [name, value] of headers) c.res.headers.set(name, value);
  } catch {
    c.res = new Response(c.res.body, c.res);
    for (const [name, value] of headers) c.res.headers.set(name, value);
  }
}
