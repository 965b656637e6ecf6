import { createRoute, z } from "@hono/zod-openapi";
import type { RouteModule } from "../context/RouteModule.ts";
import { errorResponses, jsonResponse, StrategyIdParams } from "../schemas/common.ts";
import { CONTROL_REFUSALS } from "../schemas/controlRefusals.ts";
import { MockStatusSchema } from "../schemas/control.ts";
import { RateLimitSettingSchema } from "../schemas/rateLimitSetting.ts";
import {
  advanceClock,
  completeBuilds,
  mockStatus,
  resetMock,
  setNextBuildOutcome,
  updateSettings,
} from "../services/control.ts";

const body = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { "application/json": { schema } } },
});
const tags = ["Mock control"];
const refusals = CONTROL_REFUSALS;
/** The optional `{}` body of the control actions that take no parameter (a JSON content type is still required). */
const emptyBody = {
  body: { required: false, content: { "application/json": { schema: z.object({}).openapi("EmptyControlBody") } } },
};

const state = createRoute({
  method: "get",
  path: "/__mock/state",
  tags,
  summary: "Time, settings and running builds",
  responses: { 200: jsonResponse(MockStatusSchema, "Status"), 403: refusals[403] },
});
const reset = createRoute({
  method: "post",
  path: "/__mock/reset",
  tags,
  summary: "Reset state to the fixtures (and the clock offset to 0); send Content-Type: application/json and {}",
  request: emptyBody,
  responses: { 200: jsonResponse(MockStatusSchema, "Status after reset"), ...refusals },
});
const advance = createRoute({
  method: "post",
  path: "/__mock/clock/advance",
  tags,
  summary: "Move the mock's clock forward (builds progress, archives age)",
  request: body(
    z
      .object({
        ms: z
          .number()
          .int()
          .min(0)
          .max(10 * 365 * 86_400_000),
      })
      .openapi("AdvanceClockBody"),
  ),
  responses: { 200: jsonResponse(MockStatusSchema, "Status after the move"), ...refusals },
});
const complete = createRoute({
  method: "post",
  path: "/__mock/builds/complete",
  tags,
  summary: "End every running build now with its predetermined outcome; send Content-Type: application/json and {}",
  request: emptyBody,
  responses: {
    200: jsonResponse(z.object({ completed: z.number().int() }), "How many builds were ended"),
    ...refusals,
  },
});
const nextBuild = createRoute({
  method: "put",
  path: "/__mock/strategies/{id}/next-build",
  tags,
  summary: "Force the outcome of the strategy's next build (100 done, -1 error, -2 permanent failure; null clears)",
  request: {
    params: StrategyIdParams,
    ...body(
      z
        .object({ outcome: z.union([z.literal(100), z.literal(-1), z.literal(-2)]).nullable() })
        .openapi("NextBuildBody"),
    ),
  },
  responses: {
    200: jsonResponse(z.object({ id: z.string(), outcome: z.number().int().nullable() }), "The forced outcome"),
    ...refusals,
    ...errorResponses(404),
  },
});
const settings = createRoute({
  method: "put",
  path: "/__mock/settings",
  tags,
  summary: "Change run-time settings: latency of every request, duration of later builds (ms), the optional rate limit",
  request: body(
    z
      .strictObject({
        latencyMs: z.number().int().min(0).max(60_000).optional(),
        buildDurationMs: z.number().int().min(0).max(3_600_000).optional(),
        rateLimit: RateLimitSettingSchema.nullable().optional().openapi({
          description: "`{limit, windowSeconds}` per API key (429 with Retry-After beyond it), or null to turn it off",
        }),
      })
      .openapi("SettingsBody"),
  ),
  responses: { 200: jsonResponse(MockStatusSchema, "Status with the new settings"), ...refusals },
});

/**
 * The control surface under `/__mock/*` (no credential; not mounted when `controlEnabled` is
 * false): state, reset, clock advance, complete builds, force a build outcome, settings. Every
 * state-changing request must send `Content-Type: application/json` (a body of `{}` is enough)
 * and come from no browser page or an allowed one (`controlGuardMiddleware`).
 */
export const registerControlRoutes: RouteModule = (app, ctx) => {
  if (!ctx.options.controlEnabled) return;
  app.openapi(state, (c) => c.json(mockStatus(ctx), 200));
  app.openapi(reset, (c) => {
    resetMock(ctx);
    return c.json(mockStatus(ctx), 200);
  });
  app.openapi(advance, (c) => {
    advanceClock(ctx, c.req.valid("json").ms);
    return c.json(mockStatus(ctx), 200);
  });
  app.openapi(complete, (c) => c.json({ completed: completeBuilds(ctx) }, 200));
  app.openapi(nextBuild, (c) => {
    const { id } = c.req.valid("param");
    const { outcome } = c.req.valid("json");
    setNextBuildOutcome(ctx, id, outcome);
    return c.json({ id, outcome }, 200);
  });
  app.openapi(settings, (c) => {
    updateSettings(ctx, c.req.valid("json"));
    return c.json(mockStatus(ctx), 200);
  });
};
