// The MCP server at /v1/mcp over real HTTP, driven by the SDK's own client.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { id, keys } from "../_test/testUniverse.ts";
import { callError, callOk, type McpMock, startMcpMock } from "./_test/startMcpMock.ts";

const TOOLS = [
  "list_strategies",
  "create_strategy",
  "submit_strategy",
  "get_strategy",
  "update_strategy",
  "delete_strategy",
  "get_strategy_companies",
  "get_strategy_company",
  "get_strategy_evidences",
  "get_strategy_factsheet",
  "get_strategy_historical_data",
  "get_strategy_performance",
  "list_premade_strategies",
  "search_premade_strategies",
  "search_companies",
  "enhance_objective",
  "reverse_objective",
  "optimize_strategy",
  "optimized_portfolio",
  "backtest",
  "list_portfolios",
  "save_portfolio",
  "build_strategy",
];

interface Strategy {
  id: string;
  user_id: string;
  name: string;
  status: number;
  objective: string;
}

let mock: McpMock;
let alice: Client;
let bob: Client;

beforeAll(async () => {
  mock = await startMcpMock();
  alice = await mock.connect(keys.alice);
  bob = await mock.connect(keys.bob);
});
afterAll(async () => {
  await mock.close();
});

const post = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(mock.url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", ...headers },
    body: JSON.stringify(body),
  });
const initialize = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
};

describe("transport and auth", () => {
  it("initializes: server info, instructions and the tools capability", () => {
    expect(alice.getServerVersion()).toEqual({ name: "thematic-mock", version: "0.1.0" });
    expect(alice.getServerCapabilities()?.tools).toBeDefined();
    expect(alice.getInstructions()).toMatch(/submit_strategy/);
  });

  it("401 {error} with a Bearer challenge without a valid key (missing, unknown, inactive)", async () => {
    const cases: Array<Record<string, string>> = [
      {},
      { Authorization: "Bearer nope" },
      { Authorization: `Bearer ${keys.carol}` },
      { Authorization: keys.alice },
    ];
    for (const headers of cases) {
      const r = await post(initialize, headers);
      expect(r.status).toBe(401);
      expect(r.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);
      const body = (await r.json()) as { error: unknown };
      expect(Object.keys(body)).toEqual(["error"]);
      expect(typeof body.error).toBe("string");
    }
  });

  it("the SDK client cannot connect with a bad key", async () => {
    await expect(mock.connect("not-a-key")).rejects.toThrow(/401|Unauthorized|invalid API key/i);
  });

  it("is stateless: no Mcp-Session-Id, every POST stands alone, JSON responses", async () => {
    const r = await post(initialize, { Authorization: `Bearer ${keys.alice}` });
    expect(r.status).toBe(200);
    expect(r.headers.get("mcp-session-id")).toBeNull();
    expect(r.headers.get("Content-Type")).toMatch(/application\/json/);
    // a tools/call without any prior initialize on this "connection" still works
    const call = await post(
      {
        jsonrpc: "2.0",
        id: 2,
        method: "tools/call",
        params: { name: "get_strategy", arguments: { strategyId: id("alice-quantum") } },
      },
      {
        Authorization: `Bearer ${keys.alice}`,
      },
    );
    const body = (await call.json()) as { result: { structuredContent: Strategy } };
    expect(body.result.structuredContent.id).toBe(id("alice-quantum"));
  });

  it("a stray Mcp-Session-Id header is ignored, not rejected", async () => {
    const r = await post(
      { jsonrpc: "2.0", id: 3, method: "tools/list", params: {} },
      { Authorization: `Bearer ${keys.alice}`, "Mcp-Session-Id": "whatever" },
    );
    expect(r.status).toBe(200);
    expect(((await r.json()) as { result: { tools: unknown[] } }).result.tools).toHaveLength(TOOLS.length);
  });

  it("GET and DELETE are 405 {error} with Allow: POST (no SSE stream, no session)", async () => {
    for (const method of ["GET", "DELETE"]) {
      const r = await fetch(mock.url, {
        method,
        headers: { Authorization: `Bearer ${keys.alice}`, Accept: "text/event-stream" },
      });
      expect(r.status, method).toBe(405);
      expect(r.headers.get("Allow")).toBe("POST");
      expect(Object.keys((await r.json()) as object)).toEqual(["error"]);
    }
  });

  it("a browser client's CORS preflight allows the MCP headers", async () => {
    const r = await fetch(mock.url, {
      method: "OPTIONS",
      headers: {
        Origin: "http://localhost:5173",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization,content-type,mcp-protocol-version",
      },
    });
    expect(r.status).toBe(204);
    expect(r.headers.get("Access-Control-Allow-Headers")).toMatch(/Mcp-Protocol-Version/i);
  });

  it("a malformed JSON-RPC body is a protocol error, not a 5xx", async () => {
    const r = await fetch(mock.url, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${keys.alice}`,
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
      },
      body: "{",
    });
    expect(r.status).toBe(400);
  });
});

describe("tools/list", () => {
  it("lists exactly the tools, each with a description, an input schema and an output schema", async () => {
    const { tools } = await alice.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...TOOLS].sort());
    for (const t of tools) {
      expect(t.description?.length ?? 0, t.name).toBeGreaterThan(60);
      expect(t.inputSchema.type, t.name).toBe("object");
      expect(t.outputSchema?.type, t.name).toBe("object");
      expect(t.annotations?.readOnlyHint, t.name).toBeTypeOf("boolean");
      for (const [arg, schema] of Object.entries(t.inputSchema.properties ?? {})) {
        expect((schema as { description?: string }).description?.length ?? 0, `${t.name}.${arg}`).toBeGreaterThan(10);
      }
    }
    const create = tools.find((t) => t.name === "create_strategy");
    expect(create?.inputSchema.required).toEqual(["name", "objective"]);
  });
});

describe("every tool", () => {
  it("strategy tools: list, create, update, submit, get (building → built)", async () => {
    const mine = await callOk<{ strategies: Strategy[] }>(alice, "list_strategies");
    expect(mine.strategies.map((s) => s.id)).toEqual([id("alice-quantum")]);
    const all = await callOk<{ strategies: Strategy[] }>(alice, "list_strategies", { scope: "all" });
    expect(all.strategies.map((s) => s.id).sort()).toEqual([id("alice-quantum"), id("bob-water")].sort());

    const created = await callOk<Strategy>(alice, "create_strategy", {
      name: "Qubits",
      objective: "quantum computing hardware and qubit chips",
    });
    expect(created.status).toBe(0);
    const updated = await callOk<Strategy>(alice, "update_strategy", { strategyId: created.id, name: "Qubit makers" });
    expect(updated.name).toBe("Qubit makers");
    const submitted = await callOk<Strategy>(alice, "submit_strategy", { strategyId: created.id });
    expect(submitted.status).toBeGreaterThanOrEqual(0);
    expect(submitted.status).toBeLessThan(100);
    mock.clock.advance(5000);
    const built = await callOk<Strategy>(alice, "get_strategy", { strategyId: created.id });
    expect(built.status).toBe(100);
  });

  it("company tools on a user strategy and on a premade strategy", async () => {
    for (const strategyId of [id("alice-quantum"), id("premade-quantum")]) {
      const { companies } = await callOk<{
        companies: Array<{ id: string; convictionScore: number; reasoning?: string }>;
      }>(alice, "get_strategy_companies", {
        strategyId,
        includeReasoning: true,
      });
      expect(companies.length).toBeGreaterThan(0);
      expect(companies.every((c) => typeof c.reasoning === "string")).toBe(true);
      const top = companies[0]!;
      const evidence = await callOk<{ isIncluded: boolean }>(alice, "get_strategy_company", {
        strategyId,
        companyId: top.id,
      });
      expect(evidence.isIncluded).toBe(true);
      const outsider = await callOk<{ isIncluded: boolean }>(alice, "get_strategy_company", {
        strategyId,
        companyId: id("bank"),
      });
      expect(outsider.isIncluded).toBe(false);
      const { evidences } = await callOk<{ evidences: Array<{ companyId: string }> }>(alice, "get_strategy_evidences", {
        strategyId,
      });
      expect(evidences.map((e) => e.companyId)).toContain(top.id);
    }
    const premade = await callOk<Strategy>(alice, "get_strategy", { strategyId: id("premade-quantum") });
    expect(premade.status).toBe(100);
  });

  it("premade tools: list and search", async () => {
    const { strategies } = await callOk<{ strategies: Strategy[] }>(alice, "list_premade_strategies");
    expect(strategies.map((s) => s.id)).toEqual([id("premade-quantum")]);
    const { matches } = await callOk<{ matches: Array<{ similarity: number; strategy: Strategy }> }>(
      alice,
      "search_premade_strategies",
      { objective: "quantum computers" },
    );
    expect(matches[0]?.strategy.id).toBe(id("premade-quantum"));
    expect(matches[0]?.similarity).toBeGreaterThan(0);
  });

  it("search_companies, backtest, optimize_strategy, optimized_portfolio", async () => {
    const { results } = await callOk<{ results: Array<{ id: string; name: string }> }>(alice, "search_companies", {
      query: "Qubit",
    });
    expect(results[0]?.id).toBe(id("qbit"));
    const bt = await callOk<{
      metadata: { stockCount: number; annualizedReturn: number; variance: number; sharpeRatio: number };
      timeSeries: number[][];
      benchmarkMetadata: { symbol: string };
    }>(alice, "backtest", {
      holdings: [
        { companyId: id("qbit"), weight: 0.5 },
        { companyId: id("cryo"), weight: 0.5 },
      ],
      years: 1,
    });
    expect(bt.metadata.stockCount).toBe(2);
    expect(bt.metadata.sharpeRatio).toBe(bt.metadata.annualizedReturn / bt.metadata.variance); // the service's rule (docs/maths.md#service-sharpe-ratio)
    expect(bt.timeSeries[0]?.[1]).toBe(10000);
    expect(bt.benchmarkMetadata.symbol).toBe("SPY");
    for (const tool of ["optimize_strategy", "optimized_portfolio"]) {
      const r = await callOk<{ portfolio: Array<{ weight: number }> }>(alice, tool, {
        strategyId: id("alice-quantum"),
        maxWeight: 0.6,
      });
      expect(r.portfolio.length, tool).toBeGreaterThan(0);
      expect(
        r.portfolio.reduce((s, p) => s + p.weight, 0),
        tool,
      ).toBeCloseTo(1, 6);
    }
  });

  it("portfolio tools: save (create, then overwrite by name) and list", async () => {
    const first = await callOk<{ created: boolean; portfolio: { id: string; holdings: unknown[] } }>(
      alice,
      "save_portfolio",
      {
        name: "MCP core",
        holdings: [
          { org_id: id("qbit"), weight: 0.6 },
          { org_id: id("cryo"), weight: 0.4 },
        ],
      },
    );
    expect(first.created).toBe(true);
    expect(first.portfolio.holdings).toHaveLength(2);
    const again = await callOk<{ created: boolean; portfolio: { id: string; holdings: unknown[] } }>(
      alice,
      "save_portfolio",
      {
        name: "MCP core",
        holdings: [{ org_id: id("qbit"), weight: 1 }],
      },
    );
    expect(again.created).toBe(false);
    expect(again.portfolio.id).toBe(first.portfolio.id);
    expect(again.portfolio.holdings).toHaveLength(1);
    const { portfolios } = await callOk<{ portfolios: Array<{ id: string }> }>(alice, "list_portfolios");
    expect(portfolios.map((p) => p.id)).toContain(first.portfolio.id);
    const bobs = await callOk<{ portfolios: Array<{ id: string }> }>(bob, "list_portfolios");
    expect(bobs.portfolios.map((p) => p.id)).not.toContain(first.portfolio.id);
  });
});

describe("errors are tool errors with the REST status and message", () => {
  it("unknown id: 404", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect(await callError(alice, "get_strategy", { strategyId: unknown })).toBe(
      `404 Not Found: strategy ${unknown} not found`,
    );
    expect(
      await callError(alice, "get_strategy_company", { strategyId: id("alice-quantum"), companyId: unknown }),
    ).toMatch(/^404 Not Found: company/);
  });

  it("bad argument: names the field; the session goes on", async () => {
    expect(await callError(alice, "get_strategy", { strategyId: "not-a-uuid" })).toMatch(/strategyId/);
    expect(await callError(alice, "create_strategy", { name: "x" })).toMatch(/objective/);
    expect(await callError(alice, "update_strategy", { strategyId: id("alice-quantum") })).toMatch(
      /^400 Bad Request: at least 1/,
    );
    expect(
      await callError(alice, "backtest", { holdings: [{ companyId: id("qbit"), weight: 1 }], benchmark: "NOPE" }),
    ).toMatch(/^400 Bad Request: .*benchmark/);
    expect(await callError(alice, "optimized_portfolio", { strategyId: id("alice-quantum"), maxWeight: 2 })).toMatch(
      /maxWeight/,
    );
    await callOk(alice, "list_strategies");
  });

  it("423 while building; 202 from the optimizer until the build is done", async () => {
    const s = await callOk<Strategy>(alice, "create_strategy", {
      name: "Water",
      objective: "clean water treatment and desalination",
    });
    await callOk(alice, "submit_strategy", { strategyId: s.id });
    expect(await callError(alice, "submit_strategy", { strategyId: s.id })).toMatch(/^423 Locked: .*still building/);
    expect(await callError(alice, "optimize_strategy", { strategyId: s.id })).toMatch(/^202 Not Ready: /);
    mock.clock.advance(5000);
    expect((await callOk<Strategy>(alice, "get_strategy", { strategyId: s.id })).status).toBe(100);
  });

  it("ownership is the REST API's: 403 on someone else's public strategy, 404 on a private one, premade read-only", async () => {
    expect(await callError(alice, "update_strategy", { strategyId: id("bob-water"), name: "mine" })).toMatch(
      /^403 Forbidden: /,
    );
    expect(await callError(alice, "submit_strategy", { strategyId: id("bob-water") })).toMatch(/^403 Forbidden: /);
    expect(await callError(alice, "get_strategy", { strategyId: id("bob-private") })).toMatch(/^404 Not Found: /);
    expect(await callError(alice, "get_strategy_companies", { strategyId: id("bob-private") })).toMatch(
      /^404 Not Found: /,
    );
    expect(await callError(bob, "get_strategy", { strategyId: id("alice-quantum") })).toMatch(/^404 Not Found: /);
    expect(await callError(alice, "submit_strategy", { strategyId: id("premade-quantum") })).toMatch(
      /^403 Forbidden: .*premade/,
    );
    expect((await callOk<Strategy>(bob, "get_strategy", { strategyId: id("bob-private") })).user_id).toBe(id("bob"));
  });

  it("analytics tools: historical data, performance, factsheet; delete_strategy archives", async () => {
    const past = await callOk<{ companies: Array<{ id: string; reasoning?: string }> }>(
      alice,
      "get_strategy_historical_data",
      {
        strategyId: id("alice-quantum"),
        date: "2025-04-15",
        includeReasoning: true,
      },
    );
    expect(past.companies.length).toBeGreaterThan(0);
    expect(past.companies.every((c) => c.reasoning?.startsWith("As of 2025-04-15"))).toBe(true);
    expect(
      await callError(alice, "get_strategy_historical_data", { strategyId: id("alice-quantum"), date: "2999-01-01" }),
    ).toMatch(/^400 Bad Request: .*future/);
    await callOk(alice, "submit_strategy", { strategyId: id("alice-quantum"), asOfDate: "2025-04-15" });
    expect(
      await callError(alice, "get_strategy_companies", { strategyId: id("alice-quantum"), asOfDate: "2025-04-15" }),
    ).toMatch(/^409 Conflict: /);
    mock.clock.advance(5000);
    const run = await callOk<{ companies: Array<{ id: string }> }>(alice, "get_strategy_companies", {
      strategyId: id("alice-quantum"),
      asOfDate: "2025-04-15",
    });
    expect(run.companies.map((c) => c.id)).toEqual(past.companies.map((c) => c.id));
    const perf = await callOk<{ timeSeries: number[][]; metadata: { stockCount: number } }>(
      alice,
      "get_strategy_performance",
      { strategyId: id("alice-quantum"), top: 2 },
    );
    expect(perf.timeSeries[0]?.[1]).toBe(10000);
    expect(perf.metadata.stockCount).toBe(2);
    expect(
      (await callOk<{ status: string }>(alice, "get_strategy_factsheet", { strategyId: id("alice-quantum") })).status,
    ).toBe("not_requested");
    const s = await callOk<Strategy>(alice, "create_strategy", { name: "Doomed", objective: "quantum computing" });
    await callOk(alice, "submit_strategy", { strategyId: s.id, createFactsheet: true });
    expect((await callOk<{ status: string }>(alice, "get_strategy_factsheet", { strategyId: s.id })).status).toBe(
      "generating",
    );
    mock.clock.advance(20_000);
    const ready = await callOk<{ status: string; pdfPath: string; topHoldings: unknown[] }>(
      alice,
      "get_strategy_factsheet",
      { strategyId: s.id },
    );
    expect(ready.status).toBe("ready");
    expect(ready.topHoldings.length).toBeGreaterThan(0);
    const pdf = await fetch(`${mock.server.url}${ready.pdfPath}`, {
      headers: { Authorization: `Bearer ${keys.alice}` },
    });
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(await callError(bob, "delete_strategy", { strategyId: s.id })).toMatch(/^404 Not Found: /);
    const deleted = await callOk<{ archived_at: string }>(alice, "delete_strategy", { strategyId: s.id });
    expect(Date.parse(deleted.archived_at)).toBe(mock.clock.now());
    expect(await callError(alice, "get_strategy", { strategyId: s.id })).toMatch(/^404 Not Found: /);
    expect(await callError(alice, "delete_strategy", { strategyId: id("premade-quantum") })).toMatch(
      /^403 Forbidden: /,
    );
  });

  it("unknown tool: an error result, the client stays usable", async () => {
    const r = await alice.callTool({ name: "place_trade", arguments: {} });
    expect(r.isError).toBe(true);
    await callOk(alice, "list_premade_strategies");
  });
});

describe("one set of data for REST and MCP", () => {
  it("a strategy created over MCP is the one REST returns, and the reverse", async () => {
    const s = await callOk<Strategy>(alice, "create_strategy", { name: "Shared", objective: "cryogenic systems" });
    const auth = { Authorization: `Bearer ${keys.alice}`, "Content-Type": "application/json" };
    const rest = await fetch(`${mock.server.url}/v1/strategies/${s.id}`, { headers: auth });
    expect(((await rest.json()) as Strategy).name).toBe("Shared");
    await fetch(`${mock.server.url}/v1/strategies/${s.id}`, {
      method: "PATCH",
      headers: auth,
      body: JSON.stringify({ name: "Renamed over REST" }),
    });
    expect((await callOk<Strategy>(alice, "get_strategy", { strategyId: s.id })).name).toBe("Renamed over REST");
  });
});
