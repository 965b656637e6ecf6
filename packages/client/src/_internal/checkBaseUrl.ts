/**
 * `baseUrl` without trailing slashes, once it is known to be an absolute http(s) URL; checked at
 * construction so that a wrong address fails there, with the value and the expected form, rather
 * than at the first call. A host without a scheme (`localhost:4011`) gets a suggestion.
 *
 * @throws TypeError for a relative, malformed or non-http(s) URL
 * @example
 * checkBaseUrl("http://localhost:4011/") // => "http://localhost:4011"
 * checkBaseUrl("localhost:4011") // throws TypeError: baseUrl must be an absolute http(s) URL … did you mean "http://localhost:4011"?
 */
export function checkBaseUrl(baseUrl: unknown): string {
  if (typeof baseUrl !== "string")
    throw new TypeError(
      `baseUrl must be a string such as "http://localhost:4010", got ${baseUrl === null ? "null" : typeof baseUrl}`,
    );
  const trimmed = baseUrl.trim().replace(/\/+$/, "");
  let protocol: string | undefined;
  try {
    protocol = new URL(trimmed).protocol;
  } catch {
    protocol = undefined;
  }
  if (protocol === "http:" || protocol === "https:") return trimmed;
  // "localhost:4011" parses as the scheme "localhost:"; "api.test/v1" does not parse at all.
  const hostLike = /^[a-z0-9.-]+(:\d+)?(\/.*)?$/i.test(trimmed) && trimmed !== "";
  const local = /^(localhost|127\.|\[::1\])/i.test(trimmed);
  const hint = hostLike ? `; did you mean "${local ? "http" : "https"}://${trimmed}"?` : "";
  throw new TypeError(
    `baseUrl must be an absolute http(s) URL such as "http://localhost:4010", got ${JSON.stringify(baseUrl)}${hint}`,
  );
}
