import { z } from "@hono/zod-openapi";
import { LIMITS } from "./limits.ts";
import { IsoDateSchema } from "./premade.ts";

/** One benchmark the backtest accepts (`benchmark` symbol). */
export const BenchmarkSchema = z
  .object({
    symbol: z.string().openapi({ example: "SPY" }),
    name: z.string(),
    description: z.string(),
    first_date: z.string().openapi({ format: "date", description: "First date with a close (YYYY-MM-DD)" }),
    last_date: z.string().openapi({ format: "date", description: "Last date with a close (YYYY-MM-DD)" }),
  })
  .openapi("Benchmark");
export type BenchmarkOut = z.infer<typeof BenchmarkSchema>;

export const BenchmarkListSchema = z.object({ benchmarks: z.array(BenchmarkSchema) }).openapi("BenchmarkList");

/** Path parameter `{symbol}` (case-insensitive). */
export const BenchmarkParams = z.object({
  symbol: z
    .string()
    .min(1)
    .max(LIMITS.SYMBOL_MAX)
    .openapi({ param: { name: "symbol", in: "path" }, example: "SPY" }),
});

/** Query of a benchmark's prices: an inclusive date range (default: the last 5 years) and the sampling. */
export const BenchmarkPricesQuery = z.object({
  from: IsoDateSchema.optional().openapi({
    param: { name: "from", in: "query" },
    description: "First date, inclusive (default: 5 years before `to`)",
  }),
  to: IsoDateSchema.optional().openapi({
    param: { name: "to", in: "query" },
    description: "Last date, inclusive (default: the last date with a close)",
  }),
  interval: z
    .enum(["daily", "weekly"])
    .default("weekly")
    .openapi({
      param: { name: "interval", in: "query" },
      description: "daily: every trading day; weekly (default): the last trading day of each ISO week in the range",
    }),
});
export type BenchmarkPricesInput = z.infer<typeof BenchmarkPricesQuery>;

/** A benchmark's closes in a range. */
export const BenchmarkPricesSchema = z
  .object({
    symbol: z.string(),
    interval: z.enum(["daily", "weekly"]),
    prices: z
      .array(z.tuple([z.number(), z.number()]))
      .openapi({ description: "[unixSeconds at 00:00 UTC, close] ascending" }),
  })
  .openapi("BenchmarkPrices");
export type BenchmarkPricesOut = z.infer<typeof BenchmarkPricesSchema>;
