import { isPersonalName, isSecretName } from "./isSecretName.ts";
import { redactUrl } from "./redactQueryString.ts";
import { MIN_SECRET_LENGTH, REDACTED, redactText } from "./redactText.ts";

/**
 * Header pairs with their secrets redacted:
 * - `Cookie`, `Set-Cookie`: every cookie's value (`sid=[redacted]; Path=/; HttpOnly`);
 * - `Authorization`, `Proxy-Authorization` and any header named like a secret or personal datum
 *   ({@link isSecretName}: `X-Api-Key`, `X-Auth-Token`, `X-CSRF-Token`, `X-User-Email`…): the
 *   whole value, a scheme kept (`Bearer [redacted]`);
 * - a value that is a URL or a path (`Location`, `Content-Location`, `Referer`…): its query
 *   string, fragment and password ({@link redactUrl});
 * - any other value: {@link redactText} (a `Link` header's addresses, a credential in free text).
 * Cut values of at least 8 characters are added to `found`.
 *
 * @example
 * redactHeaders([["set-cookie", "sid=abc123; Path=/"], ["x-api-key", "k"]]) // => [["set-cookie", "sid=[redacted]; Path=/"], ["x-api-key", "[redacted]"]]
 */
export function redactHeaders(headers: Iterable<[string, string]>, found?: Set<string>): Array<[string, string]> {
  const keep = (value: string): void => {
    if (found !== undefined && value.length >= MIN_SECRET_LENGTH) found.add(value);
  };
  const out: Array<[string, string]> = [];
  for (const [name, value] of headers) {
    const lower = name.toLowerCase();
    if (lower === "cookie" || lower === "set-cookie") {
      // a cookie pair starts the value, follows `;` (Cookie) or `,` (several Set-Cookie joined); attributes (`Path=/`) follow `;` in Set-Cookie
      const pairStart = lower === "cookie" ? /(^|[;,]\s*)([^=;,\s]+)=([^;,]*)/g : /(^|,\s*)([^=;,\s]+)=([^;]*)/g;
      out.push([
        name,
        value.replace(
          pairStart,
          (_all, lead: string, cookie: string, v: string) => (keep(v.trim()), `${lead}${cookie}=${REDACTED}`),
        ),
      ]);
    } else if (isSecretName(name) || isPersonalName(name)) {
      const scheme = /^([A-Za-z][\w-]*)\s+(\S.*)$/.exec(value.trim());
      keep(value.trim());
      if (scheme !== null) keep(scheme[2]!);
      out.push([name, scheme === null ? REDACTED : `${scheme[1]} ${REDACTED}`]);
    } else if (/^([a-z][a-z0-9+.-]*:\/\/|\/)/i.test(value.trim())) {
      out.push([name, redactUrl(value, found)]);
    } else {
      out.push([name, redactText(value, found)]);
    }
  }
  return out;
}
