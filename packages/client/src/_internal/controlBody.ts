import type { Middleware } from "openapi-fetch";

/**
 * openapi-fetch middleware: a state-changing request to the mock's control surface (`/__mock/*`)
 * without a body gets `{}` as `application/json` (the control surface refuses other content types,
 * so that a cross-site form cannot reach it).
 */
export const controlBody: Middleware = {
  onRequest({ request }) {
    if (request.method === "GET" || request.method === "HEAD" || request.body !== null) return undefined;
    if (!new URL(request.url).pathname.includes("/__mock/")) return undefined;
    const headers = new Headers(request.headers);
    headers.set("Content-Type", "application/json");
    return new Request(request.url, { method: request.method, headers, body: "{}", signal: request.signal });
  },
};
