import { uuidFrom } from "../_internal/hash.ts";
import { classifyName, PERSONAL_NAME, SECRET_NAME } from "./isSecretName.ts";
import { MIN_SECRET_LENGTH, REDACTED, redactText } from "./redactText.ts";

const USER_ID_KEY = /^(user[_-]?id|owner[_-]?id|created[_-]?by|author[_-]?id)$/i;

/**
 * A copy of the JSON `value` without secrets or personal data, at any depth (objects in arrays
 * in objects…): the value of a secret-named property ({@link isSecretName}: `api_key`,
 * `api_keys`, `id_token`, `client_secret`, `passwd`, `secretKey`…) becomes `"[redacted]"`
 * whatever it holds (a string, a number, an array, an object; `true`, `false` and `null` are
 * kept); a personal one ({@link isPersonalName}: `*email*`, `*phone*`, `first_name`, `username`…)
 * becomes `"[redacted]"` unless it is an object or an array (then walked); user ids (`user_id`,
 * `owner_id`, `created_by`, `author_id`) a stable pseudonym (a UUID derived from the id:
 * relations between answers survive); every other string goes through {@link redactText}
 * (`"note": "token=abc"`, JSON inside a string, e-mail addresses, `Bearer …`). Cut values of at
 * least 8 characters (and every string under a secret name) are added to `found`.
 *
 * @example
 * redactJson({ user_id: "u1", api_keys: ["sk_1", "sk_2"], note: "mail a@b.co" }).api_keys // => "[redacted]"
 */
export function redactJson(value: unknown, found?: Set<string>): unknown {
  const keep = (v: unknown): void => {
    if (found === undefined) return;
    if (typeof v === "string" || typeof v === "number") {
      const s = String(v);
      if (s.length >= MIN_SECRET_LENGTH && s !== REDACTED) found.add(s);
    } else if (Array.isArray(v)) v.forEach(keep);
    else if (typeof v === "object" && v !== null) Object.values(v).forEach(keep);
  };
  const walk = (v: unknown, key: string | null, depth: number): unknown => {
    const kind = key === null ? 0 : classifyName(key);
    if ((kind & SECRET_NAME) !== 0 && v !== null && typeof v !== "boolean") {
      keep(v);
      return REDACTED;
    }
    if ((kind & PERSONAL_NAME) !== 0 && v !== null && typeof v !== "object") {
      keep(v);
      return REDACTED;
    }
    if (key !== null && USER_ID_KEY.test(key) && typeof v === "string") return uuidFrom(`user:${v}`);
    if (typeof v === "string") return redactText(v, found);
    if (depth > MAX_DEPTH) return REDACTED;
    if (Array.isArray(v)) return v.map((x) => walk(x, null, depth + 1));
    if (typeof v === "object" && v !== null)
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [redactText(k, found), walk(x, k, depth + 1)]));
    return v;
  };
  return walk(value, null, 0);
}

/** Deeper than this (only a hostile answer nests so deep) the rest is cut rather than walked. */
const MAX_DEPTH = 512;
