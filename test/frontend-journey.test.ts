// A frontend's journey over real HTTP: the standalone server (Node adapter) on an ephemeral port,
// serving the real fixtures; builds are fast-forwarded through the control surface.
import { type RunningServer, startServer } from "@thematic/mock-server/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

interface Strategy {
  id: string;
  status: number;
  completed: boolean;
}
interface Company {
  id: string;
  symbol: string;
  exchange: string;
  name: string;
  convictionScore: number | null;
}
interface Optimized {
  metadata: Record<string, number>;
  portfolio: Array<Company & { weight: number }>;
  warnings: string[];
}
interface SearchResult {
  id: string;
  name: string;
  securities: Array<{ is_primary: boolean; symbol: string; exchange: string }>;
}
interface Portfolio {
  id: string;
  name: string;
  user_id: string | null;
  holdings: Array<{ org_id: string; symbol: string; weight: number }>;
}
interface Backtest {
  metadata: { stockCount: number; weekCount: number };
  timeSeries: Array<[number, number]>;
  benchmarkTimeSeries: Array<[number, number]>;
}

const BUILD_MS = 60_000;
let server: RunningServer;
let auth: Record<string, string>;

async function api<T>(method: string, path: string, payload?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...auth, ...(payload === undefined ? {} : { "Content-Type": "application/json" }) },
    ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text === "" ? undefined : JSON.parse(text)) as T };
}

beforeAll(async () => {
  server = await startServer({ port: 0, quiet: true, buildDurationMs: BUILD_MS });
  const user = server.ctx.universe.users.find((u) => u.active)!;
  auth = { Authorization: `Bearer ${user.apiKey}` };
});
afterAll(async () => {
  await server?.close();
});

describe("frontend journey over HTTP (real fixtures)", () => {
  it("search → create → submit (202, 423) → poll to 100 → companies → optimize → save portfolio → backtest", async () => {
    const universe = server.ctx.universe;
    expect((await api<{ status: string }>("GET", "/v1/health")).body.status).toBe("OK");

    // 1. Search a company by its name.
    const target = [...universe.companies].filter((c) => c.active).sort((a, b) => b.marketCap - a.marketCap)[0]!;
    const search = await api<{ results: SearchResult[] }>("POST", "/v1/helper/companies/search", {
      query: target.name,
    });
    expect(search.status).toBe(200);
    const found = search.body.results.find((r) => r.id === target.id);
    expect(found).toBeDefined();
    const listing = found!.securities[0]!;
    expect(listing.is_primary).toBe(true);

    // 2. Create a strategy from a premade objective and submit it.
    const objective = universe.premadeStrategies[0]!.objective;
    const created = await api<Strategy>("POST", "/v1/strategies", { name: "Journey", objective });
    expect(created.status).toBe(201);
    expect(created.body.status).toBe(0);
    const sid = created.body.id;
    const submitted = await api<Strategy>("POST", `/v1/strategies/${sid}/submit`);
    expect(submitted.status).toBe(200);

    // 3. Optimize before completion is 202 {error}; a second submit is 423.
    const early = await api<{ error: string }>("POST", `/v1/strategies/${sid}/optimize`);
    expect(early.status).toBe(202);
    expect(early.body.error).toMatch(/poll/);
    const again = await api<{ error: string }>("POST", `/v1/strategies/${sid}/submit`);
    expect(again.status).toBe(423);
    expect(typeof again.body.error).toBe("string");

    // 4. Poll to 100, moving the mock's clock forward between polls; status never goes back.
    let status = submitted.body.status;
    const seen: number[] = [status];
    for (let i = 0; i < 20 && status !== 100; i++) {
      expect((await api("POST", "/__mock/clock/advance", { ms: BUILD_MS / 8 })).status).toBe(200);
      const polled = await api<Strategy>("GET", `/v1/strategies/${sid}`);
      expect(polled.status).toBe(200);
      status = polled.body.status;
      seen.push(status);
    }
    expect(status).toBe(100);
    expect(seen.some((s) => s > 0 && s < 100)).toBe(true);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));

    // 5. The companies, conviction ranked.
    const companies = await api<Company[]>("GET", `/v1/strategies/${sid}/companies`);
    expect(companies.status).toBe(200);
    expect(companies.body.length).toBeGreaterThan(2);
    const scores = companies.body.map((c) => c.convictionScore ?? 0);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));

    // 6. Optimize (score tilt) and the mean-CVaR portfolio.
    const tilt = await api<Optimized>("POST", `/v1/strategies/${sid}/optimize?maxWeight=0.25&tiltExponent=2`);
    expect(tilt.status).toBe(200);
    expect(tilt.body.portfolio.length).toBeGreaterThanOrEqual(4);
    expect(tilt.body.portfolio.reduce((s, e) => s + e.weight, 0)).toBeCloseTo(1, 9);
    const ids = new Set(companies.body.map((c) => c.id));
    for (const e of tilt.body.portfolio) {
      expect(ids.has(e.id)).toBe(true);
      expect(e.weight).toBeLessThanOrEqual(0.25 + 1e-9);
    }
    expect(tilt.body.metadata.numberStocks).toBe(tilt.body.portfolio.length);
    const cvar = await api<Optimized>(
      "POST",
      `/v1/strategies/${sid}/optimized-portfolio?maxWeight=0.3&minMarketCap=100000000`,
    );
    expect(cvar.status).toBe(200);
    expect(cvar.body.portfolio.reduce((s, e) => s + e.weight, 0)).toBeCloseTo(1, 9);

    // 7. Save the tilt weights plus the searched company as a portfolio, read it back.
    const holdings = tilt.body.portfolio.map((e) => ({ org_id: e.id, symbol: e.symbol, weight: e.weight * 0.9 }));
    if (!tilt.body.portfolio.some((e) => e.id === target.id))
      holdings.push({ org_id: target.id, symbol: listing.symbol, weight: 0.1 });
    const saved = await api<Portfolio>("POST", "/v1/portfolios", {
      name: "Journey portfolio",
      holdings,
      source: "optimizer",
      tags: ["journey"],
    });
    expect(saved.status).toBe(201);
    expect(saved.body.holdings.map((h) => h.org_id)).toEqual(holdings.map((h) => h.org_id));
    const listed = await api<Portfolio[]>("GET", "/v1/portfolios");
    expect(listed.body.filter((p) => p.name === "Journey portfolio").map((p) => p.id)).toEqual([saved.body.id]);
    // The fixture portfolios: every public one, the caller's private ones; user_id only on the caller's.
    const me = server.ctx.universe.users.find((u) => `Bearer ${u.apiKey}` === auth.Authorization)!.id;
    const visible = universe.portfolios.filter((p) => p.public || p.userId === me);
    for (const p of visible) {
      const item = listed.body.find((x) => x.id === p.id);
      expect(item?.user_id).toBe(p.userId === me ? me : null);
    }
    expect(listed.body).toHaveLength(visible.length + 1);
    const overwritten = await api<Portfolio>("POST", "/v1/portfolios", { name: "Journey portfolio", holdings });
    expect(overwritten.status).toBe(200);
    expect(overwritten.body.id).toBe(saved.body.id);

    // 8. Backtest the saved portfolio.
    const fetched = await api<Portfolio>("GET", `/v1/portfolios/${saved.body.id}`);
    const backtest = await api<Backtest>("POST", "/v1/backtest", {
      holdings: fetched.body.holdings.map((h) => ({ companyId: h.org_id, weight: h.weight })),
      years: 3,
    });
    expect(backtest.status).toBe(200);
    expect(backtest.body.timeSeries[0]![1]).toBeCloseTo(10000, 6);
    expect(backtest.body.benchmarkTimeSeries).toHaveLength(backtest.body.timeSeries.length);
    expect(backtest.body.metadata.stockCount).toBeGreaterThan(0);
  });
});
