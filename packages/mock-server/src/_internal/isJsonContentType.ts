/**
 * True for a `Content-Type` of `application/json` with or without parameters (`; charset=utf-8`),
 * case-insensitively. A web page can send a cross-origin request without a CORS preflight only
 * with `text/plain`, form or multipart bodies, so requiring JSON makes every cross-origin browser
 * request preflighted (and refused unless the CORS allow-list admits its origin).
 *
 * @example
 * isJsonContentType("Application/JSON; charset=utf-8") // => true
 * isJsonContentType("text/plain") // => false
 */
export function isJsonContentType(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const semicolon = contentType.indexOf(";");
  return (semicolon < 0 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase() === "application/json";
}
