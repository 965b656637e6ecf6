// One case per operation of the mock's OpenAPI document, each calling it through the typed client
// and checking the typed answer. `every-operation.*.test.ts` compares this table's keys with the
// document: an endpoint added to the mock without a case here fails the build.
import { expect } from "vitest";
import type { Harness } from "./harness.ts";

/** A case: drives one operation to success from the fixtures' state (the runner resets before each). */
export type OperationCase = (h: Harness) => Promise<void>;

const path = (id: string) => ({ params: { path: { id } } });

/** Past any factsheet's generation time (buildDurationMs is at most an hour). */
const AFTER_GENERATION_MS = 3_600_001;

/** The bytes and type of a binary answer, read through the raw openapi-fetch client (the typed methods read JSON only). */
async function binary(
  answer: Promise<{ data?: unknown; response: Response }>,
): Promise<{ status: number; type: string | null; head: string; redirected: boolean }> {
  const { data, response } = await answer;
  const bytes = data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array();
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    head: new TextDecoder().decode(bytes.subarray(0, 5)),
    redirected: response.redirected,
  };
}

/** The presigned query of the premade strategy's current factsheet: GET factsheet follows its 302, whose target carries `userId`, `expires` and `signature`. */
async function signedPdfQuery(
  h: Harness,
  api: "v1" | "v2",
): Promise<{ versionId: string; asOfDate: string; userId: string; expires: number; signature: string }> {
  const { response } = await h.ines.raw.GET(`/${api}/strategies/{id}/factsheet` as "/v2/strategies/{id}/factsheet", {
    params: { path: { id: h.premadeId }, query: { asOfDate: h.premadeDate } },
    parseAs: "arrayBuffer",
  });
  expect(response.redirected).toBe(true);
  const q = new URL(response.url).searchParams;
  return {
    versionId: q.get("versionId") ?? "",
    asOfDate: q.get("asOfDate") ?? "",
    userId: q.get("userId") ?? "",
    expires: Number(q.get("expires")),
    signature: q.get("signature") ?? "",
  };
}

/** The premade strategy's only version (its runs are the dated snapshots). */
async function premadeVersionId(h: Harness): Promise<string> {
  const [version] = await h.ines.get("/v2/strategies/{id}/versions", path(h.premadeId));
  return version!.version_id;
}

export const operationCases: Record<string, OperationCase> = {
  "GET /v1/health": async (h) => {
    expect(await h.anon.get("/v1/health")).toEqual({ status: "OK", message: "Service is running" });
  },

  "GET /v2/health": async (h) => {
    expect(await h.anon.get("/v2/health")).toEqual({ status: "OK", message: "Service is running" });
  },

  // v1 strategies
  "GET /v1/strategies": async (h) => {
    const list = await h.ines.get("/v1/strategies");
    expect(list.length).toBeGreaterThan(0);
    expect(new Set(list.map((s) => s.user_id)).size).toBe(1);
  },
  "POST /v1/strategies": async (h) => {
    const created = await h.ines.post("/v1/strategies", {
      body: { name: "Robots", objective: "Industrial robots and the sensors they use." },
    });
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
    const evidence = await h.ines.get("/v1/strategies/{id}/companies/{companyId}", {
      params: { path: { id: built.id, companyId: first!.id } },
    });
    expect(evidence.reasoning.length).toBeGreaterThan(0);
  },
  "GET /v1/strategies/{id}/evidences": async (h) => {
    const built = await h.createStrategy({ built: true });
    const companies = await h.ines.get("/v1/strategies/{id}/companies", path(built.id));
    const { evidences } = await h.ines.get("/v1/strategies/{id}/evidences", path(built.id));
    expect(evidences.map((e) => e.companyId)).toEqual(companies.map((c) => c.id));
    expect(evidences.every((e) => e.isIncluded && e.reasoning.length > 0)).toBe(true);
  },
  "GET /v1/strategies/{id}/historical-data": async (h) => {
    const built = await h.createStrategy({ built: true });
    const query = { date: h.premadeDate };
    const plain = await h.ines.get("/v1/strategies/{id}/historical-data", {
      params: { path: { id: built.id }, query },
    });
    const reasoned = await h.ines.get("/v1/strategies/{id}/historical-data", {
      params: { path: { id: built.id }, query: { ...query, includeReasoning: "true" } },
    });
    expect(plain.length).toBeGreaterThan(0);
    expect(plain.every((c) => c.reasoning === undefined)).toBe(true);
    expect(reasoned.map((c) => c.id)).toEqual(plain.map((c) => c.id));
    expect(reasoned.every((c) => typeof c.reasoning === "string" && c.reasoning.length > 0)).toBe(true);
  },
  "GET /v1/strategies/{id}/performance": async (h) => {
    const built = await h.createStrategy({ built: true });
    const report = await h.ines.get("/v1/strategies/{id}/performance", {
      params: { path: { id: built.id }, query: { top: 5 } },
    });
    expect(report.timeSeries[0]![1]).toBe(10000);
    expect(report.metadata.stockCount).toBeGreaterThan(0);
    expect(report.metadata.stockCount).toBeLessThanOrEqual(5);
    expect(report.metadata.weekCount).toBe(report.timeSeries.length - 1);
  },
  "GET /v1/strategies/{id}/versions": async (h) => {
    const built = await h.createStrategy({ built: true });
    const versions = await h.ines.get("/v1/strategies/{id}/versions", path(built.id));
    expect(versions.map((v) => v.status)).toContain(100);
  },
  "GET /v1/strategies/{id}/versions/{versionId}": async (h) => {
    const built = await h.createStrategy({ built: true });
    const [version] = await h.ines.get("/v1/strategies/{id}/versions", path(built.id));
    const one = await h.ines.get("/v1/strategies/{id}/versions/{versionId}", {
      params: { path: { id: built.id, versionId: version!.version_id } },
    });
    expect(one).toMatchObject({ strategy_id: built.id, is_active: true, status: 100 });
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
  "POST /v2/strategies": async (h) => {
    const created = await h.ines.post("/v2/strategies", {
      body: { name: "Robots", description: "Industrial robots and the sensors they use." },
    });
    expect(created).toMatchObject({
      name: "Robots",
      description: "Industrial robots and the sensors they use.",
      status: 0,
      active_version_id: null,
      archived_at: null,
    });
    expect(await h.ines.get("/v2/strategies/{id}/versions", path(created.id))).toEqual([]);
  },
  "GET /v2/strategies/{id}/companies": async (h) => {
    const v1 = await h.ines.get("/v1/premade-strategies/{id}/companies", path(h.premadeId));
    const v2 = await h.ines.get("/v2/strategies/{id}/companies", path(h.premadeId));
    expect(v2.map((c) => c.id)).toEqual(v1.map((c) => c.id));
  },
  "GET /v2/strategies/{id}/companies/{companyId}": async (h) => {
    const evidence = await h.ines.get("/v2/strategies/{id}/companies/{companyId}", {
      params: { path: { id: h.premadeId, companyId: h.premadeCompany.id } },
    });
    expect(evidence.isIncluded).toBe(true);
    expect(evidence.reasoning!.length).toBeGreaterThan(0);
  },
  "GET /v2/strategies/{id}/evidences": async (h) => {
    const built = await h.createStrategy({ built: true });
    const companies = await h.ines.get("/v2/strategies/{id}/companies", path(built.id));
    const { evidences } = await h.ines.get("/v2/strategies/{id}/evidences", path(built.id));
    expect(companies.length).toBeGreaterThan(0);
    expect(evidences.map((e) => e.companyId)).toEqual(companies.map((c) => c.id));
  },
  "GET /v2/strategies/{id}/versions": async (h) => {
    const built = await h.createStrategy({ built: true });
    expect((await h.ines.get("/v2/strategies/{id}/versions", path(built.id))).length).toBe(1);
  },
  "GET /v2/strategies/{id}/versions/{versionId}": async (h) => {
    const built = await h.createStrategy({ built: true });
    const [version] = await h.ines.get("/v2/strategies/{id}/versions", path(built.id));
    const one = await h.ines.get("/v2/strategies/{id}/versions/{versionId}", {
      params: { path: { id: built.id, versionId: version!.version_id } },
    });
    expect(one).toMatchObject({ version_id: version!.version_id, is_active: true, runs_count: 1, as_of_date: null });
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

  // factsheets (v1 and v2: the same runs, the PDF served by the mock)
  "GET /v1/strategies/{id}/factsheet": async (h) => {
    const built = await h.createStrategy({ built: true });
    expect(await h.ines.get("/v1/strategies/{id}/factsheet", path(built.id))).toEqual({ status: "not_requested" });
    const pdf = await binary(
      h.ines.raw.GET("/v1/strategies/{id}/factsheet", { ...path(h.premadeId), parseAs: "arrayBuffer" }),
    );
    expect(pdf).toMatchObject({ status: 200, type: "application/pdf", head: "%PDF-", redirected: true });
  },
  "POST /v1/strategies/{id}/factsheet": async (h) => {
    const built = await h.createStrategy({ built: true });
    expect(await h.ines.post("/v1/strategies/{id}/factsheet", path(built.id))).toEqual({ status: "generating" });
    expect(await h.ines.get("/v1/strategies/{id}/factsheet", path(built.id))).toEqual({ status: "generating" });
    await h.anon.post("/__mock/clock/advance", { body: { ms: AFTER_GENERATION_MS } });
    expect(await h.ines.post("/v1/strategies/{id}/factsheet", path(built.id))).toEqual({ status: "generating" });
    expect((await h.ines.get("/v1/strategies/{id}", path(built.id))).has_factsheet).toBe(true);
  },
  "GET /v1/strategies/{id}/factsheet.pdf": async (h) => {
    const query = await signedPdfQuery(h, "v1");
    const pdf = await binary(
      h.anon.raw.GET("/v1/strategies/{id}/factsheet.pdf", {
        params: { path: { id: h.premadeId }, query },
        parseAs: "arrayBuffer",
      }),
    );
    expect(pdf).toMatchObject({ status: 200, type: "application/pdf", head: "%PDF-" });
  },
  "GET /v2/strategies/{id}/factsheet": async (h) => {
    const built = await h.createStrategy({ built: true });
    expect(await h.ines.get("/v2/strategies/{id}/factsheet", path(built.id))).toEqual({ status: "not_requested" });
    const pdf = await binary(
      h.ines.raw.GET("/v2/strategies/{id}/factsheet", {
        params: { path: { id: h.premadeId }, query: { asOfDate: h.premadeDate } },
        parseAs: "arrayBuffer",
      }),
    );
    expect(pdf).toMatchObject({ status: 200, type: "application/pdf", head: "%PDF-", redirected: true });
  },
  "POST /v2/strategies/{id}/factsheet": async (h) => {
    const built = await h.createStrategy({ built: true });
    expect(await h.ines.post("/v2/strategies/{id}/factsheet", { ...path(built.id), body: {} })).toEqual({
      status: "generating",
    });
    await h.anon.post("/__mock/clock/advance", { body: { ms: AFTER_GENERATION_MS } });
    const pdf = await binary(
      h.ines.raw.GET("/v2/strategies/{id}/factsheet", { ...path(built.id), parseAs: "arrayBuffer" }),
    );
    expect(pdf).toMatchObject({ status: 200, type: "application/pdf", head: "%PDF-", redirected: true });
  },
  "GET /v2/strategies/{id}/factsheet.pdf": async (h) => {
    const query = await signedPdfQuery(h, "v2");
    expect(query.versionId).toBe(await premadeVersionId(h));
    const pdf = await binary(
      h.anon.raw.GET("/v2/strategies/{id}/factsheet.pdf", {
        params: { path: { id: h.premadeId }, query },
        parseAs: "arrayBuffer",
      }),
    );
    expect(pdf).toMatchObject({ status: 200, type: "application/pdf", head: "%PDF-" });
    // Another run than the one signed: the signature no longer matches.
    await expect(
      h.anon.get("/v2/strategies/{id}/factsheet.pdf", {
        params: { path: { id: h.premadeId }, query: { ...query, asOfDate: "1990-01-05" } },
      }),
    ).rejects.toMatchObject({ status: 403 });
  },

  // portfolios
  "GET /v1/portfolios": async (h) => {
    expect((await h.ines.get("/v1/portfolios")).map((p) => p.id)).toContain(h.portfolioId);
  },
  "POST /v1/portfolios": async (h) => {
    const [a, b] = await h.ines.get("/v1/premade-strategies/{id}/companies", path(h.premadeId));
    const saved = await h.ines.post("/v1/portfolios", {
      body: {
        name: "Two",
        holdings: [
          { symbol: a!.symbol, weight: 0.5 },
          { symbol: b!.symbol, weight: 0.5 },
        ],
      },
    });
    expect(saved.name).toBe("Two");
    expect((await h.ines.get("/v1/portfolios")).map((p) => p.id)).toContain(saved.id);
  },
  "GET /v1/portfolios/{id}": async (h) => {
    expect((await h.ines.get("/v1/portfolios/{id}", path(h.portfolioId))).id).toBe(h.portfolioId);
  },
  "PUT /v1/portfolios/{id}": async (h) => {
    const replaced = await h.ines.put("/v1/portfolios/{id}", {
      ...path(h.portfolioId),
      body: { name: "Replaced", holdings: [{ symbol: h.premadeCompany.symbol, weight: 1 }] },
    });
    expect(replaced.name).toBe("Replaced");
  },
  "DELETE /v1/portfolios/{id}": async (h) => {
    expect(await h.ines.delete("/v1/portfolios/{id}", path(h.portfolioId))).toBeUndefined();
    await expect(h.ines.get("/v1/portfolios/{id}", path(h.portfolioId))).rejects.toMatchObject({ status: 404 });
  },
  "GET /v2/portfolios": async (h) => {
    const v1 = await h.ines.get("/v1/portfolios");
    expect(await h.ines.get("/v2/portfolios")).toEqual(v1);
    expect(v1.map((p) => p.id)).toContain(h.portfolioId);
  },
  "POST /v2/portfolios": async (h) => {
    const body = { name: "Solo", holdings: [{ symbol: h.premadeCompany.symbol, weight: 1 }] };
    const saved = await h.ines.post("/v2/portfolios", { body });
    const overwritten = await h.ines.post("/v2/portfolios", {
      body: { ...body, holdings: [{ symbol: h.premadeCompany.symbol, weight: 0.5 }] },
    });
    expect(overwritten.id).toBe(saved.id);
    expect((await h.ines.get("/v1/portfolios/{id}", path(saved.id))).holdings.map((x) => x.weight)).toEqual([0.5]);
  },
  "GET /v2/portfolios/{id}": async (h) => {
    expect(await h.ines.get("/v2/portfolios/{id}", path(h.portfolioId))).toEqual(
      await h.ines.get("/v1/portfolios/{id}", path(h.portfolioId)),
    );
  },
  "PUT /v2/portfolios/{id}": async (h) => {
    const replaced = await h.ines.put("/v2/portfolios/{id}", {
      ...path(h.portfolioId),
      body: { name: "Replaced", holdings: [{ symbol: h.premadeCompany.symbol, weight: 1 }] },
    });
    expect(replaced).toMatchObject({ id: h.portfolioId, name: "Replaced" });
    expect(replaced.holdings.map((x) => x.symbol)).toEqual([h.premadeCompany.symbol]);
  },
  "DELETE /v2/portfolios/{id}": async (h) => {
    expect(await h.ines.delete("/v2/portfolios/{id}", path(h.portfolioId))).toBeUndefined();
    await expect(h.ines.get("/v1/portfolios/{id}", path(h.portfolioId))).rejects.toMatchObject({ status: 404 });
  },

  // optimizers
  "POST /v1/strategies/{id}/optimize": async (h) => {
    const result = await h.ines.post("/v1/strategies/{id}/optimize", {
      ...path(h.premadeId),
      params: { path: { id: h.premadeId }, query: { maxWeight: 0.2 } },
    });
    expect(result.portfolio.reduce((a, c) => a + c.weight, 0)).toBeCloseTo(1, 6);
  },
  "POST /v2/strategies/{id}/optimize": async (h) => {
    const query = { maxWeight: 0.2 };
    const v2 = await h.ines.post("/v2/strategies/{id}/optimize", { params: { path: { id: h.premadeId }, query } });
    expect(v2.portfolio.every((c) => c.weight <= 0.2 + 1e-9)).toBe(true);
    expect(v2).toEqual(
      await h.ines.post("/v1/strategies/{id}/optimize", { params: { path: { id: h.premadeId }, query } }),
    );
  },
  "POST /v1/strategies/{id}/optimized-portfolio": async (h) => {
    const result = await h.ines.post("/v1/strategies/{id}/optimized-portfolio", {
      params: { path: { id: h.premadeId }, query: { maxWeight: 0.3 } },
    });
    expect(result.portfolio.every((c) => c.weight <= 0.3 + 1e-9)).toBe(true);
  },

  // premade strategies
  "GET /v1/premade-strategies": async (h) => {
    expect((await h.ines.get("/v1/premade-strategies")).map((p) => p.id)).toContain(h.premadeId);
  },
  "POST /v1/premade-strategies/search": async (h) => {
    const found = await h.ines.post("/v1/premade-strategies/search", {
      body: { objective: "artificial intelligence chips" },
    });
    expect(found.matches.length).toBeGreaterThan(0);
  },
  "GET /v1/premade-strategies/{id}/companies": async (h) => {
    expect((await h.ines.get("/v1/premade-strategies/{id}/companies", path(h.premadeId))).length).toBeGreaterThan(0);
  },
  "GET /v1/premade-strategies/{id}/companies/{companyId}": async (h) => {
    const evidence = await h.ines.get("/v1/premade-strategies/{id}/companies/{companyId}", {
      params: { path: { id: h.premadeId, companyId: h.premadeCompany.id } },
    });
    expect(evidence.isIncluded).toBe(true);
  },
  "GET /v1/premade-strategies/{id}/evidences": async (h) => {
    expect(
      (await h.ines.get("/v1/premade-strategies/{id}/evidences", path(h.premadeId))).evidences.length,
    ).toBeGreaterThan(0);
  },
  "GET /v1/premade-strategies/{id}/historical-data/dates": async (h) => {
    expect(
      (await h.ines.get("/v1/premade-strategies/{id}/historical-data/dates", path(h.premadeId))).available_dates,
    ).toContain(h.premadeDate);
  },
  "GET /v1/premade-strategies/{id}/historical-data": async (h) => {
    const companies = await h.ines.get("/v1/premade-strategies/{id}/historical-data", {
      params: { path: { id: h.premadeId }, query: { date: h.premadeDate } },
    });
    expect(companies.length).toBeGreaterThan(0);
  },

  // helpers, backtest, benchmarks
  "POST /v1/helper/companies/search": async (h) => {
    const found = await h.ines.post("/v1/helper/companies/search", {
      body: { query: h.premadeCompany.name.slice(0, 6), limit: 3 },
    });
    expect(found.results.length).toBeGreaterThan(0);
    expect(found.results.length).toBeLessThanOrEqual(3);
  },
  "POST /v1/backtest": async (h) => {
    const result = await h.ines.post("/v1/backtest", {
      body: { holdings: [{ companyId: h.premadeCompany.id, weight: 1 }], years: 1, benchmark: "QQQ" },
    });
    expect(result.timeSeries[0]![1]).toBe(10000);
    expect(result.benchmarkMetadata.symbol).toBe("QQQ");
  },
  "POST /v2/helper/companies/search": async (h) => {
    const found = await h.ines.post("/v2/helper/companies/search", {
      body: { query: h.premadeCompany.symbol, limit: 5 },
    });
    expect(found.results.length).toBeGreaterThan(0);
    expect(found.results.length).toBeLessThanOrEqual(5);
    expect(found).toEqual(
      await h.ines.post("/v1/helper/companies/search", { body: { query: h.premadeCompany.symbol, limit: 5 } }),
    );
  },
  "POST /v2/backtest": async (h) => {
    const symbol = h.premadeCompany.symbol;
    const result = await h.ines.post("/v2/backtest", {
      body: { holdings: [{ companyId: h.premadeCompany.id, weight: 1 }], years: 2, benchmark: symbol },
    });
    expect(result.benchmarkMetadata.symbol).toBe(symbol);
    expect(result.timeSeries[0]![1]).toBe(10000);
    // One company against its own ticker: the two series are the same prices.
    expect(result.benchmarkTimeSeries.map(([t]) => t)).toEqual(result.timeSeries.map(([t]) => t));
    expect(result.benchmarkMetadata.returns).toBeCloseTo(result.metadata.returns, 6);
  },

  // objective helpers (v1 and v2)
  "POST /v1/enhance-objective": async (h) => {
    const { enhancedObjective, improvementsSummary } = await h.ines.post("/v1/enhance-objective", {
      body: { objective: "grid-scale battery storage" },
    });
    expect(enhancedObjective).toMatch(/^The strategy is to invest in companies that /);
    expect(enhancedObjective).toContain("battery storage");
    expect(improvementsSummary.length).toBeGreaterThan(0);
  },
  "POST /v2/enhance-objective": async (h) => {
    const body = { objective: "grid-scale battery storage" };
    expect(await h.ines.post("/v2/enhance-objective", { body })).toEqual(
      await h.ines.post("/v1/enhance-objective", { body }),
    );
  },
  "POST /v1/reverse-objective": async (h) => {
    const { reversedObjective, summary } = await h.ines.post("/v1/reverse-objective", {
      body: { objective: "Electric vehicles and their battery supply chain." },
    });
    expect(reversedObjective).toMatch(/^The strategy is to invest in companies that /);
    expect(reversedObjective).not.toContain("Electric vehicles and their battery supply chain.");
    expect(summary.length).toBeGreaterThan(0);
  },
  "POST /v2/reverse-objective": async (h) => {
    const body = { objective: "Electric vehicles and their battery supply chain." };
    expect(await h.ines.post("/v2/reverse-objective", { body })).toEqual(
      await h.ines.post("/v1/reverse-objective", { body }),
    );
  },
  "POST /v1/exclusion-phrases": async (h) => {
    await expectPhrasesExclude(h, "v1");
  },
  "POST /v2/exclusion-phrases": async (h) => {
    await expectPhrasesExclude(h, "v2");
  },

  // strategy exposures of a portfolio
  "POST /v1/strategies/strategies-exposures": async (h) => {
    const companies = await h.ines.get("/v1/premade-strategies/{id}/companies", path(h.premadeId));
    const rows = await h.ines.post("/v1/strategies/strategies-exposures", {
      body: { companiesWeight: { [h.premadeCompany.id]: 0.5 }, strategyIds: [h.premadeId] },
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: h.premadeId, exposure: 1 });
    expect(rows[0]!.overlap).toBeCloseTo(1 / companies.length, 6);
  },
  "POST /v2/strategies/exposures": async (h) => {
    const body = { companiesWeight: { [h.premadeCompany.id]: 1 } };
    const rows = await h.ines.post("/v2/strategies/exposures", { body: { ...body, returnDateRange: "5-year" } });
    const exposures = rows.map((r) => r.exposure);
    expect(exposures).toEqual([...exposures].sort((a, b) => b - a));
    expect(rows.find((r) => r.id === h.premadeId)!.exposure).toBe(1);
    const oneYear = await h.ines.post("/v2/strategies/exposures", { body });
    expect(oneYear.map((r) => r.id).sort()).toEqual(rows.map((r) => r.id).sort());
    expect(oneYear.map((r) => r.returns)).not.toEqual(rows.map((r) => r.returns));
  },
  "GET /v1/benchmarks": async (h) => {
    expect((await h.ines.get("/v1/benchmarks")).benchmarks.map((b) => b.symbol)).toContain("SPY");
  },
  "GET /v1/benchmarks/{symbol}": async (h) => {
    const prices = await h.ines.get("/v1/benchmarks/{symbol}", {
      params: { path: { symbol: "SPY" }, query: { interval: "weekly" } },
    });
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
    const mine = await h
      .inSession("w1")
      .ines.post("/v1/strategies", { body: { name: "Only in w1", objective: "Water utilities." } });
    expect(session.name).toBe("w1");
    await expect(h.ines.get("/v1/strategies/{id}", path(mine.id))).rejects.toMatchObject({ status: 404 });
    expect((await h.inSession("w1").ines.get("/v1/strategies/{id}", path(mine.id))).name).toBe("Only in w1");
  },
  "DELETE /__mock/sessions/{name}": async (h) => {
    await h.anon.post("/__mock/sessions", { body: { name: "gone" } });
    expect(await h.anon.delete("/__mock/sessions/{name}", { params: { path: { name: "gone" } } })).toEqual({
      name: "gone",
      deleted: true,
    });
    expect((await h.anon.get("/__mock/sessions")).sessions).toEqual([]);
  },
  "GET /__mock/drift": async (h) => {
    expect(await h.anon.get("/__mock/drift")).toEqual({
      mode: "off",
      upstream: null,
      requests: 0,
      drifted: 0,
      endpoints: [],
    });
  },
  "PUT /__mock/settings": async (h) => {
    expect((await h.anon.put("/__mock/settings", { body: { buildDurationMs: 1234 } })).buildDurationMs).toBe(1234);
  },
};

/**
 * Asks for exclusion phrases for a company a built strategy included, then checks the answer's
 * promise: excluding the first phrase and rebuilding drops the company.
 */
async function expectPhrasesExclude(h: Harness, api: "v1" | "v2"): Promise<void> {
  const built = await h.createStrategy({ built: true });
  const [company] = await h.ines.get("/v1/strategies/{id}/companies", {
    params: { path: { id: built.id }, query: { includeReasoning: "true" } },
  });
  const body = { objective: built.objective, companyId: company!.id, inclusionReason: company!.reasoning! };
  const { phrases } =
    api === "v1"
      ? await h.ines.post("/v1/exclusion-phrases", { body })
      : await h.ines.post("/v2/exclusion-phrases", { body });
  expect(phrases.length).toBeGreaterThanOrEqual(2);
  expect(phrases.length).toBeLessThanOrEqual(10);
  await h.ines.patch("/v1/strategies/{id}", { ...path(built.id), body: { exclusions: [phrases[0]!.phrase] } });
  await h.ines.post("/v1/strategies/{id}/submit", path(built.id));
  await h.anon.post("/__mock/builds/complete");
  const after = await h.ines.get("/v1/strategies/{id}/companies", path(built.id));
  expect(after.length).toBeGreaterThan(0);
  expect(after.map((c) => c.id)).not.toContain(company!.id);
}
