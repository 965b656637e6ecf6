import { createRoute } from "@hono/zod-openapi";
import type { RouteModule } from "../context/RouteModule.ts";
import {
  BenchmarkListSchema,
  BenchmarkParams,
  BenchmarkPricesQuery,
  BenchmarkPricesSchema,
} from "../schemas/benchmark.ts";
import { bearerSecurity, ErrorSchema, errorResponses } from "../schemas/common.ts";
import { benchmarkPrices } from "../services/benchmarks/benchmarkPrices.ts";
import { listBenchmarks } from "../services/benchmarks/listBenchmarks.ts";

const tags = ["Benchmarks"];

const list = createRoute({
  method: "get",
  path: "/v1/benchmarks",
  tags,
  summary:
    "Benchmarks (reading benchmark data): every symbol POST /v1/backtest accepts as `benchmark`, with its date range",
  security: bearerSecurity,
  responses: {
    200: { description: "Benchmarks", content: { "application/json": { schema: BenchmarkListSchema } } },
    ...errorResponses(401),
  },
});

const prices = createRoute({
  method: "get",
  path: "/v1/benchmarks/{symbol}",
  tags,
  summary: "Closes of one benchmark: daily, or weekly (last trading day of each ISO week); default the last 5 years",
  description:
    "`from` and `to` are inclusive YYYY-MM-DD dates (default: `to` the last date with a close, `from` 5 years before). The symbol is case-insensitive. 404 for an unknown symbol; 400 for a malformed date or `from` after `to`; a range with no trading day gives an empty `prices`.",
  security: bearerSecurity,
  request: { params: BenchmarkParams, query: BenchmarkPricesQuery },
  responses: {
    200: { description: "Prices", content: { "application/json": { schema: BenchmarkPricesSchema } } },
    ...errorResponses(400, 401),
    404: { description: "Unknown benchmark symbol", content: { "application/json": { schema: ErrorSchema } } },
  },
});

/** Benchmark data (docs/parity.md#other-endpoints: the tag "reading benchmark data"; the paths and shapes are this mock's design). */
export const registerBenchmarkRoutes: RouteModule = (app, ctx) => {
  app.openapi(list, (c) => c.json(listBenchmarks(ctx), 200));
  app.openapi(prices, (c) => c.json(benchmarkPrices(ctx, c.req.valid("param").symbol, c.req.valid("query")), 200));
};
