// The frontend journey through msw in Node: the package's msw adapter (`setupServer`) intercepts
// plain `fetch` to a base URL; the mock's clock is a manual one the test moves forward.
import { createManualClock } from "@thematic/mock-server";
import { createMswMock } from "@thematic/mock-server/msw/node";
import { setupMockServer } from "@thematic/mock-server/msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

interface Strategy {
  id: string;
  status: number;
}
interface Company {
  id: string;
  symbol: string;
  convictionScore: number | null;
}
interface Optimized {
  metadata: Record<string, number>;
  portfolio: Array<Company & { weight: number }>;
}
interface SearchResult {
  id: string;
  securities: Array<{ symbol: string; exchange: string }>;
}
interface Portfolio {
  id: string;
  name: string;
  holdings: Array<{ org_id: string; weight: number }>;
}
interface Backtest {
  timeSeries: Array<[number, number]>;
  benchmarkTimeSeries: Array<[number, number]>;
}

const BASE = "https://thematic.msw.test/api";
const BUILD_MS = 10_000;
const clock = createManualClock(Date.UTC(2026, 10, 21, 9));
const server = setupMockServer({ baseUrl: BASE, clock, buildDurationMs: BUILD_MS });
// A second, independent mock only to read the fixture users (the msw server hides its context;
// both share the process's one loaded universe).
const { ctx } = createMswMock({ baseUrl: "https://unused.test", quiet: true });
const key = ctx.universe.users.find((u) => u.active)!.apiKey;

async function api<T>(method: string, path: string, payload?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${BASE}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${key}`,
      ...(payload === undefined ? {} : { "Content-Type": "application/json" }),
    },
    ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text === "" ? undefined : JSON.parse(text)) as T };
}

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

describe("frontend journey through msw setupServer (real fixtures, plain fetch)", () => {
  it("search → create → submit (202, 423) → poll to 100 → companies → optimize → save portfolio → backtest", async () => {
    const universe = ctx.universe;
    const target = [...universe.companies].filter((c) => c.active).sort((a, b) => b.marketCap - a.marketCap)[1]!;
    const search = await api<{ results: SearchResult[] }>("POST", "/v1/helper/companies/search", {
      query: target.securities[0]!.symbol,
    });
    expect(search.status).toBe(200);
    const found = search.body.results.find((r) => r.id === target.id)!;
    expect(found).toBeDefined();

    const created = await api<Strategy>("POST", "/v1/strategies", {
      name: "msw journey",
      objective: universe.premadeStrategies[1]!.objective,
    });
    expect(created.status).toBe(201);
    const sid = created.body.id;
    expect((await api("POST", `/v1/strategies/${sid}/submit`)).status).toBe(200);
    const early = await api<{ error: string }>("POST", `/v1/strategies/${sid}/optimize`);
    expect(early.status).toBe(202);
    expect(early.body.error).toMatch(/poll/);
    expect((await api("POST", `/v1/strategies/${sid}/submit`)).status).toBe(423);

    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      clock.advance(BUILD_MS / 4);
      const s = await api<Strategy>("GET", `/v1/strategies/${sid}`);
      statuses.push(s.body.status);
      if (s.body.status === 100) break;
    }
    expect(statuses).toEqual([24, 48, 72, 100]); // ceil(95·k/4) for k = 1..3, then done (services/builds.ts runStatus)

    const companies = await api<Company[]>("GET", `/v1/strategies/${sid}/companies`);
    expect(companies.status).toBe(200);
    expect(companies.body.length).toBeGreaterThan(2);

    const tilt = await api<Optimized>("POST", `/v1/strategies/${sid}/optimize?signalType=marketBuzz&maxWeight=0.3`, {
      companyIds: companies.body.slice(0, 8).map((c) => c.id),
    });
    expect(tilt.status).toBe(200);
    expect(tilt.body.portfolio.length).toBeGreaterThan(0);
    expect(tilt.body.portfolio.length).toBeLessThanOrEqual(8);
    expect(tilt.body.portfolio.reduce((s, e) => s + e.weight, 0)).toBeCloseTo(1, 9);

    const holdings = tilt.body.portfolio.map((e) => ({ org_id: e.id, weight: e.weight }));
    if (!holdings.some((h) => h.org_id === target.id)) holdings.push({ org_id: target.id, weight: 0.05 });
    const saved = await api<Portfolio>("POST", "/v1/portfolios", { name: "msw portfolio", holdings, public: true });
    expect(saved.status).toBe(201);
    const list = await api<Portfolio[]>("GET", "/v1/portfolios");
    expect(list.body.map((p) => p.id)).toContain(saved.body.id);

    const backtest = await api<Backtest>("POST", "/v1/backtest", {
      holdings: saved.body.holdings.map((h) => ({ companyId: h.org_id, weight: h.weight })),
    });
    expect(backtest.status).toBe(200);
    expect(backtest.body.timeSeries[0]![1]).toBeCloseTo(10000, 6);
    expect(backtest.body.benchmarkTimeSeries).toHaveLength(backtest.body.timeSeries.length);

    expect((await api("DELETE", `/v1/portfolios/${saved.body.id}`)).status).toBe(204);
    expect((await api("GET", `/v1/portfolios/${saved.body.id}`)).status).toBe(404);
  });
});
