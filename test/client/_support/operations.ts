// One case per operation of the mock's OpenAPI document, each calling it through the typed client
// and checking the typed answer. `every-operation.*.test.ts` compares this table's keys with the
// document: an endpoint added to the mock without a case here fails the build.
import { expect } from "vitest";
import type { Harness } from "./harness.ts";

/** A case: drives one operation to success from the fixtures' state (the runner resets before each). */
export type OperationCase = (h: Harness) => Promise<void>;

const path = (id: string) => ({ params: { path: { id } } });

export const operationCases: Record<string, OperationCase> = {
  "GET /v1/health": async (h) => {
    expect(await h.anon.get("/v1/health")).toEqual({ status: "OK", message: "Service is running" });
  },

  // v1 strategies
  "GET /v1/strategies": async (h) => {
    const list = await h.ines.get("/v1/strategies");
    expect(list.length).toBeGreaterThan(0);
    expect(new Set(list.map((s) => s.user_id)).size).toBe(1);
  },
  "POST /v1/strategies": async (h) => {
    const created = await h.ines.post("/v1/strategies", { body: { name: "Robots", objective: "Industrial robots and the sensors they use." } });
    expect(created).toMatchObject({ name: "Robots", status: 0 });
  },
  "GET /v1/strategies/{id}": async (h) => {
    const created = await h.createStrategy();
    expect((await h.ines.get("/v1/strategies/{id}", path(created.id))).id).toBe(created.id);
  },
  "PATCH /v1/strategies/{id}": async (h) => {
    const created = await h.createStrategy();
    const patched = await h.ines.patch("/v1/strategies/{id}", { ...path(created.id), body: { name: "Renamed" } });
    expect(patched.name).toBe("Renamed");
  },
  "DELETE /v1/strategies/{id}": async (h) => {
    const created = await h.createStrategy();
    await h.ines.delete("/v1/strategies/{id}", path(created.id));
    const v2 = await h.ines.get("/v2/strategies/{id}", path(created.id));
    expect(v2.archived_at).not.toBeNull();
  },
  "POST /v1/strategies/{id}/submit": async (h) => {
    const created = await h.createStrategy();
    const submitted = await h.ines.post("/v1/strategies/{id}/submit", path(created.id));
    expect(submitted.status).toBeGreaterThanOrEqual(0);
    expect(submitted.status).toBeLessThan(100);
  },
  "POST /v1/strategies/{id}/revive": async (h) => {
    const created = await h.createStrategy();
    await h.ines.delete("/v1/strategies/{id}", path(created.id));
    await h.ines.post("/v1/strategies/{id}/revive", path(created.id));
    expect((await h.ines.get("/v2/strategies/{id}", path(created.id))).archived_at).toBeNull();
  },
  "GET /v1/strategies/{id}/companies": async (h) => {
    const built = await h.createStrategy({ built: true });
    expect((await h.ines.get("/v1/strategies/{id}/companies", path(built.id))).length).toBeGreaterThan(0);
  },
  "GET /v1/strategies/{id}/companies/{companyId}": async (h) => {
    const built = await h.createStrategy({ built: true });
    const [first] = await h.ines.get("/v1/strategies/{id}/companies", path(built.id));
    const evidence = await h.ines.get("/v1/strategies/{id}/companies/{companyId}", { params: { path: { id: built.id, companyId: first!.id } } });
    expect(evidence.reasoning.length).toBeGreaterThan(0);
  },
  "GET /v1/strategies/{id}/versions": async (h) => {
    const built = await h.createStrategy({ built: true });
    const versions = await h.ines.get("/v1/strategies/{id}/versions", path(built.id));
    expect(versions.map((v) => v.status)).toContain(100);
  },
  "GET /v1/strategies/{id}/versions/{versionId}": async (h) => {
    const built = await h.createStrategy({ built: true });
    const [version] = await h.ines.get("/v1/strategies/{id}/versions", path(built.id));
    const one = await h.ines.get("/v1/strategies/{id}/versions/{versionId}", { params: { path: { id: built.id, versionId: version!.id } } });
    expect(one.strategy_id).toBe(built.id);
  },

  // v2 strategies
  "GET /v2/strategies": async (h) => {
    expect((await h.ines.get("/v2/strategies")).length).toBeGreaterThan(0);
  },
  "GET /v2/strategies/{id}": async (h) => {
    const created = await h.createStrategy();
    expect((await h.ines.get("/v2/strategies/{id}", path(created.id))).archived_at).toBeNull();
  },
  "PATCH /v2/strategies/{id}": async (h) => {
    const created = await h.createStrategy();
    const patched = await h.ines.patch("/v2/strategies/{id}", { ...path(created.id), body: { exclusions: ["coal"] } });
    expect(patched.exclusions).toEqual(["coal"]);
  },
  "DELETE /v2/strategies/{id}": async (h) => {
    const created = await h.createStrategy();
    const archived = await h.ines.delete("/v2/strategies/{id}", path(created.id));
    expect(archived.archived_at).not.toBeNull();
    expect((await h.ines.get("/v2/strategies/{id}", path(created.id))).archived_at).toBe(archived.archived_at);
  },
  "POST /v2/strategies/{id}/submit": async (h) => {
    const created = await h.createStrategy();
    const submitted = await h.ines.post("/v2/strategies/{id}/submit", path(created.id));
    expect(submitted.status).toBeLessThan(100);
  },
  "GET /v2/strategies/{id}/versions": async (h) => {
    const built = await h.createStrategy({ built: true });
    expect((await h.ines.get("/v2/strategies/{id}/versions", path(built.id))).length).toBe(1);
  },
  "GET /v2/strategies/{id}/versions/{versionId}": async (h) => {
    const built = await h.createStrategy({ built: true });
    const [version] = await h.ines.get("/v2/strategies/{id}/versions", path(built.id));
    const one = await h.ines.get("/v2/strategies/{id}/versions/{versionId}", { params: { path: { id: built.id, versionId: version!.id } } });
    expect(one.id).toBe(version!.id);
  },
  "POST /v2/strategies/{id}/archive": async (h) => {
    const created = await h.createStrategy();
    const archived = await h.ines.post("/v2/strategies/{id}/archive", path(created.id));
    expect(archived.id).toBe(created.id);
    expect(Date.parse(archived.permanent_delete_at!)).toBeGreaterThan(Date.parse(archived.archived_at!));
  },
  "POST /v2/strategies/{id}/revive": async (h) => {
    const created = await h.createStrategy();
    await h.ines.post("/v2/strategies/{id}/archive", path(created.id));
    const revived = await h.ines.post("/v2/strategies/{id}/revive", path(created.id));
    expect(revived.archived_at).toBeNull();
  },

  // portfolios
  "GET /v1/portfolios": async (h) => {
    expect((await h.ines.get("/v1/portfolios")).map((p) => p.id)).toContain(h.portfolioId);
  },
  "POST /v1/portfolios": async (h) => {
    const [a, b] = await h.ines.get("/v1/premade-strategies/{id}/companies", path(h.premadeId));
    const saved = await h.ines.post("/v1/portfolios", { body: { name: "Two", holdings: [{ symbol: a!.symbol, weight: 0.5 }, { symbol: b!.symbol, weight: 0.5 }] } });
    expect(saved.name).toBe("Two");
    expect((await h.ines.get("/v1/portfolios")).map((p) => p.id)).toContain(saved.id);
  },
  "GET /v1/portfolios/{id}": async (h) => {
    expect((await h.ines.get("/v1/portfolios/{id}", path(h.portfolioId))).id).toBe(h.portfolioId);
  },
  "PUT /v1/portfolios/{id}": async (h) => {
    const replaced = await h.ines.put("/v1/portfolios/{id}", { ...path(h.portfolioId), body: { name: "Replaced", holdings: [{ symbol: h.premadeCompany.symbol, weight: 1 }] } });
    expect(replaced.name).toBe("Replaced");
  },
  "DELETE /v1/portfolios/{id}": async (h) => {
    expect(await h.ines.delete("/v1/portfolios/{id}", path(h.portfolioId))).toBeUndefined();
    await expect(h.ines.get("/v1/portfolios/{id}", path(h.portfolioId))).rejects.toMatchObject({ status: 404 });
  },

  // optimizers
  "POST /v1/strategies/{id}/optimize": async (h) => {
    const result = await h.ines.post("/v1/strategies/{id}/optimize", { ...path(h.premadeId), params: { path: { id: h.premadeId }, query: { maxWeight: 0.2 } } });
    expect(result.portfolio.reduce((a, c) => a + c.weight, 0)).toBeCloseTo(1, 6);
  },
  "POST /v1/strategies/{id}/optimized-portfolio": async (h) => {
    const result = await h.ines.post("/v1/strategies/{id}/optimized-portfolio", { params: { path: { id: h.premadeId }, query: { maxWeight: 0.3 } } });
    expect(result.portfolio.every((c) => c.weight <= 0.3 + 1e-9)).toBe(true);
  },

  // premade strategies
  "GET /v1/premade-strategies": async (h) => {
    expect((await h.ines.get("/v1/premade-strategies")).map((p) => p.id)).toContain(h.premadeId);
  },
  "POST /v1/premade-strategies/search": async (h) => {
    const found = await h.ines.post("/v1/premade-strategies/search", { body: { objective: "artificial intelligence chips" } });
    expect(found.matches.length).toBeGreaterThan(0);
  },
  "GET /v1/premade-strategies/{id}/companies": async (h) => {
    expect((await h.ines.get("/v1/premade-strategies/{id}/companies", path(h.premadeId))).length).toBeGreaterThan(0);
  },
  "GET /v1/premade-strategies/{id}/companies/{companyId}": async (h) => {
    const evidence = await h.ines.get("/v1/premade-strategies/{id}/companies/{companyId}", { params: { path: { id: h.premadeId, companyId: h.premadeCompany.id } } });
    expect(evidence.isIncluded).toBe(true);
  },
  "GET /v1/premade-strategies/{id}/evidences": async (h) => {
    expect((await h.ines.get("/v1/premade-strategies/{id}/evidences", path(h.premadeId))).evidences.length).toBeGreaterThan(0);
  },
  "GET /v1/premade-strategies/{id}/historical-data/dates": async (h) => {
    expect((await h.ines.get("/v1/premade-strategies/{id}/historical-data/dates", path(h.premadeId))).available_dates).toContain(h.premadeDate);
  },
  "GET /v1/premade-strategies/{id}/historical-data": async (h) => {
    const companies = await h.ines.get("/v1/premade-strategies/{id}/historical-data", { params: { path: { id: h.premadeId }, query: { date: h.premadeDate } } });
    expect(companies.length).toBeGreaterThan(0);
  },

  // helpers, backtest, benchmarks
  "POST /v1/helper/companies/search": async (h) => {
    const found = await h.ines.post("/v1/helper/companies/search", { body: { query: h.premadeCompany.name.slice(0, 6), limit: 3 } });
    expect(found.results.length).toBeGreaterThan(0);
    expect(found.results.length).toBeLessThanOrEqual(3);
  },
  "POST /v1/backtest": async (h) => {
    const result = await h.ines.post("/v1/backtest", { body: { holdings: [{ companyId: h.premadeCompany.id, weight: 1 }], years: 1, benchmark: "QQQ" } });
    expect(result.timeSeries[0]![1]).toBe(10000);
    expect(result.benchmarkMetadata.symbol).toBe("QQQ");
  },
  "GET /v1/benchmarks": async (h) => {
    expect((await h.ines.get("/v1/benchmarks")).benchmarks.map((b) => b.symbol)).toContain("SPY");
  },
  "GET /v1/benchmarks/{symbol}": async (h) => {
    const prices = await h.ines.get("/v1/benchmarks/{symbol}", { params: { path: { symbol: "SPY" }, query: { interval: "weekly" } } });
    expect(prices).toMatchObject({ symbol: "SPY", interval: "weekly" });
  },

  // the mock's control surface
  "GET /__mock/state": async (h) => {
    expect((await h.anon.get("/__mock/state")).runningBuilds).toBe(0);
  },
  "POST /__mock/reset": async (h) => {
    await h.createStrategy();
    const before = (await h.anon.get("/__mock/state")).strategies;
    expect((await h.anon.post("/__mock/reset")).strategies).toBe(before - 1);
  },
  "POST /__mock/clock/advance": async (h) => {
    const status = await h.anon.post("/__mock/clock/advance", { body: { ms: 60_000 } });
    expect(status.clockOffsetMs).toBe(60_000);
  },
  "POST /__mock/builds/complete": async (h) => {
    const created = await h.createStrategy();
    await h.ines.post("/v1/strategies/{id}/submit", path(created.id));
    expect(await h.anon.post("/__mock/builds/complete")).toEqual({ completed: 1 });
  },
  "PUT /__mock/strategies/{id}/next-build": async (h) => {
    const created = await h.createStrategy();
    await h.anon.put("/__mock/strategies/{id}/next-build", { ...path(created.id), body: { outcome: -1 } });
    await h.ines.post("/v1/strategies/{id}/submit", path(created.id));
    await h.anon.post("/__mock/builds/complete");
    expect((await h.ines.get("/v1/strategies/{id}", path(created.id))).status).toBe(-1);
  },
  "GET /__mock/sessions": async (h) => {
    await h.anon.post("/__mock/sessions", { body: { name: "listed" } });
    const { sessions, maxSessions } = await h.anon.get("/__mock/sessions");
    expect(sessions.map((s) => s.name)).toEqual(["listed"]);
    expect(maxSessions).toBeGreaterThan(0);
  },
  "POST /__mock/sessions": async (h) => {
    const session = await h.anon.post("/__mock/sessions", { body: { name: "w1" } });
    const mine = await h.inSession("w1").ines.post("/v1/strategies", { body: { name: "Only in w1", objective: "Water utilities." } });
    expect(session.name).toBe("w1");
    await expect(h.ines.get("/v1/strategies/{id}", path(mine.id))).rejects.toMatchObject({ status: 404 });
    expect((await h.inSession("w1").ines.get("/v1/strategies/{id}", path(mine.id))).name).toBe("Only in w1");
  },
  "DELETE /__mock/sessions/{name}": async (h) => {
    await h.anon.post("/__mock/sessions", { body: { name: "gone" } });
    expect(await h.anon.delete("/__mock/sessions/{name}", { params: { path: { name: "gone" } } })).toEqual({ name: "gone", deleted: true });
    expect((await h.anon.get("/__mock/sessions")).sessions).toEqual([]);
  },
  "PUT /__mock/settings": async (h) => {
    expect((await h.anon.put("/__mock/settings", { body: { buildDurationMs: 1234 } })).buildDurationMs).toBe(1234);
  },
};
