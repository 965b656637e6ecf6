import { uuidFrom } from "../_internal/hash.ts";
import { redactJson } from "./redactJson.ts";
import { secretScrubber } from "./secretScrubber.ts";

/** One answer saved by `--record` and served again by `--replay` (a JSON file of the directory). */
export interface RecordedExchange {
  /** Matches a request: hash of its method, path, sorted query, JSON body and whether it had a key ({@link exchangeKey}). */
  key: string;
  /** The request, for reading (secrets and personal data removed: `recordExchange`). */
  request: {
    method: string;
    path: string;
    query: Array<[string, string]>;
    /** The headers forwarded (`Authorization: Bearer [redacted]`). */
    headers?: Array<[string, string]>;
    /** A JSON body as JSON, any other text as a string, a binary one as `"[N bytes, not text]"`. */
    body?: unknown;
    authorized: boolean;
  };
  response: {
    status: number;
    contentType: string | null;
    /** A `Location` header (redirects), its query string and fragment redacted. */
    location?: string;
    /** The other headers, for reading (not replayed), redacted; without the body's framing (`Content-Length`, `Content-Encoding`…). */
    headers?: Array<[string, string]>;
    /** The JSON body, secrets and personal data removed; or `bodyBase64` for any other body (redacted too). */
    json?: unknown;
    bodyBase64?: string;
  };
  recordedAt: string;
}

/** The request fields an exchange is matched on. */
export interface ExchangeRequest {
  method: string;
  path: string;
  query: Array<[string, string]>;
  /** The raw body text ("" when none). */
  body: string;
  authorized: boolean;
}

/**
 * The match key of a request: a hash of its method, path, query pairs (sorted), body (JSON
 * normalised when it parses) and whether it carried an `Authorization` header. The key itself is
 * never part of it: a replay answers whoever asks.
 *
 * @example
 * exchangeKey({ method: "GET", path: "/v1/health", query: [], body: "", authorized: false }).length // => 36
 */
export function exchangeKey(r: ExchangeRequest): string {
  let body = r.body;
  try {
    body = body === "" ? "" : JSON.stringify(sortKeys(JSON.parse(body)));
  } catch {
    // not JSON: the text as is
  }
  const query = [...r.query].sort((a, b) => (a[0] === b[0] ? a[1].localeCompare(b[1]) : a[0].localeCompare(b[0])));
  return uuidFrom(JSON.stringify([r.method.toUpperCase(), r.path, query, body, r.authorized]));
}

/**
 * A copy of the JSON `value` without secrets or personal data ({@link redactJson}), and with each
 * of `secrets` (API keys) and each value found under a secret name cut out of every string left,
 * even inside a longer one ({@link secretScrubber}). A whole exchange is recorded by
 * `recordExchange`, which does this for every part of it.
 *
 * @example
 * redact({ user_id: "u1", email: "a@b.co", note: "mail a@b.co" }, []).email // => "[redacted]"
 */
export function redact(value: unknown, secrets: readonly string[]): unknown {
  const found = new Set(secrets);
  const out = redactJson(value, found);
  return secretScrubber(found).json(out);
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  return value;
}
