// Request limits: every text field of a request has a length
// limit from LIMITS (400 naming the field and the limit), over REST and through the MCP tools;
// the premade search scores distinct terms only; bodies over LIMITS.BODY_MAX_BYTES are 413
// `{error}` refused while reading (the MCP endpoint keeps 4 MiB). The speed of these answers is
// measured in bench/ (suites/requestLimits.ts), not asserted here.
import { createMock } from "../../packages/mock-server/src/app/createApp.ts";
import { LIMITS } from "../../packages/mock-server/src/schemas/limits.ts";
import { describe, expect, it } from "vitest";
import { fixtureUniverse } from "./_support/world.ts";

const universe = fixtureUniverse();
const mock = createMock({ universe, quiet: true });
const key = universe.users.find((u) => u.active)!.apiKey;
const headers = { Authorization: `Bearer ${key}`, "Content-Type": "application/json" };
const security = universe.companies.find((c) => c.active)!.securities[0]!;
const companyId = universe.companies.find((c) => c.active)!.id;

async function post(
  path: string,
  body: unknown,
  method = "POST",
): Promise<{ status: number; error: string; json: unknown }> {
  const r = await mock.app.request(path, { method, headers, body: JSON.stringify(body) });
  const json = (await r.json()) as { error?: string };
  return { status: r.status, error: json.error ?? "", json };
}

/** `n` distinct words (w0a, w1b, …) separated by spaces, exactly `length` characters. */
function distinctWords(length: number): string {
  let text = "";
  for (let i = 0; text.length < length; i++) text += `${i === 0 ? "" : " "}quantum${i.toString(36)}`;
  return text.slice(0, length);
}

describe("text field limits over REST", () => {
  const x = (n: number) => "x".repeat(n);
  const holding = (extra: Record<string, unknown>) => ({
    name: "p",
    holdings: [{ weight: 1, security_id: security.id, ...extra }],
  });
  const cases: Array<[string, string, unknown, string, number]> = [
    [
      "premade search objective (1 MB)",
      "/v1/premade-strategies/search",
      { objective: x(1_000_000) },
      "objective",
      LIMITS.OBJECTIVE_MAX,
    ],
    [
      "premade search objective",
      "/v1/premade-strategies/search",
      { objective: x(LIMITS.OBJECTIVE_MAX + 1) },
      "objective",
      LIMITS.OBJECTIVE_MAX,
    ],
    [
      "company search query",
      "/v1/helper/companies/search",
      { query: x(LIMITS.QUERY_MAX + 1) },
      "query",
      LIMITS.QUERY_MAX,
    ],
    [
      "strategy name",
      "/v1/strategies",
      { name: x(LIMITS.NAME_MAX + 1), objective: "quantum" },
      "name",
      LIMITS.NAME_MAX,
    ],
    [
      "strategy objective",
      "/v1/strategies",
      { name: "n", objective: x(LIMITS.OBJECTIVE_MAX + 1) },
      "objective",
      LIMITS.OBJECTIVE_MAX,
    ],
    [
      "strategy exclusion",
      "/v1/strategies",
      { name: "n", objective: "quantum", exclusions: [x(LIMITS.EXCLUSION_MAX + 1)] },
      "exclusions[0]",
      LIMITS.EXCLUSION_MAX,
    ],
    ["portfolio name", "/v1/portfolios", { ...holding({}), name: x(LIMITS.NAME_MAX + 1) }, "name", LIMITS.NAME_MAX],
    ["portfolio tag", "/v1/portfolios", { ...holding({}), tags: [x(LIMITS.TAG_MAX + 1)] }, "tags[0]", LIMITS.TAG_MAX],
    [
      "portfolio source",
      "/v1/portfolios",
      { ...holding({}), source: x(LIMITS.SOURCE_MAX + 1) },
      "source",
      LIMITS.SOURCE_MAX,
    ],
    [
      "holding symbol",
      "/v1/portfolios",
      holding({ security_id: undefined, symbol: x(LIMITS.SYMBOL_MAX + 1) }),
      "holdings[0].symbol",
      LIMITS.SYMBOL_MAX,
    ],
    [
      "holding exchange",
      "/v1/portfolios",
      holding({ exchange: x(LIMITS.EXCHANGE_MAX + 1) }),
      "holdings[0].exchange",
      LIMITS.EXCHANGE_MAX,
    ],
    [
      "holding name",
      "/v1/portfolios",
      holding({ name: x(LIMITS.HOLDING_NAME_MAX + 1) }),
      "holdings[0].name",
      LIMITS.HOLDING_NAME_MAX,
    ],
    [
      "backtest benchmark",
      "/v1/backtest",
      { holdings: [{ companyId, weight: 1 }], benchmark: x(LIMITS.SYMBOL_MAX + 1) },
      "benchmark",
      LIMITS.SYMBOL_MAX,
    ],
    [
      "portfolio metadata (JSON bytes)",
      "/v1/portfolios",
      { ...holding({}), metadata: { blob: x(LIMITS.METADATA_MAX_BYTES) } },
      "metadata",
      LIMITS.METADATA_MAX_BYTES,
    ],
    [
      "holding raw_payload (JSON bytes)",
      "/v1/portfolios",
      holding({ raw_payload: { blob: x(LIMITS.RAW_PAYLOAD_MAX_BYTES) } }),
      "holdings[0].raw_payload",
      LIMITS.RAW_PAYLOAD_MAX_BYTES,
    ],
  ];

  it.each(cases)(
    "%s over its limit is a 400 naming the field and the limit",
    async (_what, path, body, field, limit) => {
      const r = await post(path, body);
      expect(r.status).toBe(400);
      expect(r.error).toContain(field);
      expect(r.error).toContain(String(limit));
    },
  );

  it("a benchmark symbol path parameter over its limit is a 400", async () => {
    const r = await mock.app.request(`/v1/benchmarks/${"S".repeat(LIMITS.SYMBOL_MAX + 1)}`, { headers });
    expect(r.status).toBe(400);
  });

  it("a maximal valid objective (LIMITS.OBJECTIVE_MAX characters of distinct words) is answered", async () => {
    const r = await post("/v1/premade-strategies/search", { objective: distinctWords(LIMITS.OBJECTIVE_MAX) });
    expect(r.status).toBe(200);
    expect((r.json as { matches: unknown[] }).matches).toHaveLength(universe.premadeStrategies.length);
  });

  it("repeating the words of an objective changes nothing: the search scores distinct terms", async () => {
    const once = await post("/v1/premade-strategies/search", { objective: "quantum computing qubits" });
    const repeated = await post("/v1/premade-strategies/search", {
      objective: "quantum computing qubits ".repeat(200).trim(),
    });
    expect(repeated.json).toEqual(once.json);
  });

  it("the same limits hold at the field's edge: exactly the limit is accepted", async () => {
    expect((await post("/v1/premade-strategies/search", { objective: "q".repeat(LIMITS.OBJECTIVE_MAX) })).status).toBe(
      200,
    );
    expect((await post("/v1/helper/companies/search", { query: "q".repeat(LIMITS.QUERY_MAX) })).status).toBe(200);
  });
});

describe("text field limits through the MCP tools", () => {
  async function tool(name: string, args: Record<string, unknown>): Promise<{ isError: boolean; text: string }> {
    const r = await mock.app.request("/v1/mcp", {
      method: "POST",
      headers: { ...headers, Accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } }),
    });
    expect(r.status).toBe(200);
    const body = (await r.json()) as { result: { isError?: boolean; content: Array<{ text: string }> } };
    return { isError: body.result.isError === true, text: body.result.content[0]?.text ?? "" };
  }

  it.each([
    ["search_premade_strategies", { objective: "q".repeat(3_900_000) }, "objective", LIMITS.OBJECTIVE_MAX],
    ["create_strategy", { name: "n".repeat(LIMITS.NAME_MAX + 1), objective: "quantum" }, "name", LIMITS.NAME_MAX],
    ["search_companies", { query: "q".repeat(LIMITS.QUERY_MAX + 1) }, "query", LIMITS.QUERY_MAX],
  ] as const)("%s refuses an over-long argument, naming it and the limit", async (name, args, field, limit) => {
    const r = await tool(name, args);
    expect(r.isError).toBe(true);
    expect(r.text).toContain(field);
    expect(r.text).toContain(String(limit));
  });
});
