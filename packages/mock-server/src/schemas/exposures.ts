import { z } from "@hono/zod-openapi";
import { companyIdMessage, CompanyIdSchema, UuidSchema } from "./common.ts";
import { LIMITS } from "./limits.ts";

/** The return windows of `POST /v2/strategies/exposures`. */
export const RETURN_DATE_RANGES = ["1-month", "6-month", "1-year", "5-year"] as const;
export type ReturnDateRange = (typeof RETURN_DATE_RANGES)[number];

const CompaniesWeight = z
  .record(z.string().openapi({ format: "uuid" }), z.number().min(0).max(1))
  .superRefine((weights, ctx) => {
    // Checked here rather than by the key schema, so that a bad key's 400 names it and says what it should be (zod's own says "Invalid key in record").
    for (const key of Object.keys(weights))
      if (!CompanyIdSchema.safeParse(key).success)
        ctx.addIssue({ code: "custom", path: [key], message: companyIdMessage(key) });
  })
  .refine((m) => Object.keys(m).length <= LIMITS.HOLDINGS_MAX_COUNT, `at most ${LIMITS.HOLDINGS_MAX_COUNT} companies`)
  .openapi({
    description: "The portfolio: company id → weight, each in [0, 1]",
    example: { "83d88f60-f581-4176-bb5c-e0b463d1d442": 0.5 },
  });

const StrategyIds = z.array(UuidSchema).max(LIMITS.HOLDINGS_MAX_COUNT).optional().openapi({
  description:
    "Strategies to score (user or premade ids). Empty or omitted: every strategy the caller can see (own and public, not archived, and the premade ones)",
});

/** Body of `POST /v1/strategies/strategies-exposures`. */
export const ExposuresBodyV1 = z
  .object({ companiesWeight: CompaniesWeight, strategyIds: StrategyIds })
  .openapi("StrategyExposuresRequestV1");

/** Body of `POST /v2/strategies/exposures`: v1's plus the return window. */
export const ExposuresBodyV2 = ExposuresBodyV1.extend({
  returnDateRange: z
    .enum(RETURN_DATE_RANGES)
    .default("1-year")
    .openapi({ description: "Window of `returns`: 1-month, 6-month, 1-year (default) or 5-year" }),
}).openapi("StrategyExposuresRequestV2");
export type ExposuresInput = z.infer<typeof ExposuresBodyV2>;

/** One strategy's exposure row (docs/maths.md#strategy-exposures). */
export const ExposureRowSchema = z
  .object({
    id: z.string().openapi({ format: "uuid" }),
    name: z.string(),
    overlap: z.number().openapi({ description: "Share of the strategy's companies the portfolio holds, in [0, 1]" }),
    exposure: z
      .number()
      .openapi({ description: "Share of the portfolio's weight in the strategy's companies, in [0, 1]" }),
    returns: z.number().openapi({
      description: "Total return of the strategy's conviction-weighted companies over the window (buy and hold)",
    }),
  })
  .openapi("StrategyExposure");
export type ExposureRow = z.infer<typeof ExposureRowSchema>;
