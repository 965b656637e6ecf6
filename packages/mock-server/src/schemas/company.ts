import { z } from "@hono/zod-openapi";
import { QueryBoolean } from "./common.ts";

/** A strategy holding (docs/parity.md#company-holding). `reasoning` only with `includeReasoning=true`. */
export const CompanySchema = z
  .object({
    id: z.string().openapi({ format: "uuid" }),
    symbol: z.string(),
    name: z.string(),
    isin: z.string().nullable(),
    exchange: z.string(),
    market: z.string().nullable(),
    sector: z.string().nullable(),
    industry: z.string().nullable(),
    marketCap: z.number().nullable(),
    volAvg: z.number().nullable(),
    linguisticBeta: z.number(),
    marketBuzz: z.number(),
    active: z.boolean(),
    figi: z.string().nullable(),
    mic: z.string().nullable(),
    reasoning: z.string().nullable().optional(),
    convictionScore: z.number().nullable(),
  })
  .openapi("Company");
/** A company as the API answers it, as the zod schema `CompanySchema` validates it. */
export type CompanyOut = z.infer<typeof CompanySchema>;

/** Evidence for one company (docs/parity.md#company-evidence). */
export const EvidenceSchema = z
  .object({
    isIncluded: z.boolean(),
    reasoning: z.string(),
    summaries: z.array(z.object({ provider: z.string(), pubDate: z.number().int(), text: z.string() })),
  })
  .openapi("CompanyEvidence");
/** One piece of evidence for a company in a strategy, as the zod schema `EvidenceSchema` validates it. */
export type EvidenceOut = z.infer<typeof EvidenceSchema>;

/** Query of a company list: reasoning on demand, and the conviction market-cap floor (USD, default 500000000). */
export const CompaniesQuery = z.object({
  includeReasoning: QueryBoolean.optional().openapi({ param: { name: "includeReasoning", in: "query" } }),
  scoringMinMarketCap: z.coerce
    .number()
    .finite()
    .min(0)
    .optional()
    .openapi({ param: { name: "scoringMinMarketCap", in: "query" }, type: "number", example: 500000000 }),
});
