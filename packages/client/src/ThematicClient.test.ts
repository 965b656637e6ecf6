import { describe, expect, it } from "vitest";
import { DEFAULT_BASE_URL, ThematicClient } from "./ThematicClient.ts";
import { ThematicApiError } from "./ThematicApiError.ts";

/** A fetch that records requests and answers from `reply`. */
function fakeFetch(reply: (request: Request) => Response | Promise<Response>) {
  const requests: Request[] = [];
  const fetch = async (request: Request) => {
    requests.push(request);
    return reply(request);
  };
  return { requests, fetch };
}
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

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
    await new ThematicClient({ baseUrl: "https://api.test/prefix/", fetch }).get("/v1/benchmarks/{symbol}", { params: { path: { symbol: "A B" }, query: { interval: "weekly" } } });
    expect(requests[0]!.url).toBe("https://api.test/prefix/v1/benchmarks/A%20B?interval=weekly");
  });

  it("rejects a relative base URL at construction", () => {
    expect(() => new ThematicClient({ baseUrl: "/api" })).toThrow(TypeError);
  });

  it("throws ThematicApiError with the service's {error}, the method and the filled path", async () => {
    const { fetch } = fakeFetch(() => json({ error: "strategy x not found" }, 404));
    const error = await new ThematicClient({ fetch }).get("/v1/strategies/{id}", { params: { path: { id: "x/y" } } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ThematicApiError);
    expect(error).toMatchObject({ status: 404, error: "strategy x not found", method: "GET", path: "/v1/strategies/x%2Fy" });
    expect((error as Error).message).toBe("GET /v1/strategies/x%2Fy → 404: strategy x not found");
  });

  it("keeps a non-JSON error body as the message, or the status text when empty", async () => {
    const text = fakeFetch(() => new Response("upstream down", { status: 502 }));
    await expect(new ThematicClient({ fetch: text.fetch }).get("/v1/benchmarks")).rejects.toMatchObject({ status: 502, error: "upstream down" });
    const empty = fakeFetch(() => new Response(null, { status: 500, statusText: "Internal Server Error" }));
    await expect(new ThematicClient({ fetch: empty.fetch }).get("/v1/benchmarks")).rejects.toMatchObject({ status: 500, error: "Internal Server Error" });
  });

  it("a success body that is not JSON is a ThematicApiError too; an empty one is undefined", async () => {
    const html = fakeFetch(() => new Response("<html>proxy login</html>", { status: 200, headers: { "Content-Type": "text/html" } }));
    await expect(new ThematicClient({ fetch: html.fetch }).get("/v1/benchmarks")).rejects.toMatchObject({ status: 200, error: expect.stringMatching(/^the response body is not JSON: <html>/) });
    const empty = fakeFetch(() => new Response("", { status: 200 }));
    await expect(new ThematicClient({ fetch: empty.fetch }).get("/v1/benchmarks")).resolves.toBeUndefined();
  });

  it("a 202 is an error of the generic methods (the optimizer's 'not built yet')", async () => {
    const { fetch } = fakeFetch(() => json({ error: "still building" }, 202));
    await expect(new ThematicClient({ fetch }).post("/v1/strategies/{id}/optimize", { params: { path: { id: "s" } } })).rejects.toMatchObject({ status: 202, error: "still building" });
  });

  it("resolves 204 to undefined", async () => {
    const { fetch } = fakeFetch(() => new Response(null, { status: 204 }));
    await expect(new ThematicClient({ fetch }).delete("/v1/portfolios/{id}", { params: { path: { id: "p" } } })).resolves.toBeUndefined();
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
    const times: number[] = [];
    const built = await new ThematicClient({ fetch }).waitForBuild("s", { initialDelayMs: 10, factor: 2, maxDelayMs: 25, onPoll: () => times.push(performance.now()) });
    expect(built.status).toBe(-2);
    expect(requests).toHaveLength(4);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    expect(gaps[0]).toBeGreaterThanOrEqual(9);
    expect(gaps[1]).toBeGreaterThanOrEqual(19);
    expect(gaps[2]).toBeGreaterThanOrEqual(24);
  });

  it("waitForBuild refuses backoff options that make no sense", async () => {
    const { fetch } = fakeFetch(() => json({ id: "s", status: 100 }));
    await expect(new ThematicClient({ fetch }).waitForBuild("s", { initialDelayMs: 10, maxDelayMs: 5 })).rejects.toThrow(RangeError);
    await expect(new ThematicClient({ fetch }).waitForBuild("s", { factor: 0.5 })).rejects.toThrow(RangeError);
  });

  it("a poll's error ends waitForBuild with that ThematicApiError", async () => {
    const { fetch } = fakeFetch(() => json({ error: "gone" }, 404));
    await expect(new ThematicClient({ fetch }).waitForBuild("s")).rejects.toMatchObject({ status: 404, error: "gone" });
  });
});
