import { hash32, uuidFrom } from "../_internal/hash.ts";

/** One answer saved by `--record` and served again by `--replay` (a JSON file of the directory). */
export interface RecordedExchange {
  /** Matches a request: hash of its method, path, sorted query, JSON body and whether it had a key ({@link exchangeKey}). */
  key: string;
  /** The request, for reading (personal data removed; the key is never saved). */
  request: { method: string; path: string; query: Array<[string, string]>; body?: unknown; authorized: boolean };
  response: {
    status: number;
    contentType: string | null;
    /** A `Location` header (redirects). */
    location?: string;
    /** The JSON body, personal data removed; or `bodyBase64` for any other body. */
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

/** A file name for an exchange: method, path and a short hash (`GET_v1_strategies_3f2a9c1b.json`). */
export function exchangeFileName(exchange: RecordedExchange): string {
  const slug = exchange.request.path.replace(/[^A-Za-z0-9]+/g, "_").replace(/^_|_$/g, "").slice(0, 80);
  return `${exchange.request.method}_${slug}_${hash32(exchange.key).toString(16).padStart(8, "0")}.json`;
}

const SECRET_KEY = /^(authorization|api[_-]?key|apikey|access[_-]?token|refresh[_-]?token|token|secret|client[_-]?secret|password)$/i;
const PERSONAL_KEY = /(e[_-]?mail|phone|first[_-]?name|last[_-]?name|full[_-]?name|user[_-]?name|display[_-]?name|ip[_-]?address)|^(address|ip)$/i;
const USER_ID_KEY = /^(user[_-]?id|owner[_-]?id|created[_-]?by|author[_-]?id)$/i;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;

/**
 * A copy of the JSON `value` without keys or personal data: values of secret-named properties
 * (`api_key`, `token`, `password`…) and personal ones (any containing `email`, `phone`,
 * `first_name`, `username`…) become `"[redacted]"`; user ids (`user_id`, `owner_id`…) become a stable
 * pseudonym (a UUID derived from the id: relations between answers survive); e-mail addresses and
 * every string of `secrets` (the caller's API key) are cut out of any other string.
 *
 * @example
 * redact({ user_id: "u1", email: "a@b.co", note: "mail a@b.co" }, []).email // => "[redacted]"
 */
export function redact(value: unknown, secrets: readonly string[]): unknown {
  const walk = (v: unknown, key: string | null): unknown => {
    if (key !== null && SECRET_KEY.test(key)) return "[redacted]";
    if (key !== null && PERSONAL_KEY.test(key) && v !== null && typeof v !== "object") return "[redacted]";
    if (key !== null && USER_ID_KEY.test(key) && typeof v === "string") return uuidFrom(`user:${v}`);
    if (typeof v === "string") {
      let s = v.replace(EMAIL, "[redacted email]");
      for (const secret of secrets) if (secret.length >= 8) s = s.split(secret).join("[redacted]");
      return s;
    }
    if (Array.isArray(v)) return v.map((x) => walk(x, null));
    if (typeof v === "object" && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, k)]));
    return v;
  };
  return walk(value, null);
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value === "object" && value !== null) return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]));
  return value;
}
