// The same MCP server through msw (Node setupServer): the SDK client's fetch is intercepted and
// answered by the app in-process, with no port open.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMswMock } from "../adapters/msw/handlers.ts";
import { createManualClock } from "../clock/ManualClock.ts";
import { id, keys, testUniverse } from "../_test/testUniverse.ts";
import { callOk } from "./_test/startMcpMock.ts";

const baseUrl = "https://thematic.test/api";
const mock = createMswMock({
  baseUrl,
  universe: testUniverse,
  clock: createManualClock(Date.UTC(2025, 5, 2, 12)),
  buildDurationMs: 4000,
});
const server = setupServer(...mock.handlers);
const clients: Client[] = [];

async function connect(key: string): Promise<Client> {
  const client = new Client({ name: "msw-test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${baseUrl}/v1/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${key}` } },
    }),
  );
  clients.push(client);
  return client;
}

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  server.close();
});

describe("MCP through msw", () => {
  it("initializes, lists the tools and calls them on the mock's data", async () => {
    const alice = await connect(keys.alice);
    expect(alice.getServerVersion()?.name).toBe("thematic-mock");
    expect((await alice.listTools()).tools.length).toBe(23);
    const s = await callOk<{ id: string; status: number }>(alice, "create_strategy", {
      name: "Via msw",
      objective: "quantum computing hardware",
    });
    await callOk(alice, "submit_strategy", { strategyId: s.id });
    mock.ctx.clock.advance(5000);
    expect((await callOk<{ status: number }>(alice, "get_strategy", { strategyId: s.id })).status).toBe(100);
    const { companies } = await callOk<{ companies: Array<{ id: string }> }>(alice, "get_strategy_companies", {
      strategyId: s.id,
    });
    expect(companies.map((c) => c.id)).toContain(id("qbit"));
  });

  it("401 {error} with a Bearer challenge without a key", async () => {
    const r = await fetch(`${baseUrl}/v1/mcp`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
      body: "{}",
    });
    expect(r.status).toBe(401);
    expect(r.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);
    expect(Object.keys((await r.json()) as object)).toEqual(["error"]);
  });
});
