import { isPersonalName, isSecretName } from "./isSecretName.ts";
import { MIN_SECRET_LENGTH, REDACTED, redactText } from "./redactText.ts";

/**
 * A query string, URL fragment or form body (`a=1&password=x`, no leading `?`) with the value of
 * every secret or personal parameter (names decoded first: `user%5Bpassword%5D`, `client_secret`,
 * `code` — {@link isSecretName} in a URL) replaced by `[redacted]`, and every other value passed
 * through {@link redactText} (re-encoded only when it changed). Cut values of at least 8
 * characters are added to `found`. Names and untouched values keep their original encoding.
 *
 * @example
 * redactQueryString("expires=1700000000&signature=9f86d081884c7d65") // => "expires=1700000000&signature=[redacted]"
 */
export function redactQueryString(query: string, found?: Set<string>): string {
  return query
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      if (eq === -1) return pair;
      const rawName = pair.slice(0, eq);
      const rawValue = pair.slice(eq + 1);
      const name = decode(rawName);
      const value = decode(rawValue);
      if (isSecretName(name, "url") || isPersonalName(name)) {
        if (found !== undefined && value.length >= MIN_SECRET_LENGTH) found.add(value);
        return `${rawName}=${REDACTED}`;
      }
      const redacted = redactText(value, found);
      return redacted === value
        ? pair
        : `${rawName}=${encodeURIComponent(redacted).replace(/%5B/g, "[").replace(/%5D/g, "]").replace(/%20/g, "+")}`;
    })
    .join("&");
}

/**
 * A URL (absolute or a path) with the password of its authority, its query string and its
 * fragment redacted ({@link redactQueryString}) and its path passed through {@link redactText}
 * (matrix parameters `;jsessionid=…`, tokens).
 *
 * @example
 * redactUrl("https://app.example/cb?code=SplxlOBeZQQYbYS6WxSbIA&state=xyz") // => "https://app.example/cb?code=[redacted]&state=xyz"
 */
export function redactUrl(url: string, found?: Set<string>): string {
  const hash = url.indexOf("#");
  const beforeHash = hash === -1 ? url : url.slice(0, hash);
  const fragment = hash === -1 ? null : url.slice(hash + 1);
  const q = beforeHash.indexOf("?");
  const path = q === -1 ? beforeHash : beforeHash.slice(0, q);
  const query = q === -1 ? null : beforeHash.slice(q + 1);
  let out = redactText(path, found);
  if (query !== null) out += `?${redactQueryString(query, found)}`;
  if (fragment !== null)
    out += `#${fragment.includes("=") ? redactQueryString(fragment, found) : redactText(fragment, found)}`;
  return out;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}
