import { createRoute } from "@hono/zod-openapi";
import type { RouteModule } from "../context/RouteModule.ts";
import { BacktestBody, type BacktestResultOut, BacktestResultSchema } from "../schemas/backtest.ts";
import { bearerSecurity, errorResponses } from "../schemas/common.ts";
import type { TypedResponse } from "hono";
import type { JSONParsed } from "hono/utils/types";
import { backtestJson } from "../services/backtest/backtestJson.ts";
import { prepareBacktestPrices } from "../services/backtest/prepareBacktestPrices.ts";
import { API_VERSIONS, type ApiVersion } from "./_internal/apiVersions.ts";

const backtest = (v: ApiVersion) =>
  createRoute({
    method: "post",
    path: `/${v}/backtest`,
    tags: ["Backtest"],
    summary: "Buy-and-hold backtest of weighted company holdings against a benchmark (nothing saved)",
    description:
      "Each company is held through its primary active listing (a delisted company through its last primary listing: converted to cash at its last close, with a warning). Unknown companies are dropped with a warning. Weekly points (last trading day of each ISO week) ending on the data's as-of date; NAV and benchmark rebased to 10000, each point rounded to cents as the real service answers (statistics from the unrounded NAV); `weekCount` is 52 × years. `benchmark` is any listed symbol: a benchmark ETF (GET /v1/benchmarks) or an active company ticker. 400 when the benchmark is neither (the error says where to look), no company can be priced, or the price data is insufficient.",
    security: bearerSecurity,
    request: { body: { required: true, content: { "application/json": { schema: BacktestBody } } } },
    responses: {
      200: { description: "The backtest", content: { "application/json": { schema: BacktestResultSchema } } },
      ...errorResponses(400, 401),
    },
  });

/** Backtest (docs/parity.md#backtest-endpoint, #backtest-result), in v1 and v2 (docs/parity.md): the text of `backtestJson`, typed like `c.json(result, 200)`. */
export const registerBacktestRoutes: RouteModule = (app, ctx) => {
  for (const v of API_VERSIONS) {
    app.openapi(backtest(v), async (c) => {
      await prepareBacktestPrices(ctx); // the first backtest prepares the prices without holding the event loop
      return c.body(backtestJson(ctx, c.req.valid("json")), 200, {
        "Content-Type": "application/json",
      }) as unknown as Response & TypedResponse<JSONParsed<BacktestResultOut>, 200, "json">;
    });
  }
};
