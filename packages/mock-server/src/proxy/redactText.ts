import { classifyName } from "./isSecretName.ts";

/** What a redacted value is replaced with. */
export const REDACTED = "[redacted]";

/** Shortest value that is also cut out of every other string once found (shorter ones would cut ordinary words). */
export const MIN_SECRET_LENGTH = 8;

/**
 * `text` (a body that is not JSON, a header value, a JSON string) with its secrets replaced by
 * `[redacted]`, wherever they are written as a name and a value:
 * - `name=value`, `name: value`, `"name": "value"`, `'name': 'value'`, `\"name\":\"value\"`
 *   (JSON inside a string), `<name>value</name>`, where `name` is secret or personal
 *   ({@link isSecretName}, {@link isPersonalName}; after `?`, `&` or `#` it is read as a URL
 *   parameter). An unquoted value after `=` ends at white space or `& ; , " ' < > ) ] }`; after
 *   `:` at the end of the line or `, " ' < > ] }` (at white space when that is over 256
 *   characters away: a long line is prose); a value opening with `[` or `{` is cut whole
 *   (`"api_keys": ["k1", "k2"]`). `true`, `false` and `null` are kept;
 * - an `Authorization`-style credential (`Bearer`, `Basic`, `Digest`, `Token`, `Negotiate`, `NTLM`
 *   followed by at least 8 characters including a digit or one of `-._~+/=`: "Basic Materials"
 *   is kept);
 * - a JSON Web Token (`eyJ….….…`), the password of a URL (`https://user:[redacted]@host`);
 * - an e-mail address (`[redacted email]`).
 * Each value cut of at least {@link MIN_SECRET_LENGTH} characters is added to `found` (the caller
 * then cuts it out of everything else). Linear in the text's length: names are looked for only
 * around the letters a secret or personal name contains.
 *
 * @example
 * redactText("user=ana&password=hunter22&lang=en") // => "user=ana&password=[redacted]&lang=en"
 * redactText('{"token": "abc", "kind": "x"') // => '{"token": "[redacted]", "kind": "x"'
 */
export function redactText(text: string, found?: Set<string>): string {
  if (text.length === 0) return text;
  const keep = (value: string): void => {
    if (found !== undefined && value.length >= MIN_SECRET_LENGTH && value !== REDACTED) found.add(value);
  };
  let out = "";
  let copied = 0;
  const stems = new RegExp(STEM.source, "gi");
  for (let m = stems.exec(text); m !== null; m = stems.exec(text)) {
    let start = m.index;
    let end = m.index + m[0].length;
    while (start > 0 && isNameChar(text.charCodeAt(start - 1))) start--;
    while (end < text.length && isNameChar(text.charCodeAt(end))) end++;
    stems.lastIndex = end;
    if (start < copied) continue;
    const span = valueSpan(text, start, end);
    if (span === null) continue;
    const before = text[start - 1];
    if (
      classifyName(
        text.slice(start, end),
        before === "?" || before === "&" || before === "#" || before === ";" ? "url" : "field",
      ) === 0
    )
      continue;
    const value = text.slice(span[0], span[1]);
    if (value === REDACTED || value === "" || value === "true" || value === "false" || value === "null") continue;
    keep(value);
    out += text.slice(copied, span[0]) + REDACTED;
    copied = span[1];
    stems.lastIndex = Math.max(end, span[1]);
  }
  let result = copied === 0 ? text : out + text.slice(copied);
  if (!HAS_PATTERN.test(result)) return result;
  result = result.replace(AUTH_SCHEME, (all, scheme: string, space: string, credential: string) => {
    if (!/[0-9\-._~+/=]/.test(credential)) return all;
    keep(credential);
    return `${scheme}${space}${REDACTED}`;
  });
  if (result.includes("eyJ")) {
    result = result.replace(JWT, (token: string) => {
      keep(token);
      return REDACTED;
    });
  }
  if (result.includes("://")) {
    result = result.replace(URL_PASSWORD, (_all, head: string, password: string) => {
      keep(password);
      return `${head}:${REDACTED}@`;
    });
  }
  return result.includes("@") ? result.replace(EMAIL, "[redacted email]") : result;
}

/** Letters every secret or personal name contains one of (see `isSecretName`, `isPersonalName`). */
const STEM =
  /token|passw|passphrase|pw|credential|sig|cookie|verifier|sess|sid|jwt|bearer|csrf|xsrf|hmac|secret|key|auth|pin|otp|cvv|cvc|code|mail|phone|name|address|ip/;
/** Whether any pattern after the names can match: a credential scheme, a token, an address with a password, an e-mail address. */
const HAS_PATTERN = /bearer|basic|digest|token|negotiate|ntlm|eyJ|:\/\/|@/i;
const AUTH_SCHEME = /\b(bearer|basic|digest|token|negotiate|ntlm)([ \t]+)([A-Za-z0-9\-._~+/]{8,4096}=*)/gi;
const JWT = /eyJ[A-Za-z0-9_-]{4,8192}\.[A-Za-z0-9_-]{4,8192}\.[A-Za-z0-9_-]{0,8192}/g;
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]{0,31}:\/\/[^\s:@/?#"'<>]{0,256}):([^\s@/?#"'<>]{1,256})@/gi;
/** Starts only where a run of address characters starts (no quadratic re-scan of a long run), local part of at most 64 characters. */
const EMAIL =
  /(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){0,8}\.[A-Za-z]{2,24}(?![A-Za-z0-9-])/g;
const MAX_VALUE = 1 << 20;
/** Longest value after `name:` taken to the end of its line; beyond, the line is prose and the value its first word. */
const MAX_LINE_VALUE = 256;

function isNameChar(c: number): boolean {
  return (
    (c >= 48 && c <= 57) ||
    (c >= 65 && c <= 90) ||
    (c >= 97 && c <= 122) ||
    c === 95 ||
    c === 45 ||
    c === 46 ||
    c === 91 ||
    c === 93
  );
}

/** Where the value written after the name at [start, end) lies, or null when no value follows. */
function valueSpan(text: string, start: number, end: number): [number, number] | null {
  if (text[start - 1] === "<" && text[end] === ">") {
    const close = text.indexOf("<", end + 1);
    const stop = close === -1 ? Math.min(text.length, end + 1 + MAX_VALUE) : close;
    return stop > end + 1 ? [end + 1, stop] : null;
  }
  let k = end;
  for (let quotes = 0; quotes < 3 && (text[k] === '"' || text[k] === "'" || text[k] === "\\"); quotes++) k++;
  for (let spaces = 0; spaces < 8 && (text[k] === " " || text[k] === "\t"); spaces++) k++;
  const sep = text[k];
  if (sep !== ":" && sep !== "=") return null;
  if (sep === "=" && text[k + 1] === "=") return null;
  if (sep === ":" && text[k + 1] === "/" && text[k + 2] === "/") return null;
  let v = k + 1;
  for (let spaces = 0; spaces < 8 && (text[v] === " " || text[v] === "\t"); spaces++) v++;
  const first = text[v];
  if (first === "\\" && (text[v + 1] === '"' || text[v + 1] === "'")) {
    const close = text.indexOf(`\\${text[v + 1]}`, v + 2);
    return [v + 2, lineEnd(text, v + 2, close)];
  }
  if (first === '"' || first === "'") {
    let i = v + 1;
    const limit = Math.min(text.length, i + MAX_VALUE);
    while (i < limit && text[i] !== first && text[i] !== "\n" && text[i] !== "\r") i += text[i] === "\\" ? 2 : 1;
    return [v + 1, Math.min(i, limit)];
  }
  if (first === "[" || first === "{") return [v, bracketEnd(text, v)];
  // after `=` a value ends at white space; after `:` at the end of a short line (`password: two words`), or at white space in a long one (prose)
  let stops = sep === "=" ? EQUALS_STOPS : COLON_STOPS;
  let i = v;
  let limit = Math.min(text.length, v + MAX_VALUE);
  while (i < limit && !stops.has(text[i]!)) {
    i++;
    if (stops === COLON_STOPS && i - v > MAX_LINE_VALUE) {
      stops = EQUALS_STOPS;
      i = v;
      limit = Math.min(text.length, v + MAX_VALUE);
    }
  }
  if (sep === ":") while (i > v && (text[i - 1] === " " || text[i - 1] === "\t")) i--;
  return i > v ? [v, i] : null;
}

const EQUALS_STOPS = new Set([" ", "\t", "\r", "\n", "&", ";", ",", '"', "'", "<", ">", ")", "]", "}", "\\"]);
const COLON_STOPS = new Set(["\r", "\n", ",", '"', "'", "<", ">", "]", "}", "\\"]);

/** The end of a quoted value closed at `close` (-1: not closed), not past its line. */
function lineEnd(text: string, from: number, close: number): number {
  let i = from;
  const limit = Math.min(text.length, from + MAX_VALUE, close === -1 ? Infinity : close);
  while (i < limit && text[i] !== "\n" && text[i] !== "\r") i++;
  return i;
}

/** The index after the bracket matching the one at `open` (strings skipped), or a bounded end. */
function bracketEnd(text: string, open: number): number {
  const opener = text[open];
  const closer = opener === "[" ? "]" : "}";
  let depth = 0;
  const limit = Math.min(text.length, open + MAX_VALUE);
  for (let i = open; i < limit; i++) {
    const c = text[i];
    if (c === '"') {
      i++;
      while (i < limit && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    } else if (c === opener) depth++;
    else if (c === closer && --depth === 0) return i + 1;
  }
  return limit;
}
