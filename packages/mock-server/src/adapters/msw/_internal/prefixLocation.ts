/**
 * The app's answer as seen under a path prefix: a `Location` that points into the app (same
 * origin) gets the prefix back, since the app saw the request with the prefix stripped and built
 * its redirect (e.g. the factsheet's 302 to its PDF) from that URL. Other answers are unchanged.
 *
 * @example
 * // request http://localhost:4010/api/v1/strategies/s/factsheet, app answers Location http://localhost:4010/v1/strategies/s/factsheet.pdf
 * (await prefixLocation(answer, "/api", appUrl)).headers.get("location") // => "http://localhost:4010/api/v1/strategies/s/factsheet.pdf"
 */
export function prefixLocation(response: Response, prefix: string, appUrl: URL): Response {
  const location = response.headers.get("location");
  if (location === null || prefix === "") return response;
  const target = new URL(location, appUrl);
  if (target.origin !== appUrl.origin) return response;
  target.pathname = `${prefix}${target.pathname}`;
  const headers = new Headers(response.headers);
  headers.set("location", target.toString());
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
