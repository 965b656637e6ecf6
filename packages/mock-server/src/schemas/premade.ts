import { z } from "@hono/zod-openapi";
import { CompaniesQuery, CompanySchema, EvidenceSchema } from "./company.ts";
import { LIMITS } from "./limits.ts";
import { StrategyV1Schema } from "./strategy.ts";

/** Body of `POST /v1/premade-strategies/search`: a natural-language objective, not blank, at most `LIMITS.OBJECTIVE_MAX` characters. */
export const PremadeSearchBody = z
  .object({
    objective: z
      .string()
      .max(LIMITS.OBJECTIVE_MAX)
      .refine((s) => s.trim().length > 0, "must not be blank")
      .openapi({ example: "companies that make the chips and servers used to train large language models" }),
  })
  .openapi("PremadeSearchRequest");
export type PremadeSearchInput = z.infer<typeof PremadeSearchBody>;

/** One search match (docs/parity.md#premade-search-match). */
export const PremadeMatchSchema = z
  .object({
    similarity: z
      .number()
      .min(0)
      .max(1)
      .openapi({ description: "Lexical-semantic similarity in [0, 1], deterministic" }),
    strategy: StrategyV1Schema,
  })
  .openapi("PremadeMatch");

/** Search result: every premade strategy, by descending similarity (ties by name). */
export const PremadeSearchResultSchema = z
  .object({ matches: z.array(PremadeMatchSchema) })
  .openapi("PremadeSearchResult");
export type PremadeSearchResult = z.infer<typeof PremadeSearchResultSchema>;

/** One entry of `GET /v1/premade-strategies/{id}/evidences`: the single-company evidence (2.9) plus its company id. */
export const EvidenceEntrySchema = EvidenceSchema.extend({ companyId: z.string().openapi({ format: "uuid" }) }).openapi(
  "CompanyEvidenceEntry",
);
export type EvidenceEntry = z.infer<typeof EvidenceEntrySchema>;

/** All evidence of a premade strategy: included constituents plus considered-and-rejected candidates (`isIncluded: false`). */
export const EvidencesSchema = z.object({ evidences: z.array(EvidenceEntrySchema) }).openapi("CompanyEvidences");

/** Dates (`YYYY-MM-DD`, ascending) that have a completed historical run. */
export const AvailableDatesSchema = z.object({ available_dates: z.array(z.string()) }).openapi("AvailableDates");

/** A `YYYY-MM-DD` calendar date that exists (2025-02-30 is rejected). */
export const IsoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date YYYY-MM-DD")
  .refine((s) => {
    const t = Date.parse(`${s}T00:00:00Z`);
    return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === s;
  }, "must be a real calendar date")
  .openapi({ format: "date", example: "2026-09-30" });

/** Query of the historical data: the run date (one of `available_dates`), reasoning on demand and the conviction market-cap floor. */
export const HistoricalQuery = z.object({
  date: IsoDateSchema.openapi({ param: { name: "date", in: "query", required: true } }),
  includeReasoning: CompaniesQuery.shape.includeReasoning,
  scoringMinMarketCap: CompaniesQuery.shape.scoringMinMarketCap,
});

/** A company list of a premade strategy (docs/parity.md#company-holding), conviction ranked. */
export const PremadeCompaniesSchema = z.array(CompanySchema);
