import { z } from "@hono/zod-openapi";

/** v1 performance metadata (docs/parity.md#performance-object). */
export const PerformanceMetadataSchema = z
  .object({
    returns: z.number(),
    annualizedReturn: z.number(),
    variance: z.number(),
    sharpeRatio: z.number(),
    maxDrawdown: z.number(),
    stockCount: z.number().int(),
    weekCount: z.number().int(),
  })
  .openapi("PerformanceMetadata");

/** Conviction-weighted NAV sparkline: `timeSeries` is `[unixSeconds, nav]` weekly points from 10000 (docs/parity.md#performance-object). */
export const PerformanceSchema = z
  .object({
    timeSeries: z.array(z.array(z.number())),
    metadata: PerformanceMetadataSchema,
  })
  .openapi("Performance");
/** The conviction-weighted NAV sparkline of a strategy, as the zod schema `PerformanceSchema` validates it. */
export type Performance = z.infer<typeof PerformanceSchema>;

/**
 * Answer of GET /v1/strategies/{id}/performance: the NAV series and its statistics (the fields of
 * {@link PerformanceMetadataSchema}); both empty while the strategy has no finished build.
 */
export const StrategyPerformanceSchema = z
  .object({
    metadata: PerformanceMetadataSchema.partial(),
    timeSeries: z.array(z.array(z.number())).openapi({ description: "[unixSeconds, nav] weekly points from 10000" }),
  })
  .openapi("StrategyPerformance");
