import { createRoute, z } from "@hono/zod-openapi";
import type { RouteModule } from "../context/RouteModule.ts";
import {
  bearerSecurity,
  errorResponses,
  ErrorSchema,
  jsonResponse,
  StrategyCompanyParams,
  StrategyIdParams,
  StrategyVersionParams,
} from "../schemas/common.ts";
import { CompaniesQuery, CompanySchema, EvidenceSchema } from "../schemas/company.ts";
import {
  ArchiveResultSchema,
  CreateStrategyBody,
  PatchStrategyBody,
  ScopeQuery,
  StrategyV1Schema,
  StrategyVersionSchema,
} from "../schemas/strategy.ts";
import { EvidencesSchema } from "../schemas/premade.ts";
import { PerformanceQuery, UserHistoricalQuery } from "../schemas/run.ts";
import { StrategyPerformanceSchema } from "../schemas/performance.ts";
import { strategyPerformanceReport } from "../services/performance/strategyPerformanceReport.ts";
import { presentStrategyV1 } from "../services/presenters/presentStrategyV1.ts";
import { userHistoricalData } from "../services/runs/userHistoricalData.ts";
import { strategyEvidences } from "../services/strategies/strategyEvidences.ts";
import { presentVersion } from "../services/presenters/presentVersion.ts";
import { archiveStrategy } from "../services/strategies/archiveStrategy.ts";
import { companyEvidence } from "../services/strategies/companyEvidence.ts";
import { createStrategy } from "../services/strategies/createStrategy.ts";
import { listStrategies } from "../services/strategies/listStrategies.ts";
import { reviveStrategy } from "../services/strategies/reviveStrategy.ts";
import { strategyCompanies } from "../services/strategies/strategyCompanies.ts";
import { getVersion, listVersions } from "../services/strategies/strategyVersions.ts";
import { submitStrategy } from "../services/strategies/submitStrategy.ts";
import { updateStrategy } from "../services/strategies/updateStrategy.ts";
import { RETENTION_MS, visibleStrategy } from "../services/strategies/visibility.ts";

const tags = ["Strategies (v1)"];

const list = createRoute({
  method: "get",
  path: "/v1/strategies",
  tags,
  summary: "List strategies (scope=user|public|all, default user)",
  description:
    "The caller's own strategies, not archived, newest first (v1 shape, HTTP-dates); an empty array when there are none. `scope=public` (mock extension in v1): public, completed strategies of every user; `all`: both.",
  security: bearerSecurity,
  request: { query: ScopeQuery },
  responses: { 200: jsonResponse(z.array(StrategyV1Schema), "Strategies, newest first"), ...errorResponses(400, 401) },
});

const create = createRoute({
  method: "post",
  path: "/v1/strategies",
  tags,
  summary: "Create a strategy (private, not submitted: status 0)",
  description:
    "`name` and `objective` are required, `exclusions` optional. The strategy is private and never submitted (status 0, no versions): submit it to build it.",
  security: bearerSecurity,
  request: { body: { required: true, content: { "application/json": { schema: CreateStrategyBody } } } },
  responses: { 201: jsonResponse(StrategyV1Schema, "The created strategy"), ...errorResponses(400, 401) },
});

const get = createRoute({
  method: "get",
  path: "/v1/strategies/{id}",
  tags,
  summary: "Get a strategy; poll status until 100 (or negative)",
  description:
    "The caller's strategy or a public one. `status` is the build's progress (0 not submitted, 1..95 building, 100 done, negative failed); `performance` is set once the build is done.",
  security: bearerSecurity,
  request: { params: StrategyIdParams },
  responses: { 200: jsonResponse(StrategyV1Schema, "The strategy"), ...errorResponses(400, 401, 404) },
});

const patch = createRoute({
  method: "patch",
  path: "/v1/strategies/{id}",
  tags,
  summary: "Edit name and/or draft (objective, exclusions); resubmit to rebuild",
  description:
    "Owner only. At least one of `name`, `objective`, `exclusions`, no other property. The built companies do not change until the next submit.",
  security: bearerSecurity,
  request: {
    params: StrategyIdParams,
    body: { required: true, content: { "application/json": { schema: PatchStrategyBody } } },
  },
  responses: { 200: jsonResponse(StrategyV1Schema, "The updated strategy"), ...errorResponses(400, 401, 403, 404) },
});

const remove = createRoute({
  method: "delete",
  path: "/v1/strategies/{id}",
  tags,
  summary: "Delete (archive) a strategy: revivable for 30 days, then permanently deleted",
  description:
    "Owner only. The strategy disappears from v1 reads and lists at once; `POST /v1/strategies/{id}/revive` restores it within 30 days.",
  security: bearerSecurity,
  request: { params: StrategyIdParams },
  responses: { 200: jsonResponse(ArchiveResultSchema, "Archived"), ...errorResponses(400, 401, 403, 404) },
});

const submit = createRoute({
  method: "post",
  path: "/v1/strategies/{id}/submit",
  tags,
  summary: "Submit: freeze a changed draft into a new version (or re-run the active one) and start the build",
  description:
    "Owner only. No body. Poll `GET /v1/strategies/{id}` until status is 100 (or negative). 423 while an earlier submission is still building.",
  security: bearerSecurity,
  request: { params: StrategyIdParams },
  responses: {
    200: jsonResponse(StrategyV1Schema, "The strategy, build started"),
    ...errorResponses(400, 401, 403, 404, 423),
  },
});

const revive = createRoute({
  method: "post",
  path: "/v1/strategies/{id}/revive",
  tags,
  summary: "Restore an archived strategy within 30 days (owner only)",
  description:
    "400 when the strategy is not archived; 404 once it has been permanently deleted (30 days after archiving).",
  security: bearerSecurity,
  request: { params: StrategyIdParams },
  responses: { 200: jsonResponse(StrategyV1Schema, "The revived strategy"), ...errorResponses(400, 401, 403, 404) },
});

const companies = createRoute({
  method: "get",
  path: "/v1/strategies/{id}/companies",
  tags,
  summary: "Companies of the strategy, conviction ranked (empty until the build is done)",
  description:
    "The active version's companies once its build is done, ranked by conviction (`scoringMinMarketCap`, default 500000000, gives smaller companies a conviction of 0); `reasoning` only with `includeReasoning=true`.",
  security: bearerSecurity,
  request: { params: StrategyIdParams, query: CompaniesQuery },
  responses: { 200: jsonResponse(z.array(CompanySchema), "Companies"), ...errorResponses(400, 401, 404) },
});

const evidence = createRoute({
  method: "get",
  path: "/v1/strategies/{id}/companies/{companyId}",
  tags,
  summary: "Evidence for one company (isIncluded false when not in the strategy)",
  description:
    "Reasoning and dated summaries for a company of the strategy; a company of the universe that is not in it is 200 with `isIncluded: false`; an unknown company is 404.",
  security: bearerSecurity,
  request: { params: StrategyCompanyParams },
  responses: { 200: jsonResponse(EvidenceSchema, "Evidence"), ...errorResponses(400, 401, 404) },
});

const evidences = createRoute({
  method: "get",
  path: "/v1/strategies/{id}/evidences",
  tags,
  summary: "Evidence for every company of the strategy",
  description:
    "One {companyId, isIncluded, reasoning, summaries} per company of the finished build, in conviction order; empty until the build is done.",
  security: bearerSecurity,
  request: { params: StrategyIdParams },
  responses: { 200: jsonResponse(EvidencesSchema, "Evidences"), ...errorResponses(400, 401, 404) },
});

const historical = createRoute({
  method: "get",
  path: "/v1/strategies/{id}/historical-data",
  tags,
  summary: "Retrieve generated historical data for a specific date",
  description:
    "The companies of the strategy as of `date`: the active version's run of that date when one exists (a v2 historical submit), else the same selection and scoring computed as of that date (the universe of that day: companies listed then; signals consistent with the premade strategies' runs). Conviction ranked with `scoringMinMarketCap` (default 500000000); `reasoning` with `includeReasoning=true`. Empty until the strategy has a completed run. Future dates are 400.",
  security: bearerSecurity,
  request: { params: StrategyIdParams, query: UserHistoricalQuery },
  responses: {
    200: jsonResponse(z.array(CompanySchema), "Companies as of that date"),
    ...errorResponses(400, 401, 404),
    409: {
      description: "The run of that date is still running or failed",
      content: { "application/json": { schema: ErrorSchema } },
    },
  },
});

const performance = createRoute({
  method: "get",
  path: "/v1/strategies/{id}/performance",
  tags,
  summary: "Get strategy's performance",
  description:
    "Conviction-weighted buy-and-hold NAV (from 10000, weekly `[unixSeconds, value]`, last 5 years) of the strategy's `top` companies by conviction (default 30) with a market cap of at least `min_market_cap` (default 0), with its statistics. Empty while the strategy has no finished build.",
  security: bearerSecurity,
  request: { params: StrategyIdParams, query: PerformanceQuery },
  responses: {
    200: jsonResponse(StrategyPerformanceSchema, "Stock performance of a strategy"),
    ...errorResponses(400, 401, 404),
  },
});

const versions = createRoute({
  method: "get",
  path: "/v1/strategies/{id}/versions",
  tags,
  summary: "Versions, newest first (others see only the active version of a public strategy)",
  description: "Mock extension in v1: the v2 version objects (run state included) with HTTP-dates.",
  security: bearerSecurity,
  request: { params: StrategyIdParams },
  responses: { 200: jsonResponse(z.array(StrategyVersionSchema), "Versions"), ...errorResponses(400, 401, 404) },
});

const version = createRoute({
  method: "get",
  path: "/v1/strategies/{id}/versions/{versionId}",
  tags,
  summary: "One version",
  description: "Mock extension in v1: a version object (run state included) with HTTP-dates.",
  security: bearerSecurity,
  request: { params: StrategyVersionParams },
  responses: { 200: jsonResponse(StrategyVersionSchema, "The version"), ...errorResponses(400, 401, 404) },
});

/** v1 user strategies (docs/parity.md#user-strategy-endpoints, #other-endpoints; real-service notes "v2 strategies" for versions and archive). */
export const registerStrategyRoutes: RouteModule = (app, ctx) => {
  app.openapi(list, (c) =>
    c.json(
      listStrategies(ctx, c.var.caller, c.req.valid("query").scope).map((s) => presentStrategyV1(ctx, s)),
      200,
    ),
  );
  app.openapi(create, (c) =>
    c.json(presentStrategyV1(ctx, createStrategy(ctx, c.var.caller, c.req.valid("json"))), 201),
  );
  app.openapi(get, (c) =>
    c.json(presentStrategyV1(ctx, visibleStrategy(ctx, c.var.caller, c.req.valid("param").id, "exclude")), 200),
  );
  app.openapi(patch, (c) =>
    c.json(
      presentStrategyV1(ctx, updateStrategy(ctx, c.var.caller, c.req.valid("param").id, c.req.valid("json"))),
      200,
    ),
  );
  app.openapi(remove, (c) => {
    const s = archiveStrategy(ctx, c.var.caller, c.req.valid("param").id, "exclude");
    const archivedAt = s.archivedAt ?? ctx.clock.now();
    return c.json(
      {
        id: s.id,
        archived_at: new Date(archivedAt).toUTCString(),
        permanent_delete_at: new Date(archivedAt + RETENTION_MS).toUTCString(),
      },
      200,
    );
  });
  app.openapi(submit, (c) =>
    c.json(presentStrategyV1(ctx, submitStrategy(ctx, c.var.caller, c.req.valid("param").id).strategy), 200),
  );
  app.openapi(revive, (c) =>
    c.json(presentStrategyV1(ctx, reviveStrategy(ctx, c.var.caller, c.req.valid("param").id)), 200),
  );
  app.openapi(companies, (c) => {
    const q = c.req.valid("query");
    return c.json(strategyCompanies(ctx, c.var.caller, c.req.valid("param").id, q), 200);
  });
  app.openapi(evidence, (c) => {
    const p = c.req.valid("param");
    return c.json(companyEvidence(ctx, c.var.caller, p.id, p.companyId), 200);
  });
  app.openapi(evidences, (c) => c.json(strategyEvidences(ctx, c.var.caller, c.req.valid("param").id), 200));
  app.openapi(historical, (c) => {
    const q = c.req.valid("query");
    return c.json(userHistoricalData(ctx, c.var.caller, c.req.valid("param").id, q.date, q), 200);
  });
  app.openapi(performance, (c) => {
    const q = c.req.valid("query");
    return c.json(
      strategyPerformanceReport(ctx, c.var.caller, c.req.valid("param").id, {
        top: q.top,
        minMarketCap: q.min_market_cap,
      }),
      200,
    );
  });
  app.openapi(versions, (c) => {
    const r = listVersions(ctx, c.var.caller, c.req.valid("param").id, "exclude");
    return c.json(
      r.versions.map((v) => presentVersion(r.strategy, v, ctx.clock.now(), "v1")),
      200,
    );
  });
  app.openapi(version, (c) => {
    const p = c.req.valid("param");
    const r = getVersion(ctx, c.var.caller, p.id, p.versionId, "exclude");
    return c.json(presentVersion(r.strategy, r.version, ctx.clock.now(), "v1"), 200);
  });
};
