import { createRoute, z } from "@hono/zod-openapi";
import type { RouteModule } from "../context/RouteModule.ts";
import {
  bearerSecurity,
  errorResponses,
  jsonResponse,
  StrategyIdParams,
  StrategyVersionParams,
} from "../schemas/common.ts";
import { SubmitV2Body, VersionQuery } from "../schemas/run.ts";
import {
  CreateStrategyV2Body,
  PatchStrategyV2Body,
  StrategyV2Schema,
  StrategyVersionSchema,
} from "../schemas/strategy.ts";
import { rejectPremadeWrite } from "../services/premade/rejectPremadeWrite.ts";
import { presentStrategyV2 } from "../services/presenters/presentStrategyV2.ts";
import { presentVersion } from "../services/presenters/presentVersion.ts";
import { archiveStrategy } from "../services/strategies/archiveStrategy.ts";
import { createStrategy } from "../services/strategies/createStrategy.ts";
import { reviveStrategy } from "../services/strategies/reviveStrategy.ts";
import {
  listStrategiesV2,
  readStrategyV2,
  readVersionsV2,
  readVersionV2,
} from "../services/strategies/strategyV2Reads.ts";
import { submitStrategy } from "../services/strategies/submitStrategy.ts";
import { updateStrategy } from "../services/strategies/updateStrategy.ts";

const tags = ["Strategies (v2)"];

const V2ListQuery = z.object({
  scope: z
    .enum(["user", "public", "all"])
    .default("user")
    .openapi({ param: { name: "scope", in: "query" } }),
  archived: z
    .enum(["exclude", "only"])
    .default("exclude")
    .openapi({
      param: { name: "archived", in: "query" },
      description: "mock extension: `only` lists the caller's archived strategies (scope=user)",
    }),
});

const list = createRoute({
  method: "get",
  path: "/v2/strategies",
  tags,
  summary: "List strategies: the caller's own (default), the public catalog, or both",
  description:
    "`scope=user` (default): the caller's own, not archived, newest first. `scope=public`: the public catalog (public, not archived, completed strategies of every user, then the premade library). `scope=all`: both, without duplicates.",
  security: bearerSecurity,
  request: { query: V2ListQuery },
  responses: { 200: jsonResponse(z.array(StrategyV2Schema), "Strategies"), ...errorResponses(400, 401) },
});

const create = createRoute({
  method: "post",
  path: "/v2/strategies",
  tags,
  summary: "Create a strategy (private, never submitted: status 0, no versions)",
  description:
    "The objective may be sent as `objective` (as the guides do) or `description` (its v2 field name). Submit it to freeze the draft into a version and run it.",
  security: bearerSecurity,
  request: { body: { required: true, content: { "application/json": { schema: CreateStrategyV2Body } } } },
  responses: { 201: jsonResponse(StrategyV2Schema, "The created strategy"), ...errorResponses(400, 401) },
});

const get = createRoute({
  method: "get",
  path: "/v2/strategies/{id}",
  tags,
  summary: "Get a strategy (yours, a public one, or a premade one); the owner also sees it while archived",
  description:
    "`status` and `completed` roll up the active version's latest live run: poll until status is 100 (or negative).",
  security: bearerSecurity,
  request: { params: StrategyIdParams },
  responses: { 200: jsonResponse(StrategyV2Schema, "The strategy"), ...errorResponses(400, 401, 404) },
});

const patch = createRoute({
  method: "patch",
  path: "/v2/strategies/{id}",
  tags,
  summary: "Update the draft fields of a strategy (owner only)",
  description:
    "Edits `name` and/or the draft (`objective` or `description`, `exclusions`); `draft_version_id` becomes null when no saved version matches the new draft. Submit to freeze it into a new active version.",
  security: bearerSecurity,
  request: {
    params: StrategyIdParams,
    body: { required: true, content: { "application/json": { schema: PatchStrategyV2Body } } },
  },
  responses: { 200: jsonResponse(StrategyV2Schema, "The updated strategy"), ...errorResponses(400, 401, 403, 404) },
});

const submit = createRoute({
  method: "post",
  path: "/v2/strategies/{id}/submit",
  tags,
  summary: "Submit a LIVE or HISTORICAL run for a version of the strategy",
  description:
    "No `as_of_date` (or today, UTC): a LIVE run; a past date: a HISTORICAL run of the version's selection and scoring as of that date; a future date: 400. The version: `version_id`, or the one matching the draft (frozen into a new version when it changed) promoted to active. A completed run of the same version and date is kept unless `force`. Answers the version with the run state of that date; poll `GET /v2/strategies/{id}/versions/{versionId}?asOfDate=` (or the strategy, for a live run) until status is 100. 423 while that run (or the active version's live run) is still building.",
  security: bearerSecurity,
  request: {
    params: StrategyIdParams,
    body: { required: false, content: { "application/json": { schema: SubmitV2Body } } },
  },
  responses: {
    200: jsonResponse(StrategyVersionSchema, "Submission accepted: the version with the run state of its as-of date"),
    ...errorResponses(400, 401, 403, 404, 423),
  },
});

const versions = createRoute({
  method: "get",
  path: "/v2/strategies/{id}/versions",
  tags,
  summary: "Enumerate a strategy's versions (newest first)",
  description:
    "With rollup run state (latest run's status, `latest_run_date`, `runs_count`). The owner sees every version; others only the active one of a public strategy.",
  security: bearerSecurity,
  request: { params: StrategyIdParams },
  responses: { 200: jsonResponse(z.array(StrategyVersionSchema), "Versions"), ...errorResponses(400, 401, 404) },
});

const version = createRoute({
  method: "get",
  path: "/v2/strategies/{id}/versions/{versionId}",
  tags,
  summary: "Get a version's metadata and run state",
  description:
    "Without `asOfDate`: rollup run state. With it: the run of that date (`as_of_date` echoed, `status` null when there is none; rollup fields null).",
  security: bearerSecurity,
  request: { params: StrategyVersionParams, query: VersionQuery },
  responses: { 200: jsonResponse(StrategyVersionSchema, "The version"), ...errorResponses(400, 401, 404) },
});

const archiveRoute = (method: "post" | "delete", path: string) =>
  createRoute({
    method,
    path,
    tags,
    summary:
      method === "delete"
        ? "Archive (delete) a strategy: permanently deleted 30 days later unless revived"
        : "Archive a strategy (alias of DELETE)",
    description: "Sets `archived_at`; `permanent_delete_at` is 30 days later. Idempotent. Owner only.",
    security: bearerSecurity,
    request: { params: StrategyIdParams },
    responses: { 200: jsonResponse(StrategyV2Schema, "The archived strategy"), ...errorResponses(400, 401, 403, 404) },
  });

const revive = createRoute({
  method: "post",
  path: "/v2/strategies/{id}/revive",
  tags,
  summary: "Restore an archived strategy within 30 days (owner only)",
  description:
    "Clears `archived_at` and `permanent_delete_at`. 400 when the strategy is not archived; 404 once it has been permanently deleted.",
  security: bearerSecurity,
  request: { params: StrategyIdParams },
  responses: { 200: jsonResponse(StrategyV2Schema, "The revived strategy"), ...errorResponses(400, 401, 403, 404) },
});

/** v2 strategies and versions (docs/parity.md#strategy-v2, #versioning; real v2 reference "UserStrategies"). */
export const registerStrategyV2Routes: RouteModule = (app, ctx) => {
  app.openapi(list, (c) => {
    const q = c.req.valid("query");
    return c.json(listStrategiesV2(ctx, c.var.caller, q.scope, q.archived), 200);
  });
  app.openapi(create, (c) => {
    const body = c.req.valid("json");
    const input = { name: body.name, objective: body.objective ?? body.description ?? "", exclusions: body.exclusions };
    return c.json(presentStrategyV2(ctx, createStrategy(ctx, c.var.caller, input)), 201);
  });
  app.openapi(get, (c) => c.json(readStrategyV2(ctx, c.var.caller, c.req.valid("param").id), 200));
  app.openapi(patch, (c) => {
    const id = c.req.valid("param").id;
    rejectPremadeWrite(ctx, id);
    const { description, objective, ...rest } = c.req.valid("json");
    return c.json(
      presentStrategyV2(ctx, updateStrategy(ctx, c.var.caller, id, { ...rest, objective: objective ?? description })),
      200,
    );
  });
  app.openapi(submit, (c) => {
    const id = c.req.valid("param").id;
    rejectPremadeWrite(ctx, id);
    const body = SubmitV2Body.parse(c.req.valid("json"));
    const r = submitStrategy(ctx, c.var.caller, id, {
      asOfDate: body.as_of_date,
      versionId: body.version_id,
      force: body.force,
      createFactsheet: body.create_factsheet,
    });
    return c.json(presentVersion(r.strategy, r.version, ctx.clock.now(), "v2", r.asOfDate), 200);
  });
  app.openapi(versions, (c) => c.json(readVersionsV2(ctx, c.var.caller, c.req.valid("param").id), 200));
  app.openapi(version, (c) => {
    const p = c.req.valid("param");
    return c.json(readVersionV2(ctx, c.var.caller, p.id, p.versionId, c.req.valid("query").asOfDate), 200);
  });
  for (const route of [
    archiveRoute("post", "/v2/strategies/{id}/archive"),
    archiveRoute("delete", "/v2/strategies/{id}"),
  ]) {
    app.openapi(route, (c) => {
      const id = c.req.valid("param").id;
      rejectPremadeWrite(ctx, id);
      return c.json(presentStrategyV2(ctx, archiveStrategy(ctx, c.var.caller, id, "include")), 200);
    });
  }
  app.openapi(revive, (c) => {
    const id = c.req.valid("param").id;
    rejectPremadeWrite(ctx, id);
    return c.json(presentStrategyV2(ctx, reviveStrategy(ctx, c.var.caller, id)), 200);
  });
};
