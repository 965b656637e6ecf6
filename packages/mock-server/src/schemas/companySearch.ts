import { z } from "@hono/zod-openapi";
import { LIMITS } from "./limits.ts";

/** Body of `POST /v1/helper/companies/search` (docs/parity.md#company-lookup). */
export const CompanySearchBody = z
  .object({
    query: z
      .string()
      .max(LIMITS.QUERY_MAX)
      .refine((s) => s.trim().length > 0, "must not be blank")
      .openapi({
        description: "Partial or full company name, ticker, ISIN or FIGI (case-insensitive)",
        example: "US0378331005",
      }),
    limit: z
      .number()
      .int()
      .min(1)
      .default(10)
      .openapi({ description: "At most this many results (>= 1, default 10); never more than 10" }),
  })
  .openapi("CompanySearchRequest");
export type CompanySearchInput = z.infer<typeof CompanySearchBody>;

/** One active listing (snake_case like the rest of the search payload). */
export const SearchSecuritySchema = z
  .object({
    is_primary: z.boolean(),
    symbol: z.string(),
    isin: z.string(),
    figi: z.string().nullable().openapi({
      description: "FIGI of the listing; null when the mock does not know it (the real companies of the fixtures)",
    }),
    market: z.string(),
    exchange: z.string(),
  })
  .openapi("CompanySearchSecurity");

/** One search result (docs/parity.md#company-search-result): only active securities, primary first. */
export const CompanySearchResultSchema = z
  .object({
    id: z.string().openapi({ format: "uuid" }),
    name: z.string(),
    securities: z.array(SearchSecuritySchema),
    market_cap: z.number(),
    sector: z.string(),
    industry: z.string(),
  })
  .openapi("CompanySearchResult");
export type CompanySearchResult = z.infer<typeof CompanySearchResultSchema>;

/** The search response: `results`, best first. */
export const CompanySearchResponseSchema = z
  .object({ results: z.array(CompanySearchResultSchema) })
  .openapi("CompanySearchResponse");
