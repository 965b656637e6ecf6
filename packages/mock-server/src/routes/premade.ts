import { createRoute, z } from "@hono/zod-openapi";
import type { Context, TypedResponse } from "hono";
import type { JSONParsed } from "hono/utils/types";
import type { RouteModule } from "../context/RouteModule.ts";
import {
  bearerSecurity,
  errorResponses,
  ErrorSchema,
  jsonResponse,
  StrategyCompanyParams,
  StrategyIdParams,
} from "../schemas/common.ts";
import { CompaniesQuery, type CompanyOut, EvidenceSchema } from "../schemas/company.ts";
import {
  AvailableDatesSchema,
  EvidencesSchema,
  HistoricalQuery,
  PremadeCompaniesSchema,
  PremadeSearchBody,
  PremadeSearchResultSchema,
} from "../schemas/premade.ts";
import { StrategyV1Schema } from "../schemas/strategy.ts";
import { historicalDataCached } from "../services/premade/historicalData.ts";
import { historicalDates } from "../services/premade/historicalDates.ts";
import { listPremade } from "../services/premade/listPremade.ts";
import { premadeCompaniesCached } from "../services/premade/premadeCompanies.ts";
import { premadeEvidence } from "../services/premade/premadeEvidence.ts";
import { premadeEvidences } from "../services/premade/premadeEvidences.ts";
import { searchPremade } from "../services/premade/searchPremade.ts";

const tags = ["Premade strategies"];

/**
 * A 200 JSON response from text already serialised from a `CompanyOut[]` (the company lists are
 * cached with their JSON text, so a hit costs no serialisation), typed like `c.json(companies, 200)`.
 */
function companiesText(c: Context, json: string): Response & TypedResponse<JSONParsed<CompanyOut[]>, 200, "json"> {
  return c.body(json, 200, { "Content-Type": "application/json" }) as unknown as Response &
    TypedResponse<JSONParsed<CompanyOut[]>, 200, "json">;
}

const list = createRoute({
  method: "get",
  path: "/v1/premade-strategies",
  tags,
  summary: "The premade library: public, finished strategies (status 100) owned by the premade service account",
  description:
    "Every premade strategy in the v1 shape, read-only. In v2 they close the public catalogue (`GET /v2/strategies?scope=public`) and every v2 read takes their ids.",
  security: bearerSecurity,
  responses: { 200: jsonResponse(z.array(StrategyV1Schema), "Premade strategies"), ...errorResponses(401) },
});

const search = createRoute({
  method: "post",
  path: "/v1/premade-strategies/search",
  tags,
  summary: "Premade strategies closest to an objective (BM25 over theme vocabulary, stemmed, with concept expansion)",
  description:
    "Every premade strategy with a similarity in [0, 1] (1 − exp(−BM25 score / (30 · query terms)), 4 decimals), by descending similarity. Deterministic. A blank objective is 400.",
  security: bearerSecurity,
  request: { body: { required: true, content: { "application/json": { schema: PremadeSearchBody } } } },
  responses: { 200: jsonResponse(PremadeSearchResultSchema, "Matches, best first"), ...errorResponses(400, 401) },
});

const companies = createRoute({
  method: "get",
  path: "/v1/premade-strategies/{id}/companies",
  tags,
  summary: "Current companies, conviction ranked (ties by id); reasoning only with includeReasoning=true",
  description:
    "The companies of the latest completed run with their signals; `scoringMinMarketCap` (default 500000000) gives smaller companies a conviction of 0.",
  security: bearerSecurity,
  request: { params: StrategyIdParams, query: CompaniesQuery },
  responses: { 200: jsonResponse(PremadeCompaniesSchema, "Companies"), ...errorResponses(400, 401, 404) },
});

const evidence = createRoute({
  method: "get",
  path: "/v1/premade-strategies/{id}/companies/{companyId}",
  tags,
  summary: "Evidence for one company (isIncluded false, with a reasoning, for a company the strategy does not hold)",
  description:
    "The strategy's evidence record for the company (constituents and considered-and-rejected candidates); an unknown company is 404.",
  security: bearerSecurity,
  request: { params: StrategyCompanyParams },
  responses: { 200: jsonResponse(EvidenceSchema, "Evidence"), ...errorResponses(400, 401, 404) },
});

const evidences = createRoute({
  method: "get",
  path: "/v1/premade-strategies/{id}/evidences",
  tags,
  summary:
    "All evidence: one {companyId, isIncluded, reasoning, summaries} per company considered (constituents, then rejected candidates)",
  description: "Constituents first (`isIncluded: true`), then the candidates the strategy rejected.",
  security: bearerSecurity,
  request: { params: StrategyIdParams },
  responses: { 200: jsonResponse(EvidencesSchema, "Evidences"), ...errorResponses(400, 401, 404) },
});

const dates = createRoute({
  method: "get",
  path: "/v1/premade-strategies/{id}/historical-data/dates",
  tags,
  summary: "Dates (YYYY-MM-DD, ascending) with a completed historical run",
  description: "Runs that are processing or failed are not listed (their `historical-data` is 409).",
  security: bearerSecurity,
  request: { params: StrategyIdParams },
  responses: { 200: jsonResponse(AvailableDatesSchema, "Available dates"), ...errorResponses(400, 401, 404) },
});

const historical = createRoute({
  method: "get",
  path: "/v1/premade-strategies/{id}/historical-data",
  tags,
  summary: "Companies as of a completed run (signals of that snapshot), conviction ranked",
  description:
    "The constituents of the run of `date` with that run's signals; conviction computed over them (`scoringMinMarketCap`). With `includeReasoning=true` each company carries why it was held then (from that run's signals).",
  security: bearerSecurity,
  request: { params: StrategyIdParams, query: HistoricalQuery },
  responses: {
    200: jsonResponse(PremadeCompaniesSchema, "Companies as of that date"),
    ...errorResponses(400, 401),
    404: jsonResponse(ErrorSchema, "Unknown premade strategy, or no run on that date"),
    409: jsonResponse(ErrorSchema, "The run of that date is processing or failed"),
  },
});

/** Premade strategies, read-only (docs/parity.md#premade-strategy-endpoints; real-service notes "Signals", "Errors and auth"). */
export const registerPremadeRoutes: RouteModule = (app, ctx) => {
  app.openapi(list, (c) => c.json(listPremade(ctx), 200));
  app.openapi(search, (c) => c.json(searchPremade(ctx, c.req.valid("json").objective), 200));
  app.openapi(companies, (c) =>
    companiesText(c, premadeCompaniesCached(ctx, c.req.valid("param").id, c.req.valid("query")).json),
  );
  app.openapi(evidence, (c) => {
    const p = c.req.valid("param");
    return c.json(premadeEvidence(ctx, p.id, p.companyId), 200);
  });
  app.openapi(evidences, (c) => c.json(premadeEvidences(ctx, c.req.valid("param").id), 200));
  app.openapi(dates, (c) => c.json(historicalDates(ctx, c.req.valid("param").id), 200));
  app.openapi(historical, (c) => {
    const q = c.req.valid("query");
    return companiesText(c, historicalDataCached(ctx, c.req.valid("param").id, q.date, q).json);
  });
};
