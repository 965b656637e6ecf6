import { z } from "@hono/zod-openapi";
import { RateLimitSettingSchema } from "./rateLimitSetting.ts";

/** The control surface's view of the mock (`GET /__mock/state`, the answer of every control action). */
export const MockStatusSchema = z
  .object({
    now: z.string(),
    clockOffsetMs: z.number(),
    latencyMs: z.number(),
    buildDurationMs: z.number(),
    rateLimit: RateLimitSettingSchema.nullable().openapi({
      description: "The optional rate limit per API key; null: off",
    }),
    runningBuilds: z.number().int(),
    strategies: z.number().int(),
  })
  .openapi("MockStatus");

/** The control surface's view of the mock: time, settings and build activity. */
export type MockStatus = z.infer<typeof MockStatusSchema>;
