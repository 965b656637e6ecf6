/** Where a name was found: a URL's query string or fragment also treats `code` (an OAuth authorization code) as secret. */
export type NameContext = "field" | "url";

/**
 * Whether a field, header, cookie or parameter called `name` holds a secret, whatever its
 * spelling (camelCase, snake_case, kebab-case, upper case, `user[password]`). The name is cut into
 * words (`idToken` → id, token; `X-Api-Key` → x, api, key) and is secret when:
 * - a word contains `token`, `passw` (password, passwd), `passphrase`, `credential`, `signature`,
 *   `cookie`, `verifier` (PKCE `code_verifier`), `sessid`, `jwt`, `bearer`, `csrf`, `xsrf`,
 *   `hmac`, `secret` (not `secretary`), or contains `session`;
 * - the words joined contain `apikey`, `privatekey`, `secretkey`, `accesskey` or `signingkey`
 *   (`apikeys`, `api_keys`, `X-API-KEY`);
 * - a word is `auth`, `authn`, `authz`, `oauth`, `authorization`, `authentication` (not
 *   `author`, `authority`, `authorized`), `pwd`, `pw`, `pin`, `otp`, `totp`, `cvv`, `cvc`, `sig`
 *   or `sid`;
 * - the last word is `key` or `keys` (`key`, `user_key`; not `keywords`, `monkey`, `key_metrics`,
 *   `keyId`, nor `sort_key`, `cache_key`, `idempotency_key` and the like);
 * - in a URL (`context` "url"), the name is `code`.
 * A name whose last word only qualifies the secret (`token_type`, `expires_in`, `token_endpoint`,
 * `cookie_name`, `auth_method`, `secret_expires_at`…) is not secret: its value is a type, a time, a
 * count or an address (an address's own query string is still redacted).
 *
 * @example
 * isSecretName("idToken") // => true
 * isSecretName("api-keys") // => true
 * isSecretName("keywords") // => false
 * isSecretName("token_type") // => false
 */
export function isSecretName(name: string, context: NameContext = "field"): boolean {
  const words = nameWords(name);
  if (words.length === 0) return false;
  const last = words[words.length - 1]!;
  if (words.length > 1 && QUALIFIER.has(last)) return false;
  if (context === "url" && words.length === 1 && last === "code") return true;
  const joined = words.join("");
  if (JOINED.test(joined)) return true;
  if (
    words.some(
      (w) =>
        WORD_PART.test(w) ||
        EXACT.has(w) ||
        AUTH.test(w) ||
        w.includes("session") ||
        (w.includes("secret") && !w.includes("secretar")),
    )
  )
    return true;
  if (last === "key" || last === "keys") return words.length === 1 || !NOT_SECRET_KEY.has(words[words.length - 2]!);
  return false;
}

/**
 * Whether `name` holds personal data: its words spell e-mail (or a word is `mail`), phone,
 * first/last/full/user/display/given/family name or surname, IP address; or it is exactly
 * `address` or `ip`.
 *
 * @example
 * isPersonalName("ownerEmail") // => true
 * isPersonalName("strategy_name") // => false
 */
export function isPersonalName(name: string): boolean {
  const words = nameWords(name);
  const joined = words.join("");
  if (words.length === 1 && (joined === "address" || joined === "ip")) return true;
  return (
    words.includes("mail") || /email|phone|(first|last|full|user|display|given|family|sur)name|ipaddress/.test(joined)
  );
}

/** {@link classifyName}: the name holds a secret. */
export const SECRET_NAME = 1;
/** {@link classifyName}: the name holds personal data. */
export const PERSONAL_NAME = 2;

/**
 * {@link isSecretName} and {@link isPersonalName} of `name` as bits ({@link SECRET_NAME},
 * {@link PERSONAL_NAME}), remembered for the last few thousand names (a body repeats its names).
 *
 * @example
 * classifyName("owner_email", "field") // => PERSONAL_NAME
 */
export function classifyName(name: string, context: NameContext = "field"): number {
  const key = context === "url" ? `?${name}` : name;
  let kind = classified.get(key);
  if (kind === undefined) {
    kind = (isSecretName(name, context) ? SECRET_NAME : 0) | (isPersonalName(name) ? PERSONAL_NAME : 0);
    if (classified.size >= 4096) classified.clear();
    classified.set(key, kind);
  }
  return kind;
}

const classified = new Map<string, number>();

/**
 * The lower-case words of a name: split at every non-alphanumeric character and at camelCase
 * boundaries (`XApiKey` → x, api, key; `PHPSESSID` → phpsessid).
 *
 * @example
 * nameWords("clientSecret_v2") // => ["client", "secret", "v2"]
 */
export function nameWords(name: string): string[] {
  return name
    .slice(0, 256)
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== "");
}

const WORD_PART = /token|passw|passphrase|credential|signature|cookie|verifier|sessid|jwt|bearer|csrf|xsrf|hmac/;
const JOINED = /apikey|privatekey|secretkey|accesskey|signingkey/;
const EXACT = new Set(["pwd", "pw", "pin", "otp", "totp", "cvv", "cvc", "sig", "sid"]);
const AUTH = /^o?auth(n|z|orization|orisation|entication|key|code|header)?s?$/;
/** Last words that make a secret-sounding name describe the secret rather than hold it. */
const QUALIFIER = new Set([
  "type",
  "types",
  "in",
  "at",
  "expires",
  "expiry",
  "expiration",
  "ttl",
  "lifetime",
  "length",
  "count",
  "url",
  "uri",
  "urls",
  "uris",
  "endpoint",
  "endpoints",
  "method",
  "methods",
  "supported",
  "required",
  "enabled",
  "name",
  "names",
  "format",
  "alg",
  "algorithm",
  "algorithms",
  "kind",
  "scheme",
  "schemes",
  "policy",
  "version",
]);
/** Words before a final `key` that name a lookup key, not a credential. */
const NOT_SECRET_KEY = new Set([
  "sort",
  "partition",
  "primary",
  "foreign",
  "cache",
  "group",
  "lookup",
  "row",
  "idempotency",
  "dedup",
  "dedupe",
  "translation",
  "message",
  "map",
  "index",
  "join",
  "object",
  "public",
  "storage",
  "i18n",
  "hot",
  "shortcut",
]);
