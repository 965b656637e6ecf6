import type { Context } from "hono";

/** The header the mock's warnings travel in (RFC 7234 §5.5 form; exposed to browser pages by CORS). */
export const WARNING_HEADER = "Warning";

/**
 * Adds a warning to the response: `Warning: 299 thematic-mock "<text>"` (299: a persistent
 * miscellaneous warning), one header line per warning. Used where the mock accepts a request but
 * something in it was ignored or capped (an unknown body field, a search `limit` above 10), so
 * a client sees why without the request failing.
 *
 * @example
 * addWarning(c, "body.colour is not a field of this request") // Warning: 299 thematic-mock "body.colour is not a field of this request"
 */
export function addWarning(c: Context, text: string): void {
  const quoted = text.replace(/[\\"]/g, (ch) => `\\${ch}`).replace(/[^\x20-\x7e]/g, "?");
  c.header(WARNING_HEADER, `299 thematic-mock "${quoted}"`, { append: true });
}
