import { z } from "zod";

/** An optional rate limit: `limit` requests per `windowSeconds` per API key. */
export interface RateLimitSetting {
  limit: number;
  windowSeconds: number;
}

/** Bounds of a {@link RateLimitSetting} (the CLI, the options and the control surface check the same). */
export const RateLimitSettingSchema = z.object({
  limit: z.number().int().min(1).max(1_000_000),
  windowSeconds: z.number().int().min(1).max(86_400),
});
