// The v2 REST integration guide (https://docs.noonum.ai/v2/guides/rest-integration): health,
// the public catalogue (scope=public) and its companies, evidence and historical runs through the
// same /strategies/{id}/... endpoints, company lookup, create → submit → poll, companies,
// optimize, backtest. Only BASE_URL and API_KEY differ from the guide.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GuideSession, startGuideSession } from "./_support/guideClient.ts";

let session: GuideSession;
let BASE_URL: string;
let headers: Record<string, string>;

interface Strategy {
  id: string;
  name: string;
  description: string;
  status: number;
  active_version_id: string | null;
  draft_version_id: string | null;
  public: boolean;
}

beforeAll(async () => {
  session = await startGuideSession();
  BASE_URL = session.baseUrl("v2");
  headers = { Authorization: `Bearer ${session.apiKey}`, "Content-Type": "application/json" };
});
afterAll(async () => {
  await session.server.close();
});

describe("v2 REST integration guide", () => {
  it("1. authenticate and smoke-test", async () => {
    const { requests } = session;
    const health = await requests.get(`${BASE_URL}/health`);
    expect(health.status_code).toBe(200);
    expect(health.json()).toEqual({ status: "OK", message: "Service is running" });
    expect((await requests.get(`${BASE_URL}/strategies`, { headers })).status_code).toBe(200);
    expect((await requests.get(`${BASE_URL}/strategies`)).status_code).toBe(401);
  });

  it("2. browse the public catalog: companies, per-company evidence and historical runs of a public strategy", async () => {
    const { requests } = session;
    const catalog = await requests.get(`${BASE_URL}/strategies`, { headers, params: { scope: "public" } });
    catalog.raise_for_status();
    const strategies = catalog.json<Strategy[]>();
    const ev = strategies.find((s) => s.name === "Electric Vehicles and Batteries")!;
    expect(ev).toMatchObject({
      public: true,
      status: 100,
      description: expect.stringMatching(/^The strategy is to invest in companies/),
    });
    const one = await requests.get(`${BASE_URL}/strategies/${ev.id}`, { headers });
    one.raise_for_status();
    expect(one.json<Strategy>().id).toBe(ev.id);

    const companies = await requests.get(`${BASE_URL}/strategies/${ev.id}/companies`, { headers });
    companies.raise_for_status();
    const holdings = companies.json<Array<{ id: string; symbol: string }>>();
    expect(holdings.map((c) => c.symbol)).toContain("TSLA");
    const tesla = holdings.find((c) => c.symbol === "TSLA")!;
    const evidence = await requests.get(`${BASE_URL}/strategies/${ev.id}/companies/${tesla.id}`, { headers });
    evidence.raise_for_status();
    expect(evidence.json<{ isIncluded: boolean }>().isIncluded).toBe(true);

    const versions = await requests.get(`${BASE_URL}/strategies/${ev.id}/versions`, { headers });
    versions.raise_for_status();
    const [version] = versions.json<Array<{ version_id: string; runs_count: number; latest_run_date: string }>>();
    expect(version!.version_id).toBe(ev.active_version_id);
    expect(version!.runs_count).toBeGreaterThan(12);
    const past = await requests.get(`${BASE_URL}/strategies/${ev.id}/companies`, {
      headers,
      params: { asOfDate: "2025-06-30", includeReasoning: "true" },
    });
    past.raise_for_status();
    const then = past.json<Array<{ reasoning: string }>>();
    expect(then.length).toBeGreaterThan(0);
    expect(then[0]!.reasoning).toMatch(/^As of 2025-06-30/);
  });

  it("3-6. look up a ticker; create, submit, poll; companies; optimize; backtest", async () => {
    const { requests, sleep } = session;
    const lookup = await requests.post(`${BASE_URL}/helper/companies/search`, { json: { query: "NVDA" }, headers });
    lookup.raise_for_status();
    expect(lookup.json<{ results: Array<{ name: string }> }>().results[0]!.name).toBe("NVIDIA Corporation");

    const create = await requests.post(`${BASE_URL}/strategies`, {
      json: {
        name: "AI compute",
        objective:
          "The strategy is to invest in companies that are building the chips, servers and data centres that train and run AI models.",
      },
      headers,
    });
    expect(create.status_code).toBe(201);
    const strategy = create.json<Strategy>();
    expect(strategy).toMatchObject({ status: 0, active_version_id: null });

    const submit = await requests.post(`${BASE_URL}/strategies/${strategy.id}/submit`, { headers });
    submit.raise_for_status();
    expect(submit.json<{ version_id: string }>().version_id).toEqual(expect.any(String));
    let status = 0;
    while (true) {
      const r = await requests.get(`${BASE_URL}/strategies/${strategy.id}`, { headers });
      r.raise_for_status();
      status = r.json<Strategy>().status;
      if (status === 100 || status < 0) break;
      await sleep();
    }
    expect(status).toBe(100);

    const companies = await requests.get(`${BASE_URL}/strategies/${strategy.id}/companies`, { headers });
    companies.raise_for_status();
    const holdings = companies.json<Array<{ id: string; symbol: string }>>();
    expect(holdings.map((c) => c.symbol)).toContain("NVDA");

    let portfolio: Array<{ id: string; weight: number }> | undefined;
    while (portfolio === undefined) {
      const r = await requests.post(`${BASE_URL}/strategies/${strategy.id}/optimize`, { headers });
      if (r.status_code === 202) {
        await sleep();
        continue;
      }
      r.raise_for_status();
      portfolio = r.json<{ portfolio: Array<{ id: string; weight: number }> }>().portfolio;
    }
    expect(portfolio.reduce((a, p) => a + p.weight, 0)).toBeCloseTo(1, 6);

    const backtest = await requests.post(`${BASE_URL}/backtest`, {
      json: { holdings: portfolio.map((p) => ({ companyId: p.id, weight: p.weight })), benchmark: "SPY", years: 5 },
      headers,
    });
    backtest.raise_for_status();
    const result = backtest.json<{ timeSeries: number[][]; benchmarkMetadata: { symbol: string } }>();
    expect(result.timeSeries[0]![1]).toBe(10000);
    expect(result.benchmarkMetadata.symbol).toBe("SPY");
  });
});
