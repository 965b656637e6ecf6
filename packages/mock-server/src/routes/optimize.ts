import { createRoute } from "@hono/zod-openapi";
import type { RouteModule } from "../context/RouteModule.ts";
import { bearerSecurity, ErrorSchema, jsonResponse, StrategyIdParams } from "../schemas/common.ts";
import { OptimizedPortfolioQuery, OptimizeQuery, OptimizerBody, OptimizerResultSchema } from "../schemas/optimizer.ts";
import { optimizeMeanCvar } from "../services/optimize/optimizeMeanCvar.ts";
import { optimizeScoreTilt } from "../services/optimize/optimizeScoreTilt.ts";
import { API_VERSIONS, type ApiVersion } from "./_internal/apiVersions.ts";

const tags = ["Optimizers"];
const responses = {
  200: jsonResponse(OptimizerResultSchema, "Optimizer result"),
  202: jsonResponse(
    ErrorSchema,
    "The strategy is still building: poll GET /v1/strategies/{id} until status is 100, then retry",
  ),
  400: jsonResponse(
    ErrorSchema,
    "A parameter out of bounds (named), a company id that is not a uuid or not in the strategy, or an infeasible set (the engine's message)",
  ),
  401: jsonResponse(ErrorSchema, "Missing, malformed, unknown or inactive API key"),
  404: jsonResponse(ErrorSchema, "Neither a user strategy visible to the caller nor a premade strategy"),
  409: jsonResponse(
    ErrorSchema,
    "The strategy was never submitted, or its latest build failed (mock decision: polling would never end)",
  ),
  429: jsonResponse(
    ErrorSchema,
    "Standalone server: every optimizer worker is busy and the queue is full (--optimizer-queue); retry after the Retry-After seconds",
  ),
  503: jsonResponse(
    ErrorSchema,
    "Standalone server: the solve did not finish within --optimizer-seconds (queue wait included) and was stopped",
  ),
};
const request = {
  params: StrategyIdParams,
  body: { required: false, content: { "application/json": { schema: OptimizerBody } } },
};

const optimize = (v: ApiVersion) =>
  createRoute({
    method: "post",
    path: `/${v}/strategies/{id}/optimize`,
    tags,
    summary: "Score-tilt weights over a strategy's companies (user strategy or premade id)",
    security: bearerSecurity,
    request: { ...request, query: OptimizeQuery },
    responses,
  });

const optimized = createRoute({
  method: "post",
  path: "/v1/strategies/{id}/optimized-portfolio",
  tags,
  summary: "Mean-CVaR optimized portfolio of a strategy's companies (user strategy or premade id)",
  security: bearerSecurity,
  request: { ...request, query: OptimizedPortfolioQuery },
  responses,
});

/**
 * The two optimizers (docs/parity.md#optimizer-result, #user-strategy-endpoints; real-service notes "Optimize", "Optimized portfolio"):
 * score-tilt `optimize` in v1 and v2 (docs/parity.md), mean-CVaR `optimized-portfolio` in v1.
 */
export const registerOptimizeRoutes: RouteModule = (app, ctx) => {
  for (const v of API_VERSIONS) {
    app.openapi(optimize(v), async (c) =>
      c.json(
        await optimizeScoreTilt(
          ctx,
          c.var.caller,
          c.req.valid("param").id,
          c.req.valid("query"),
          c.req.valid("json"),
          c.req.raw.signal,
        ),
        200,
      ),
    );
  }
  app.openapi(optimized, async (c) =>
    c.json(
      await optimizeMeanCvar(
        ctx,
        c.var.caller,
        c.req.valid("param").id,
        c.req.valid("query"),
        c.req.valid("json"),
        c.req.raw.signal,
      ),
      200,
    ),
  );
};
