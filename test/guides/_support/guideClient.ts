// What the guides' Python snippets do with `requests`, over real HTTP against the standalone mock:
// the same methods, URLs, headers and bodies, only BASE_URL and API_KEY changed. `sleep` is
// shortened with the mock's build duration (the flows poll exactly as written).
import { type RunningServer, startServer } from "@thematic/mock-server/node";

/** A response as the guides read it: `status_code`, `json()`, headers, and `raise_for_status()`. */
export interface GuideResponse {
  status_code: number;
  headers: Headers;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: like requests' json(), the caller names the shape it expects
  json<T = any>(): T;
  raise_for_status(): void;
}

/** `requests.get/post/patch/delete(url, headers=…, json=…, params=…, allow_redirects=…)`. */
export interface Requests {
  get(
    url: string,
    options?: {
      headers?: Record<string, string>;
      params?: Record<string, string | number | boolean>;
      allow_redirects?: boolean;
    },
  ): Promise<GuideResponse>;
  post(
    url: string,
    options?: { headers?: Record<string, string>; json?: unknown; params?: Record<string, string | number | boolean> },
  ): Promise<GuideResponse>;
  patch(url: string, options?: { headers?: Record<string, string>; json?: unknown }): Promise<GuideResponse>;
  delete(url: string, options?: { headers?: Record<string, string> }): Promise<GuideResponse>;
}

/** Build duration of the mock the guides run against, ms (the guides' `sleep` between polls is this / 4). */
export const GUIDE_BUILD_MS = 200;

/** A guide session: the server, the guides' BASE_URL for v1 and v2, an API key and the request helper. */
export interface GuideSession {
  server: RunningServer;
  baseUrl(version: "v1" | "v2"): string;
  apiKey: string;
  requests: Requests;
  sleep(): Promise<void>;
}

/**
 * Starts the standalone mock on an ephemeral port with the real fixtures (so the guides' tickers,
 * TSLA, NVDA…, resolve) and a key of an active fixture user.
 */
export async function startGuideSession(): Promise<GuideSession> {
  const server = await startServer({ port: 0, quiet: true, buildDurationMs: GUIDE_BUILD_MS, latencyMs: 0 });
  const user = server.ctx.universe.users.find((u) => u.active)!;
  return {
    server,
    baseUrl: (version) => `${server.url}/${version}`,
    apiKey: user.apiKey,
    requests: makeRequests(),
    sleep: () => new Promise((resolve) => setTimeout(resolve, GUIDE_BUILD_MS / 4)),
  };
}

function makeRequests(): Requests {
  const send = async (
    method: string,
    url: string,
    options: {
      headers?: Record<string, string>;
      json?: unknown;
      params?: Record<string, string | number | boolean>;
      allow_redirects?: boolean;
    } = {},
  ) => {
    const target = new URL(url);
    for (const [k, v] of Object.entries(options.params ?? {})) target.searchParams.set(k, String(v));
    const headers = { ...(options.headers ?? {}) };
    if (options.json !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === "content-type"))
      headers["Content-Type"] = "application/json";
    const response = await fetch(target, {
      method,
      headers,
      redirect: options.allow_redirects === false ? "manual" : "follow",
      ...(options.json === undefined ? {} : { body: JSON.stringify(options.json) }),
    });
    const text = await response.text();
    return {
      status_code: response.status,
      headers: response.headers,
      text,
      json: () => JSON.parse(text),
      raise_for_status: () => {
        if (response.status >= 400) throw new Error(`${response.status} for ${method} ${target.pathname}: ${text}`);
      },
    } satisfies GuideResponse;
  };
  return {
    get: (url, options) => send("GET", url, options),
    post: (url, options) => send("POST", url, options),
    patch: (url, options) => send("PATCH", url, options),
    delete: (url, options) => send("DELETE", url, options),
  };
}
