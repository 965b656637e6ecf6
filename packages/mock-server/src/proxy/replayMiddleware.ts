import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../context/ServiceContext.ts";
import { foreignBodyPolicy } from "./foreignBodyPolicy.ts";
import { isApiPath } from "./proxyMiddleware.ts";
import { exchangeKey, type RecordedExchange } from "./RecordedExchange.ts";

/** Header of every replayed answer: when it was recorded. The request log marks such answers `replayed`. */
export const REPLAYED_HEADER = "X-Mock-Replayed";

/** A recorded answer ready to send: its status, headers and body bytes. */
export interface PreparedReplay {
  status: number;
  headers: Array<[string, string]>;
  body: Uint8Array<ArrayBuffer> | null;
}

/** Statuses whose answer has no body (the Fetch `Response` refuses one). */
const NULL_BODY = new Set([204, 205, 304]);
/** What Node accepts in a header value: tab, visible ASCII, space and Latin-1. */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
const prepared = new WeakMap<RecordedExchange, PreparedReplay>();

/**
 * Checks a recorded exchange and turns its answer into bytes once (cached per exchange object),
 * so serving it is a copy: `--replay` calls it for every file at start, where a bad recording is
 * an error naming the file. Checked: `key` a string; `response.status` an integer from 200 to 599;
 * `contentType` (or null), `location` and `recordedAt` strings that are valid header values;
 * `bodyBase64` valid base64. A body that is not JSON, PDF, an image or plain text gets
 * `Content-Security-Policy: sandbox` (`foreignBodyPolicy`): a recorded HTML page opened in a
 * browser cannot run on the mock's origin.
 *
 * Cost: O(body), at start (JSON.stringify of `json`, or the base64 decoded).
 * @throws Error naming the field and its rule
 * @example
 * prepareReplay({ key: "k", request, response: { status: 200, contentType: "text/html", bodyBase64: "PGI+" }, recordedAt }).headers
 * // => [["X-Mock-Replayed", recordedAt], ["Content-Type", "text/html"], ["Content-Security-Policy", "sandbox; default-src 'none'"]]
 */
export function prepareReplay(exchange: RecordedExchange): PreparedReplay {
  const known = prepared.get(exchange);
  if (known !== undefined) return known;
  const e = exchange as unknown as Record<string, unknown> | null;
  if (typeof e !== "object" || e === null || Array.isArray(e))
    throw new Error("not a recorded exchange: expected a JSON object with key, request, response and recordedAt");
  if (typeof e.key !== "string" || e.key === "") throw new Error("key: must be a non-empty string");
  const recordedAt = headerValue("recordedAt", e.recordedAt);
  const r = e.response as Record<string, unknown> | undefined;
  if (typeof r !== "object" || r === null || Array.isArray(r))
    throw new Error("response: must be an object with status and contentType");
  const status = r.status;
  if (typeof status !== "number" || !Number.isInteger(status) || status < 200 || status > 599)
    throw new Error(`response.status: must be an integer from 200 to 599, got ${JSON.stringify(status)}`);
  const contentType =
    r.contentType === null || r.contentType === undefined ? null : headerValue("response.contentType", r.contentType);
  const headers: Array<[string, string]> = [[REPLAYED_HEADER, recordedAt]];
  if (contentType !== null) headers.push(["Content-Type", contentType]);
  if (r.location !== undefined) headers.push(["Location", headerValue("response.location", r.location)]);
  let body: Uint8Array<ArrayBuffer> | null = null;
  if (r.json !== undefined) body = new TextEncoder().encode(JSON.stringify(r.json));
  else if (r.bodyBase64 !== undefined) body = fromBase64(r.bodyBase64);
  if (NULL_BODY.has(status) || body?.length === 0) body = null;
  const policy = body === null ? null : foreignBodyPolicy(contentType);
  if (policy !== null) headers.push(["Content-Security-Policy", policy]);
  const ready: PreparedReplay = { status, headers, body };
  prepared.set(exchange, ready);
  return ready;
}

/**
 * Middleware of `--replay <dir>`: an API request (`isApiPath`) that matches a recorded one
 * (`exchangeKey`: method, path, query, body, with or without a key) gets the recorded answer
 * ({@link prepareReplay}), marked by {@link REPLAYED_HEADER}; any other request goes on to the mock
 * (or, with `--proxy` too, to the upstream). Whoever asks gets the answer: the recordings hold no
 * key to check against. A recording the lookup returns unchecked and that fails the checks is a
 * 502 `{error}` naming the field.
 */
export function replayMiddleware(lookup: (key: string) => RecordedExchange | undefined): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    if (!isApiPath(url.pathname) || c.req.method === "OPTIONS") return next();
    const body = c.req.method === "GET" || c.req.method === "HEAD" ? "" : await c.req.raw.clone().text();
    const recorded = lookup(
      exchangeKey({
        method: c.req.method,
        path: url.pathname,
        query: [...url.searchParams],
        body,
        authorized: c.req.header("authorization") !== undefined,
      }),
    );
    if (recorded === undefined) return next();
    let ready: PreparedReplay;
    try {
      ready = prepareReplay(recorded);
    } catch (error) {
      return c.json(
        {
          error: `the recording of this request cannot be replayed: ${error instanceof Error ? error.message : String(error)}`,
        },
        502,
      );
    }
    return new Response(ready.body === null ? null : ready.body.slice(), {
      status: ready.status,
      headers: ready.headers,
    });
  };
}

function headerValue(field: string, value: unknown): string {
  if (typeof value !== "string" || !HEADER_VALUE.test(value))
    throw new Error(
      `${field}: must be a string usable as a header value (no line breaks or control characters), got ${JSON.stringify(value)?.slice(0, 80)}`,
    );
  return value;
}

function fromBase64(value: unknown): Uint8Array<ArrayBuffer> {
  if (typeof value !== "string" || !isBase64(value))
    throw new Error("response.bodyBase64: must be a base64 string (A-Z, a-z, 0-9, + and /, padded with =)");
  const buffer = (globalThis as { Buffer?: { from(text: string, encoding: "base64"): Uint8Array } }).Buffer;
  if (buffer !== undefined) {
    const decoded = buffer.from(value, "base64");
    const out = new Uint8Array(decoded.length);
    out.set(decoded);
    return out;
  }
  const text = atob(value);
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}

/** Padded base64: length a multiple of 4, only its 64 characters, `=` only as the last one or two (checked without a backtracking pattern). */
function isBase64(text: string): boolean {
  if (text.length % 4 !== 0 || /[^A-Za-z0-9+/=]/.test(text)) return false;
  const pad = text.indexOf("=");
  return pad === -1 || pad === text.length - 1 || (pad === text.length - 2 && text.endsWith("="));
}
