import { createRoute, z } from "@hono/zod-openapi";
import type { RouteModule } from "../context/RouteModule.ts";
import {
  bearerSecurity,
  errorResponses,
  ErrorSchema,
  jsonResponse,
  StrategyCompanyParams,
  StrategyIdParams,
} from "../schemas/common.ts";
import { CompanySchema, EvidenceSchema } from "../schemas/company.ts";
import { EvidencesSchema } from "../schemas/premade.ts";
import { RunCompaniesQuery, RunQuery } from "../schemas/run.ts";
import { readRun } from "../services/runs/readRun.ts";
import { runCompanies } from "../services/runs/runCompanies.ts";
import { runCompanyEvidence } from "../services/runs/runCompanyEvidence.ts";
import { runEvidences } from "../services/runs/runEvidences.ts";

const tags = ["Strategies (v2)"];
const runErrors = {
  ...errorResponses(400, 401),
  404: jsonResponse(ErrorSchema, "Unknown or invisible strategy or version, or no run as of asOfDate"),
  409: jsonResponse(ErrorSchema, "The run as of asOfDate is still running or failed"),
};
const SELECTION =
  "The run: `versionId` (default: the active version) and `asOfDate` (default: its latest completed run). Works for your strategies, public ones and premade ones (their runs are the dated snapshots).";

const companies = createRoute({
  method: "get",
  path: "/v2/strategies/{id}/companies",
  tags,
  summary: "List the result companies for a strategy run",
  description: `${SELECTION} Conviction ranked; \`scoringMinMarketCap\` (default 500000000) gives smaller companies a conviction of 0; \`reasoning\` only with \`includeReasoning=true\`. Empty when the strategy has no completed run.`,
  security: bearerSecurity,
  request: { params: StrategyIdParams, query: RunCompaniesQuery },
  responses: { 200: jsonResponse(z.array(CompanySchema), "Companies (empty when the run has none)"), ...runErrors },
});

const company = createRoute({
  method: "get",
  path: "/v2/strategies/{id}/companies/{companyId}",
  tags,
  summary: "Get reasoning/evidence for a specific company in a strategy",
  description: `${SELECTION} A company not in the run is 200 with \`isIncluded: false\` and a reasoning saying so; an unknown company is 404. Summaries are those published up to the run's as-of date.`,
  security: bearerSecurity,
  request: { params: StrategyCompanyParams, query: RunQuery },
  responses: { 200: jsonResponse(EvidenceSchema, "Evidence"), ...runErrors },
});

const evidences = createRoute({
  method: "get",
  path: "/v2/strategies/{id}/evidences",
  tags,
  summary: "Evidence for every company of a strategy run",
  description: `${SELECTION} One {companyId, isIncluded, reasoning, summaries} per company of the run (a premade strategy's current run adds the candidates it rejected).`,
  security: bearerSecurity,
  request: { params: StrategyIdParams, query: RunQuery },
  responses: { 200: jsonResponse(EvidencesSchema, "Evidences"), ...runErrors },
});

/** v2 reads of a strategy run: companies, one company's evidence, all evidence (real v2 reference). */
export const registerStrategyRunV2Routes: RouteModule = (app, ctx) => {
  app.openapi(companies, (c) => {
    const q = c.req.valid("query");
    return c.json(runCompanies(ctx, readRun(ctx, c.var.caller, c.req.valid("param").id, q), q), 200);
  });
  app.openapi(company, (c) => {
    const p = c.req.valid("param");
    return c.json(runCompanyEvidence(ctx, readRun(ctx, c.var.caller, p.id, c.req.valid("query")), p.companyId), 200);
  });
  app.openapi(evidences, (c) =>
    c.json(runEvidences(ctx, readRun(ctx, c.var.caller, c.req.valid("param").id, c.req.valid("query"))), 200),
  );
};
