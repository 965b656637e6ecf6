// Test helpers: an in-process mock on the test universe with a manual clock, and per-user clients.
import { type CreateAppOptions, createMock } from "../app/createApp.ts";
import { createManualClock, type ManualClock } from "../clock/ManualClock.ts";
import { keys, testUniverse } from "./testUniverse.ts";

export interface TestClient {
  get(path: string, headers?: Record<string, string>): Promise<Response>;
  post(path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  patch(path: string, body: unknown): Promise<Response>;
  put(path: string, body: unknown): Promise<Response>;
  del(path: string): Promise<Response>;
}

export function makeMock(options: CreateAppOptions = {}) {
  const clock: ManualClock = createManualClock(Date.UTC(2025, 5, 2, 12));
  const mock = createMock({ universe: testUniverse, clock, quiet: true, buildDurationMs: 4000, ...options });
  const client = (key: string | null): TestClient => {
    const auth: Record<string, string> = key === null ? {} : { Authorization: `Bearer ${key}` };
    const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
      Promise.resolve(
        mock.app.request(path, {
          method,
          headers: { ...auth, ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
          ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
        }),
      );
    return {
      get: (path, headers) => send("GET", path, undefined, headers),
      post: (path, body, headers) => send("POST", path, body, headers),
      patch: (path, body) => send("PATCH", path, body),
      put: (path, body) => send("PUT", path, body),
      del: (path) => send("DELETE", path),
    };
  };
  return { ...mock, clock, alice: client(keys.alice), bob: client(keys.bob), anonymous: client(null), client };
}

/** The JSON body of a response, typed loosely for assertions. */
export async function body<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}
