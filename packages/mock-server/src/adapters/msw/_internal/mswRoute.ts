import { prefixLocation } from "./prefixLocation.ts";

/** Where the mocked service lives for msw, and how a request under it reaches the app. */
export interface MswRoute {
  /** msw's path pattern: every path below the base URL, on its origin. */
  pattern: string;
  /** `request` passed to `fetch` with the base URL's path prefix stripped, and put back into the `Location` of the answer. */
  forward(request: Request, fetch: (request: Request) => Promise<Response>): Promise<Response>;
}

/**
 * The msw route of the mock under `baseUrl`: the pattern its handler matches and the forwarding
 * of a matched request to the app (which serves paths from `/`).
 *
 * @throws TypeError when `baseUrl` is not an absolute http(s) URL
 * @example
 * mswRoute("http://localhost:4010/api").pattern // => "http://localhost:4010/api/*"
 */
export function mswRoute(baseUrl: string): MswRoute {
  let base: URL;
  try {
    base = new URL(baseUrl);
  } catch {
    throw new TypeError(
      `baseUrl must be an absolute http(s) URL such as "https://api.example.com", got ${JSON.stringify(baseUrl)}`,
    );
  }
  if (base.protocol !== "http:" && base.protocol !== "https:") {
    throw new TypeError(
      `baseUrl must be an absolute http(s) URL such as "http://${baseUrl}", got ${JSON.stringify(baseUrl)} (scheme ${base.protocol})`,
    );
  }
  const prefix = base.pathname.replace(/\/+$/, "");
  return {
    pattern: `${base.origin}${prefix}/*`,
    async forward(request, fetch) {
      if (prefix === "") return fetch(request);
      const url = new URL(request.url);
      url.pathname = url.pathname.slice(prefix.length) || "/";
      return prefixLocation(await fetch(new Request(url, request)), prefix, url);
    },
  };
}
