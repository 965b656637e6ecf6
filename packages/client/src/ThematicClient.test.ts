import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { DEFAULT_BASE_URL, ThematicClient } from "./ThematicClient.ts";
import { ThematicApiError } from "./ThematicApiError.ts";
import type { Clock } from "./_internal/clock.ts";

/** A fetch that records requests and answers from `reply`. */
function fakeFetch(reply: (request: Request) => Response | Promise<Response>) {
  const requests: Request[] = [];
  const fetch = async (request: Request) => {
    requests.push(request);
    return reply(request);
  };
  return { requests, fetch };
}
const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });

/** A clock whose sleeps return at once, advance `now` and are recorded (no real waiting). */
function fakeClock(start = Date.UTC(2026, 0, 5, 12, 0, 0)) {
  const sleeps: number[] = [];
  let now = start;
  const clock: Clock = {
    now: () => now,
    sleep: async (ms, signal) => {
      if (signal?.aborted) throw signal.reason;
      sleeps.push(ms);
      now += ms;
    },
  };
  return { clock, sleeps };
}

/** A loopback port with nothing listening on it (bound, then closed). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("ThematicClient", () => {
  it("defaults to the local mock and sends the key as a bearer token", async () => {
    const { requests, fetch } = fakeFetch(() => json([]));
    const client = new ThematicClient({ apiKey: "k1", fetch });
    expect(client.baseUrl).toBe(DEFAULT_BASE_URL);
    await client.get("/v1/strategies");
    expect(requests[0]!.url).toBe("http://localhost:4010/v1/strategies");
    expect(requests[0]!.headers.get("Authorization")).toBe("Bearer k1");
  });

  it("keeps a path prefix of the base URL, fills and encodes path parameters, serialises the query", async () => {
    const { requests, fetch } = fakeFetch(() => json({ symbol: "SPY", interval: "weekly", prices: [] }));
    await new ThematicClient({ baseUrl: "https://api.test/prefix/", fetch }).get("/v1/benchmarks/{symbol}", {
      params: { path: { symbol: "A B" }, query: { interval: "weekly" } },
    });
    expect(requests[0]!.url).toBe("https://api.test/prefix/v1/benchmarks/A%20B?interval=weekly");
  });

  it("rejects a relative base URL at construction", () => {
    expect(() => new ThematicClient({ baseUrl: "/api" })).toThrow(TypeError);
  });

  it("rejects a base URL without an http(s) scheme at construction, suggesting the fix", () => {
    expect(() => new ThematicClient({ baseUrl: "localhost:4011" })).toThrow(
      new TypeError(
        'baseUrl must be an absolute http(s) URL such as "http://localhost:4010", got "localhost:4011"; did you mean "http://localhost:4011"?',
      ),
    );
    expect(() => new ThematicClient({ baseUrl: "api.example.com/v" })).toThrow(
      /did you mean "https:\/\/api\.example\.com\/v"\?/,
    );
    expect(() => new ThematicClient({ baseUrl: "ftp://files.test" })).toThrow(
      /absolute http\(s\) URL .* got "ftp:\/\/files\.test"$/,
    );
    expect(() => new ThematicClient({ baseUrl: "" })).toThrow(TypeError);
    expect(new ThematicClient({ baseUrl: "HTTPS://api.test//" }).baseUrl).toBe("HTTPS://api.test");
  });

  it("a server that is not there is a ThematicApiError of status 0 naming the method, the address and the mock", async () => {
    const port = await closedPort();
    const error = await new ThematicClient({ baseUrl: `http://127.0.0.1:${port}` })
      .get("/v1/health")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ThematicApiError);
    expect(error).toMatchObject({
      status: 0,
      method: "GET",
      path: "/v1/health",
      url: `http://127.0.0.1:${port}/v1/health`,
    });
    const message = (error as Error).message;
    expect(message).toContain(`GET http://127.0.0.1:${port}/v1/health → no answer: fetch failed (ECONNREFUSED)`);
    expect(message).toContain(`Is the mock running? Start it with \`npx thematic-mock --port ${port}\``);
    expect((error as Error).cause).toBeInstanceOf(TypeError);
  });

  it("the network error of a remote address asks whether the address is right; paths keep the base URL's prefix out", async () => {
    const fetch = async () => {
      throw new TypeError("Failed to fetch");
    };
    const error = await new ThematicClient({ baseUrl: "https://api.test/prefix", fetch })
      .get("/v1/strategies/{id}", { params: { path: { id: "s" } } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 0,
      error: "Failed to fetch",
      path: "/v1/strategies/s",
      url: "https://api.test/prefix/v1/strategies/s",
    });
    expect((error as Error).message).toBe(
      "GET https://api.test/prefix/v1/strategies/s → no answer: Failed to fetch. Is https://api.test the right address, and reachable from here?",
    );
  });

  it("cancellation is not wrapped: an aborted call rejects with the signal's reason", async () => {
    const fetch = (request: Request) =>
      new Promise<Response>((_, reject) => {
        if (request.signal.aborted) reject(request.signal.reason);
        request.signal.addEventListener("abort", () => reject(request.signal.reason));
      });
    const controller = new AbortController();
    const pending = new ThematicClient({ fetch }).get("/v1/health", { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
  });

  it("throws ThematicApiError with the service's {error}, the method and the filled path", async () => {
    const { fetch } = fakeFetch(() => json({ error: "strategy x not found" }, 404));
    const error = await new ThematicClient({ fetch })
      .get("/v1/strategies/{id}", { params: { path: { id: "x/y" } } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ThematicApiError);
    expect(error).toMatchObject({
      status: 404,
      error: "strategy x not found",
      method: "GET",
      path: "/v1/strategies/x%2Fy",
    });
    expect((error as Error).message).toBe("GET /v1/strategies/x%2Fy → 404: strategy x not found");
  });

  it("keeps a non-JSON error body as the message, or the status text when empty", async () => {
    const text = fakeFetch(() => new Response("upstream down", { status: 502 }));
    await expect(new ThematicClient({ fetch: text.fetch }).get("/v1/benchmarks")).rejects.toMatchObject({
      status: 502,
      error: "upstream down",
    });
    const empty = fakeFetch(() => new Response(null, { status: 500, statusText: "Internal Server Error" }));
    await expect(new ThematicClient({ fetch: empty.fetch }).get("/v1/benchmarks")).rejects.toMatchObject({
      status: 500,
      error: "Internal Server Error",
    });
  });

  it("a success body that is not JSON is a ThematicApiError too; an empty one is undefined", async () => {
    const html = fakeFetch(
      () => new Response("<html>proxy login</html>", { status: 200, headers: { "Content-Type": "text/html" } }),
    );
    await expect(new ThematicClient({ fetch: html.fetch }).get("/v1/benchmarks")).rejects.toMatchObject({
      status: 200,
      error: expect.stringMatching(/^the response body is not JSON: <html>/),
    });
    const empty = fakeFetch(() => new Response("", { status: 200 }));
    await expect(new ThematicClient({ fetch: empty.fetch }).get("/v1/benchmarks")).resolves.toBeUndefined();
  });

  it("a 202 is an error of the generic methods (the optimizer's 'not built yet')", async () => {
    const { fetch } = fakeFetch(() => json({ error: "still building" }, 202));
    await expect(
      new ThematicClient({ fetch }).post("/v1/strategies/{id}/optimize", { params: { path: { id: "s" } } }),
    ).rejects.toMatchObject({ status: 202, error: "still building" });
  });

  it("resolves 204 to undefined", async () => {
    const { fetch } = fakeFetch(() => new Response(null, { status: 204 }));
    await expect(
      new ThematicClient({ fetch }).delete("/v1/portfolios/{id}", { params: { path: { id: "p" } } }),
    ).resolves.toBeUndefined();
  });

  it("gives control-surface writes a {} JSON body, and leaves other requests alone", async () => {
    const { requests, fetch } = fakeFetch(() => json({ completed: 0 }));
    const client = new ThematicClient({ fetch });
    await client.post("/__mock/builds/complete");
    expect(requests[0]!.headers.get("Content-Type")).toBe("application/json");
    expect(await requests[0]!.text()).toBe("{}");
    await client.post("/v1/strategies/{id}/submit", { params: { path: { id: "s" } } });
    expect(requests[1]!.body).toBeNull();
  });

  it("sends the configured headers on every request", async () => {
    const { requests, fetch } = fakeFetch(() => json([]));
    await new ThematicClient({ fetch, headers: { "X-Mock-Session": "w1" } }).get("/v1/portfolios");
    expect(requests[0]!.headers.get("X-Mock-Session")).toBe("w1");
  });

  it("waitForBuild backs off between polls and stops at a negative status", async () => {
    const statuses = [0, 10, 40, -2];
    const { requests, fetch } = fakeFetch(() => json({ id: "s", status: statuses[Math.min(requests.length - 1, 3)] }));
    const { clock, sleeps } = fakeClock();
    const built = await new ThematicClient({ fetch, clock }).waitForBuild("s", {
      initialDelayMs: 10,
      factor: 2,
      maxDelayMs: 25,
    });
    expect(built.status).toBe(-2);
    expect(requests).toHaveLength(4);
    expect(sleeps).toEqual([10, 20, 25]);
  });

  it("waitForBuild refuses backoff options that make no sense", async () => {
    const { fetch } = fakeFetch(() => json({ id: "s", status: 100 }));
    await expect(
      new ThematicClient({ fetch }).waitForBuild("s", { initialDelayMs: 10, maxDelayMs: 5 }),
    ).rejects.toThrow(RangeError);
    await expect(new ThematicClient({ fetch }).waitForBuild("s", { factor: 0.5 })).rejects.toThrow(RangeError);
  });

  it("a poll's error ends waitForBuild with that ThematicApiError", async () => {
    const { fetch } = fakeFetch(() => json({ error: "gone" }, 404));
    await expect(new ThematicClient({ fetch }).waitForBuild("s")).rejects.toMatchObject({ status: 404, error: "gone" });
  });
});

describe("ThematicClient: Retry-After on 429 and 503", () => {
  it("waits the seconds a 429 asks for, then sends the request again (body included)", async () => {
    const { requests, fetch } = fakeFetch(() =>
      requests.length === 1 ? json({ error: "queue full" }, 429, { "Retry-After": "3" }) : json({ id: "s" }, 201),
    );
    const { clock, sleeps } = fakeClock();
    const created = await new ThematicClient({ fetch, clock }).post("/v1/strategies", {
      body: { name: "Grid", objective: "grid storage" },
    });
    expect(created).toEqual({ id: "s" });
    expect(sleeps).toEqual([3000]);
    expect(requests).toHaveLength(2);
    expect(await requests[1]!.json()).toEqual({ name: "Grid", objective: "grid storage" });
  });

  it("reads an HTTP-date on a 503 against the clock, a date in the past being no wait", async () => {
    const { clock, sleeps } = fakeClock(Date.UTC(2026, 0, 5, 12, 0, 0));
    const replies = [
      json({ error: "maintenance" }, 503, { "Retry-After": "Mon, 05 Jan 2026 12:00:07 GMT" }),
      json({ error: "maintenance" }, 503, { "Retry-After": "Mon, 05 Jan 2026 11:00:00 GMT" }),
      json({ status: "ok" }),
    ];
    const { fetch } = fakeFetch(() => replies.shift()!);
    await expect(new ThematicClient({ fetch, clock }).get("/v1/health")).resolves.toEqual({ status: "ok" });
    expect(sleeps).toEqual([7000, 0]);
  });

  it("does not wait past the cap: the error is thrown at once with the wait asked for", async () => {
    const { requests, fetch } = fakeFetch(() => json({ error: "queue full" }, 429, { "Retry-After": "60" }));
    const { clock, sleeps } = fakeClock();
    const error = await new ThematicClient({ fetch, clock, retry: { maxWaitMs: 5000 } })
      .get("/v1/health")
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, error: "queue full", retryAfterMs: 60_000 });
    expect(sleeps).toEqual([]);
    expect(requests).toHaveLength(1);
  });

  it("stops after maxRetries retries and throws the last answer", async () => {
    const { requests, fetch } = fakeFetch(() => json({ error: "busy" }, 503, { "Retry-After": "1" }));
    const { clock, sleeps } = fakeClock();
    await expect(new ThematicClient({ fetch, clock }).get("/v1/health")).rejects.toMatchObject({
      status: 503,
      retryAfterMs: 1000,
    });
    expect(sleeps).toEqual([1000, 1000]); // the default: 2 retries
    expect(requests).toHaveLength(3);
    const once = fakeFetch(() => json({ error: "busy" }, 503, { "Retry-After": "1" }));
    await expect(
      new ThematicClient({ fetch: once.fetch, clock, retry: { maxRetries: 0 } }).get("/v1/health"),
    ).rejects.toMatchObject({ status: 503 });
    expect(once.requests).toHaveLength(1);
  });

  it("retries nothing without Retry-After, with an unreadable one, on other statuses, or with retry: false", async () => {
    const { clock, sleeps } = fakeClock();
    const cases: Array<[Response, ConstructorParameters<typeof ThematicClient>[0]]> = [
      [json({ error: "slow down" }, 429), {}],
      [json({ error: "slow down" }, 429, { "Retry-After": "soon" }), {}],
      [json({ error: "busy" }, 423, { "Retry-After": "1" }), {}],
      [json({ error: "slow down" }, 429, { "Retry-After": "1" }), { retry: false }],
    ];
    for (const [reply, options] of cases) {
      const { requests, fetch } = fakeFetch(() => reply.clone());
      await expect(new ThematicClient({ ...options, fetch, clock }).get("/v1/health")).rejects.toBeInstanceOf(
        ThematicApiError,
      );
      expect(requests).toHaveLength(1);
    }
    expect(sleeps).toEqual([]);
  });

  it("a wait is cancelled by the call's signal", async () => {
    const controller = new AbortController();
    const { fetch } = fakeFetch(() => {
      controller.abort();
      return json({ error: "queue full" }, 429, { "Retry-After": "2" });
    });
    const { clock } = fakeClock();
    await expect(
      new ThematicClient({ fetch, clock }).get("/v1/health", { signal: controller.signal }),
    ).rejects.toMatchObject({ name: "AbortError" });
  });

  it("refuses retry options that make no sense", () => {
    expect(() => new ThematicClient({ retry: { maxRetries: -1 } })).toThrow(RangeError);
    expect(() => new ThematicClient({ retry: { maxRetries: 1.5 } })).toThrow(RangeError);
    expect(() => new ThematicClient({ retry: { maxWaitMs: Number.NaN } })).toThrow(RangeError);
  });
});
