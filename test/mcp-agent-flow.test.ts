// An agent-like session against the MCP server of the mock on the real fixtures, over real HTTP
// with the SDK's own client: search the premade library, create and build an own strategy from
// the best match, poll it, read its companies and evidence, backtest and optimize them, save the
// result. The agent only uses what the tools return (ids, statuses, hints), as an LLM agent would.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { createManualClock } from "@thematic/mock-server";
import { type RunningServer, startServer } from "@thematic/mock-server/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const KEY = "agent-flow-key-0001";
const clock = createManualClock();
let server: RunningServer;
let agent: Client;

/** Calls a tool the way an agent reads it: the JSON text block (checked equal to structuredContent) and the hint. */
async function call<T>(
  name: string,
  args: Record<string, unknown> = {},
): Promise<{ value: T; hint: string | undefined }> {
  const r = (await agent.callTool({ name, arguments: args })) as CallToolResult;
  const texts = r.content.map((c) => (c.type === "text" ? c.text : ""));
  expect(r.isError ?? false, `${name}: ${texts[0]}`).toBe(false);
  const value = JSON.parse(texts[0] ?? "null") as T;
  expect(value).toEqual(r.structuredContent);
  return { value, hint: texts[1] };
}

beforeAll(async () => {
  server = await startServer({
    port: 0,
    clock,
    quiet: true,
    buildDurationMs: 30_000,
    extraKeys: [{ key: KEY, userId: null }],
  });
  agent = new Client({ name: "agent-flow", version: "1.0.0" });
  await agent.connect(
    new StreamableHTTPClientTransport(new URL(`${server.url}/v1/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${KEY}` } },
    }),
  );
});
afterAll(async () => {
  await agent.close();
  await server.close();
});

interface Strategy {
  id: string;
  name: string;
  objective: string;
  status: number;
  performance: { timeSeries: number[][] } | null;
}
interface Company {
  id: string;
  name: string;
  convictionScore: number;
  reasoning?: string | null;
}

describe("an agent builds a quantum-computing strategy over MCP", () => {
  it("search premade → create → submit → poll → companies → evidence → backtest → optimize → save", async () => {
    const { tools } = await agent.listTools();
    expect(tools.length).toBe(23);

    // 1. Find the closest premade strategy and look at what it holds.
    const search = await call<{ matches: Array<{ similarity: number; strategy: Strategy }> }>(
      "search_premade_strategies",
      {
        objective: "companies building quantum computers and qubit hardware",
      },
    );
    const best = search.value.matches[0]!;
    expect(best.strategy.name).toMatch(/quantum/i);
    expect(search.hint).toContain(best.strategy.id);
    const premadeCompanies = await call<{ companies: Company[] }>("get_strategy_companies", {
      strategyId: best.strategy.id,
    });
    expect(premadeCompanies.value.companies.length).toBeGreaterThan(0);

    // 2. Make an own strategy from its objective, with an exclusion, and build it.
    const created = await call<Strategy>("create_strategy", {
      name: "My quantum basket",
      objective: best.strategy.objective,
      exclusions: ["Exclude companies whose main business is cloud software"],
    });
    expect(created.value.status).toBe(0);
    expect(created.hint).toMatch(/submit_strategy/);
    const submitted = await call<Strategy>("submit_strategy", { strategyId: created.value.id });
    expect(submitted.value.status).toBeLessThan(100);

    // 3. Poll get_strategy as told, time passing between polls, until the build is done.
    let status = submitted.value.status;
    const seen: number[] = [];
    for (let poll = 0; poll < 20 && status !== 100; poll++) {
      clock.advance(5_000);
      const s = await call<Strategy>("get_strategy", { strategyId: created.value.id });
      status = s.value.status;
      seen.push(status);
      if (status < 100) expect(s.hint).toMatch(/get_strategy again/);
    }
    expect(status).toBe(100);
    expect(seen.some((s) => s > 0 && s < 100)).toBe(true); // it was observed building
    const built = await call<Strategy>("get_strategy", { strategyId: created.value.id });
    expect(built.value.performance?.timeSeries[0]?.[1]).toBe(10000);

    // 4. Companies (with reasoning) and the evidence for the top one.
    const { value } = await call<{ companies: Company[] }>("get_strategy_companies", {
      strategyId: created.value.id,
      includeReasoning: true,
    });
    const companies = value.companies;
    expect(companies.length).toBeGreaterThanOrEqual(5);
    expect(companies.every((c) => typeof c.reasoning === "string" && c.reasoning.length > 0)).toBe(true);
    const scores = companies.map((c) => c.convictionScore);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const evidence = await call<{ isIncluded: boolean; reasoning: string }>("get_strategy_company", {
      strategyId: created.value.id,
      companyId: companies[0]!.id,
    });
    expect(evidence.value.isIncluded).toBe(true);

    // 5. Backtest the top ten equally weighted.
    const top = companies.slice(0, 10);
    const backtest = await call<{
      metadata: { stockCount: number; weekCount: number; maxDrawdown: number };
      timeSeries: number[][];
      benchmarkTimeSeries: number[][];
    }>("backtest", { holdings: top.map((c) => ({ companyId: c.id, weight: 1 })), years: 3 });
    expect(backtest.value.metadata.stockCount).toBeGreaterThan(0);
    expect(backtest.value.timeSeries[0]?.[1]).toBe(10000);
    expect(backtest.value.benchmarkTimeSeries[0]?.[1]).toBe(10000);
    expect(backtest.value.metadata.maxDrawdown).toBeLessThanOrEqual(0);

    // 6. Score-tilt weights, then save them as a portfolio (company ids as org_id).
    const optimized = await call<{ portfolio: Array<{ id: string; weight: number }> }>("optimize_strategy", {
      strategyId: created.value.id,
      maxWeight: 0.25,
      topN: 8,
    });
    expect(optimized.value.portfolio.length).toBeGreaterThanOrEqual(4);
    expect(optimized.value.portfolio.every((p) => p.weight <= 0.25 + 1e-9)).toBe(true);
    const saved = await call<{ created: boolean; portfolio: { id: string; holdings: unknown[] } }>("save_portfolio", {
      name: "Quantum (score tilt)",
      holdings: optimized.value.portfolio.map((p) => ({ org_id: p.id, weight: p.weight })),
      source: "optimize_strategy",
    });
    expect(saved.value.created).toBe(true);
    expect(saved.value.portfolio.holdings).toHaveLength(optimized.value.portfolio.length);
    const listed = await call<{ portfolios: Array<{ id: string }> }>("list_portfolios");
    expect(listed.value.portfolios.map((p) => p.id)).toContain(saved.value.portfolio.id);

    // The agent's strategy is its own: listed under scope=user.
    const mine = await call<{ strategies: Strategy[] }>("list_strategies");
    expect(mine.value.strategies.map((s) => s.id)).toEqual([created.value.id]);
  });
});
