import { createRoute, z } from "@hono/zod-openapi";
import type { RouteModule } from "../context/RouteModule.ts";
import { ApiError } from "../errors/ApiError.ts";
import { bearerSecurity, errorResponses } from "../schemas/common.ts";
import { ExposureRowSchema, ExposuresBodyV1, ExposuresBodyV2 } from "../schemas/exposures.ts";
import { strategyExposures } from "../services/exposures/strategyExposures.ts";

const description =
  "One row per strategy, by descending exposure: `exposure` = share of the portfolio's weight in the strategy's companies, `overlap` = share of the strategy's companies the portfolio holds, `returns` = buy-and-hold return of the strategy's conviction-weighted companies over the window ending on the data's as-of date (docs/maths.md#strategy-exposures). Without `strategyIds`, every strategy the caller can see (own and public, not archived) and the premade ones. 404 for a strategy id the caller cannot see.";
const responses = (v: string) => ({
  200: {
    description: `Per-strategy exposure rows (${v})`,
    content: { "application/json": { schema: z.array(ExposureRowSchema) } },
  },
  ...errorResponses(400, 401, 404),
});

const v1 = createRoute({
  method: "post",
  path: "/v1/strategies/strategies-exposures",
  tags: ["Strategies"],
  summary: "Exposure and overlap of a portfolio across strategies (1-year returns)",
  description,
  security: bearerSecurity,
  request: { body: { required: true, content: { "application/json": { schema: ExposuresBodyV1 } } } },
  responses: responses("v1"),
});

const v2 = createRoute({
  method: "post",
  path: "/v2/strategies/exposures",
  tags: ["Strategies"],
  summary: "Per-strategy exposure/overlap of a portfolio across visible strategies",
  description,
  security: bearerSecurity,
  request: { body: { required: true, content: { "application/json": { schema: ExposuresBodyV2 } } } },
  responses: responses("v2"),
});

/**
 * Strategy exposures of a portfolio (docs/parity.md: v1 `strategies-exposures`, v2 `exposures`).
 * Registered before the strategy routes: their paths would otherwise read as `/strategies/{id}`
 * for the other methods (400 "path.id: Invalid GUID"); those methods are 405 here, with `Allow: POST`.
 */
export const registerExposureRoutes: RouteModule = (app, ctx) => {
  for (const path of [v1.path, v2.path]) {
    app.on(["GET", "PUT", "PATCH", "DELETE"], path, (c) => {
      throw new ApiError(
        405,
        `${c.req.method} ${path} is not supported: send POST with {companiesWeight, strategyIds}`,
        { headers: { Allow: "POST" } },
      );
    });
  }
  app.openapi(v1, (c) =>
    c.json(strategyExposures(ctx, c.var.caller, { ...c.req.valid("json"), returnDateRange: "1-year" }), 200),
  );
  app.openapi(v2, (c) => c.json(strategyExposures(ctx, c.var.caller, c.req.valid("json")), 200));
};
