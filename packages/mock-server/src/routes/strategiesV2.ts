import { createRoute, z } from "@hono/zod-openapi";
import type { RouteModule } from "../app/RouteModule.ts";
import { bearerSecurity, errorResponses, StrategyIdParams, StrategyVersionParams } from "../schemas/common.ts";
import { PatchStrategyBody, StrategyV2Schema, StrategyVersionSchema } from "../schemas/strategy.ts";
import { presentStrategyV2 } from "../services/presenters/presentStrategyV2.ts";
import { presentVersion } from "../services/presenters/presentVersion.ts";
import { archiveStrategy } from "../services/strategies/archiveStrategy.ts";
import { listStrategies } from "../services/strategies/listStrategies.ts";
import { reviveStrategy } from "../services/strategies/reviveStrategy.ts";
import { submitStrategy } from "../services/strategies/submitStrategy.ts";
import { updateStrategy } from "../services/strategies/updateStrategy.ts";
import { getVersion, listVersions } from "../services/strategies/strategyVersions.ts";
import { visibleStrategy } from "../services/strategies/visibility.ts";

const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { "application/json": { schema } } });
const tags = ["Strategies (v2)"];

const V2ListQuery = z.object({
  scope: z.enum(["user", "public", "all"]).default("user").openapi({ param: { name: "scope", in: "query" } }),
  archived: z
    .enum(["exclude", "only"])
    .default("exclude")
    .openapi({ param: { name: "archived", in: "query" }, description: "mock extension: `only` lists the caller's archived strategies (scope=user)" }),
});

const list = createRoute({
  method: "get",
  path: "/v2/strategies",
  tags,
  summary: "List strategies: user (default), public (public, not archived, completed) or all",
  security: bearerSecurity,
  request: { query: V2ListQuery },
  responses: { 200: json(z.array(StrategyV2Schema), "Strategies, newest first"), ...errorResponses(400, 401) },
});

const get = createRoute({
  method: "get",
  path: "/v2/strategies/{id}",
  tags,
  summary: "Get a strategy (v2 shape; the owner also sees it while archived)",
  security: bearerSecurity,
  request: { params: StrategyIdParams },
  responses: { 200: json(StrategyV2Schema, "The strategy"), ...errorResponses(400, 401, 404) },
});

const patch = createRoute({
  method: "patch",
  path: "/v2/strategies/{id}",
  tags,
  summary: "Edit name and/or draft (objective, exclusions); draft_version_id becomes null when no saved version matches",
  security: bearerSecurity,
  request: { params: StrategyIdParams, body: { required: true, content: { "application/json": { schema: PatchStrategyBody } } } },
  responses: { 200: json(StrategyV2Schema, "The updated strategy"), ...errorResponses(400, 401, 403, 404) },
});

const submit = createRoute({
  method: "post",
  path: "/v2/strategies/{id}/submit",
  tags,
  summary: "Submit: freeze a changed draft into a new active version (or re-run the active one) and start the build",
  security: bearerSecurity,
  request: { params: StrategyIdParams },
  responses: { 200: json(StrategyV2Schema, "The strategy, build started"), ...errorResponses(400, 401, 403, 404, 423) },
});

const versions = createRoute({
  method: "get",
  path: "/v2/strategies/{id}/versions",
  tags,
  summary: "Versions, newest first (others see only the active version of a public strategy)",
  security: bearerSecurity,
  request: { params: StrategyIdParams },
  responses: { 200: json(z.array(StrategyVersionSchema), "Versions"), ...errorResponses(400, 401, 404) },
});

const version = createRoute({
  method: "get",
  path: "/v2/strategies/{id}/versions/{versionId}",
  tags,
  summary: "One version",
  security: bearerSecurity,
  request: { params: StrategyVersionParams },
  responses: { 200: json(StrategyVersionSchema, "The version"), ...errorResponses(400, 401, 404) },
});

const archiveRoute = (method: "post" | "delete", path: string) =>
  createRoute({
    method,
    path,
    tags,
    summary: "Archive a strategy: permanent_delete_at is 30 days later (idempotent)",
    security: bearerSecurity,
    request: { params: StrategyIdParams },
    responses: { 200: json(StrategyV2Schema, "The archived strategy"), ...errorResponses(400, 401, 403, 404) },
  });

const revive = createRoute({
  method: "post",
  path: "/v2/strategies/{id}/revive",
  tags,
  summary: "Restore an archived strategy within 30 days (owner only)",
  security: bearerSecurity,
  request: { params: StrategyIdParams },
  responses: { 200: json(StrategyV2Schema, "The revived strategy"), ...errorResponses(400, 401, 403, 404) },
});

/** v2 strategies (contract 2.2, 9; real-service notes "v2 strategies"). */
export const registerStrategyV2Routes: RouteModule = (app, ctx) => {
  app.openapi(list, (c) => {
    const q = c.req.valid("query");
    return c.json(listStrategies(ctx, c.var.caller, q.scope, q.archived).map((s) => presentStrategyV2(ctx, s)), 200);
  });
  app.openapi(get, (c) => c.json(presentStrategyV2(ctx, visibleStrategy(ctx, c.var.caller, c.req.valid("param").id, "include")), 200));
  app.openapi(patch, (c) => c.json(presentStrategyV2(ctx, updateStrategy(ctx, c.var.caller, c.req.valid("param").id, c.req.valid("json"))), 200));
  app.openapi(submit, (c) => c.json(presentStrategyV2(ctx, submitStrategy(ctx, c.var.caller, c.req.valid("param").id)), 200));
  app.openapi(versions, (c) => {
    const r = listVersions(ctx, c.var.caller, c.req.valid("param").id, "include");
    return c.json(r.versions.map((v) => presentVersion(r.strategy, v, ctx.clock.now(), "v2")), 200);
  });
  app.openapi(version, (c) => {
    const p = c.req.valid("param");
    const r = getVersion(ctx, c.var.caller, p.id, p.versionId, "include");
    return c.json(presentVersion(r.strategy, r.version, ctx.clock.now(), "v2"), 200);
  });
  for (const route of [archiveRoute("post", "/v2/strategies/{id}/archive"), archiveRoute("delete", "/v2/strategies/{id}")]) {
    app.openapi(route, (c) => c.json(presentStrategyV2(ctx, archiveStrategy(ctx, c.var.caller, c.req.valid("param").id, "include")), 200));
  }
  app.openapi(revive, (c) => c.json(presentStrategyV2(ctx, reviveStrategy(ctx, c.var.caller, c.req.valid("param").id)), 200));
};
