// The v1 REST integration guide (https://docs.noonum.ai/v1/guides/rest-integration), step by step:
// health, list strategies, premade catalogue and semantic search, company lookup by ticker,
// create → submit → poll, companies, optimize (retrying 202), backtest against SPY, and the
// premade evidence and historical snapshots. Only BASE_URL and API_KEY differ from the guide.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GuideSession, startGuideSession } from "./_support/guideClient.ts";

let session: GuideSession;
let BASE_URL: string;
let headers: Record<string, string>;

beforeAll(async () => {
  session = await startGuideSession();
  BASE_URL = session.baseUrl("v1");
  headers = { Authorization: `Bearer ${session.apiKey}`, "Content-Type": "application/json" };
});
afterAll(async () => {
  await session.server.close();
});

describe("v1 REST integration guide", () => {
  it("1. authenticate and smoke-test: unauthenticated health, then 200 with the key and 401 without", async () => {
    const { requests } = session;
    const health = await requests.get(`${BASE_URL}/health`);
    expect(health.status_code).toBe(200);
    expect(health.json()).toEqual({ status: "OK", message: "Service is running" });
    const mine = await requests.get(`${BASE_URL}/strategies`, { headers });
    expect(mine.status_code).toBe(200);
    expect(Array.isArray(mine.json())).toBe(true);
    expect(
      (await requests.get(`${BASE_URL}/strategies`, { headers: { Authorization: "Bearer not-a-key" } })).status_code,
    ).toBe(401);
  });

  it("2. explore the catalog: premade strategies, their companies, and semantic search", async () => {
    const { requests } = session;
    const premade = await requests.get(`${BASE_URL}/premade-strategies`, { headers });
    premade.raise_for_status();
    const strategies = premade.json<Array<{ id: string; name: string; objective: string; status: number }>>();
    expect(strategies.length).toBeGreaterThan(0);
    for (const s of strategies)
      expect(s).toMatchObject({
        id: expect.any(String),
        name: expect.any(String),
        objective: expect.any(String),
        status: 100,
      });
    const companies = await requests.get(`${BASE_URL}/premade-strategies/${strategies[0]!.id}/companies`, { headers });
    companies.raise_for_status();
    expect(companies.json<unknown[]>().length).toBeGreaterThan(0);

    const search = await requests.post(`${BASE_URL}/premade-strategies/search`, {
      json: { objective: "electric vehicle makers and the battery supply chain" },
      headers,
    });
    search.raise_for_status();
    const { matches } = search.json<{ matches: Array<{ similarity: number; strategy: { name: string } }> }>();
    expect(matches[0]!.strategy.name).toBe("Electric Vehicles and Batteries");
    expect(matches.map((m) => m.similarity)).toEqual([...matches.map((m) => m.similarity)].sort((a, b) => b - a));
  });

  it("3. look up companies by ticker", async () => {
    const { requests } = session;
    for (const [ticker, name] of [
      ["TSLA", "Tesla, Inc."],
      ["NVDA", "NVIDIA Corporation"],
    ] as const) {
      const r = await requests.post(`${BASE_URL}/helper/companies/search`, {
        json: { query: ticker, limit: 5 },
        headers,
      });
      r.raise_for_status();
      const top = r.json<{
        results: Array<{ id: string; name: string; securities: Array<{ symbol: string; is_primary: boolean }> }>;
      }>().results[0]!;
      expect(top.name).toBe(name);
      expect(top.securities.find((s) => s.is_primary)?.symbol).toBe(ticker);
    }
  });

  it("4-6. create, submit, poll until ready; companies; optimize (retry while 202); backtest against SPY", async () => {
    const { requests, sleep } = session;
    const create = await requests.post(`${BASE_URL}/strategies`, {
      json: {
        name: "Electric Vehicles",
        objective:
          "The strategy is to invest in companies that focus on EV manufacturing, plus the development of battery technology and charging station infrastructure.",
      },
      headers,
    });
    expect(create.status_code).toBe(201);
    const strategyId = create.json<{ id: string }>().id;

    const submit = await requests.post(`${BASE_URL}/strategies/${strategyId}/submit`, { headers });
    submit.raise_for_status();

    let status = 0;
    while (true) {
      const r = await requests.get(`${BASE_URL}/strategies/${strategyId}`, { headers });
      r.raise_for_status();
      status = r.json<{ status: number }>().status;
      if (status === 100 || status < 0) break;
      await sleep();
    }
    expect(status).toBe(100);

    const companies = await requests.get(`${BASE_URL}/strategies/${strategyId}/companies`, {
      headers,
      params: { includeReasoning: "true" },
    });
    companies.raise_for_status();
    const holdings =
      companies.json<Array<{ id: string; symbol: string; convictionScore: number; reasoning: string }>>();
    expect(holdings.map((c) => c.symbol)).toContain("TSLA");
    expect(holdings.every((c) => typeof c.reasoning === "string")).toBe(true);

    let optimized: { metadata: Record<string, number>; portfolio: Array<{ id: string; weight: number }> } | undefined;
    while (optimized === undefined) {
      const r = await requests.post(`${BASE_URL}/strategies/${strategyId}/optimize`, {
        headers,
        params: { signalType: "convictionScore", maxWeight: 0.1 },
      });
      if (r.status_code === 202) {
        await sleep();
        continue;
      }
      r.raise_for_status();
      optimized = r.json();
    }
    const weights = optimized.portfolio.map((p) => p.weight);
    expect(weights.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 6);
    expect(Math.max(...weights)).toBeLessThanOrEqual(0.1 + 1e-9);

    const backtest = await requests.post(`${BASE_URL}/backtest`, {
      json: {
        holdings: optimized.portfolio.map((p) => ({ companyId: p.id, weight: p.weight })),
        benchmark: "SPY",
        years: 5,
      },
      headers,
    });
    backtest.raise_for_status();
    const result = backtest.json<{
      metadata: Record<string, number>;
      timeSeries: number[][];
      benchmarkMetadata: { symbol: string };
      benchmarkTimeSeries: number[][];
    }>();
    expect(result.timeSeries[0]![1]).toBe(10000);
    expect(result.benchmarkTimeSeries[0]![1]).toBe(10000);
    expect(result.benchmarkMetadata.symbol).toBe("SPY");
    expect(result.metadata.weekCount).toBeGreaterThan(250);
    expect(result.metadata.maxDrawdown).toBeLessThanOrEqual(0);
  });

  it("working with premade strategies: per-company evidence, all evidences, historical dates and snapshots", async () => {
    const { requests } = session;
    const strategyId = (await requests.get(`${BASE_URL}/premade-strategies`, { headers })).json<
      Array<{ id: string }>
    >()[0]!.id;
    const companies = (await requests.get(`${BASE_URL}/premade-strategies/${strategyId}/companies`, { headers })).json<
      Array<{ id: string }>
    >();
    const evidence = await requests.get(`${BASE_URL}/premade-strategies/${strategyId}/companies/${companies[0]!.id}`, {
      headers,
    });
    evidence.raise_for_status();
    expect(evidence.json<{ isIncluded: boolean; summaries: unknown[] }>().isIncluded).toBe(true);
    const all = await requests.get(`${BASE_URL}/premade-strategies/${strategyId}/evidences`, { headers });
    all.raise_for_status();
    expect(all.json<{ evidences: unknown[] }>().evidences.length).toBeGreaterThanOrEqual(companies.length);
    const dates = await requests.get(`${BASE_URL}/premade-strategies/${strategyId}/historical-data/dates`, { headers });
    dates.raise_for_status();
    const available = dates.json<{ available_dates: string[] }>().available_dates;
    expect(available.length).toBeGreaterThan(12);
    const snapshot = await requests.get(`${BASE_URL}/premade-strategies/${strategyId}/historical-data`, {
      headers,
      params: { date: available[0]!, includeReasoning: "true" },
    });
    snapshot.raise_for_status();
    const past = snapshot.json<Array<{ reasoning: string }>>();
    expect(past.length).toBeGreaterThan(0);
    expect(past.every((c) => c.reasoning.startsWith(`As of ${available[0]}`))).toBe(true);
  });
});
