import { z } from "@hono/zod-openapi";
import { QueryBoolean, UuidSchema } from "./common.ts";
import { CompaniesQuery } from "./company.ts";
import { IsoDateSchema } from "./premade.ts";

/**
 * Body of POST /v2/strategies/{id}/submit (real v2 reference), every field optional; no body is
 * a LIVE run of the draft's version.
 */
export const SubmitV2Body = z
  .object({
    as_of_date: IsoDateSchema.optional().openapi({
      description: "Omitted or today (UTC): LIVE run; a past date: HISTORICAL run; a future date: 400",
    }),
    version_id: UuidSchema.optional().openapi({
      description:
        "The version to run; default: the version matching the draft (created if needed), promoted to active",
    }),
    force: z
      .boolean()
      .default(false)
      .openapi({ description: "Re-run even when a completed run exists for this version and date" }),
    priority: z.number().int().min(1).max(10).default(5).openapi({
      description: "Batch-queue priority of a HISTORICAL run, 1 to 10 (accepted; the mock runs every build at once)",
    }),
    create_factsheet: z.boolean().default(false).openapi({ description: "Ask for the factsheet of the resulting run" }),
  })
  .openapi("SubmitRequest");

/** Query selecting a run: `versionId` (default: the active version) and `asOfDate` (default: its latest completed run). */
export const RunQuery = z.object({
  asOfDate: IsoDateSchema.optional().openapi({
    param: { name: "asOfDate", in: "query" },
    description: "The as-of date of a run of the version; default: its latest completed run",
  }),
  versionId: UuidSchema.optional().openapi({
    param: { name: "versionId", in: "query" },
    description: "The version to read; default: the strategy's active version",
  }),
});

/** Query of a version read: `asOfDate` selects one run (date-scoped mode). */
export const VersionQuery = z.object({ asOfDate: RunQuery.shape.asOfDate });

/** Query of a v2 company list: run selection plus `includeReasoning` and `scoringMinMarketCap`. */
export const RunCompaniesQuery = RunQuery.extend(CompaniesQuery.shape);

/** Body of POST /strategies/{id}/factsheet, every field optional. */
export const FactsheetRequestBody = z
  .object({
    as_of_date: IsoDateSchema.optional().openapi({
      description: "The run's as-of date; default: the version's latest completed run",
    }),
    version_id: UuidSchema.optional().openapi({ description: "The version; default: the active version" }),
    force: z.boolean().default(false).openapi({ description: "Regenerate even when a factsheet exists for the run" }),
  })
  .openapi("FactsheetRequest");

/** Answer of GET factsheet when no PDF is ready (200), and of POST factsheet. */
export const FactsheetStatusSchema = z
  .object({
    status: z
      .enum(["generating", "not_requested"])
      .openapi({ description: "generating: asked for, not ready yet; not_requested: none asked for this run" }),
  })
  .openapi("FactsheetStatus");

/** Answer of POST factsheet: generation requested. */
export const FactsheetRequestedSchema = z.object({ status: z.literal("generating") }).openapi("FactsheetRequested");

/** Query of GET /v1/strategies/{id}/historical-data: the date (required) and the company-list options. */
export const UserHistoricalQuery = z.object({
  date: IsoDateSchema.openapi({ param: { name: "date", in: "query", required: true }, example: "2024-01-31" }),
  includeReasoning: QueryBoolean.optional().openapi({ param: { name: "includeReasoning", in: "query" } }),
  scoringMinMarketCap: CompaniesQuery.shape.scoringMinMarketCap,
});

/** Query of GET /v1/strategies/{id}/performance. */
export const PerformanceQuery = z.object({
  top: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(30)
    .openapi({
      param: { name: "top", in: "query" },
      type: "integer",
      description: "How many companies, by conviction, the NAV holds",
    }),
  min_market_cap: z.coerce
    .number()
    .int()
    .min(0)
    .default(0)
    .openapi({
      param: { name: "min_market_cap", in: "query" },
      type: "integer",
      description: "Companies below this market cap (USD) are left out",
    }),
});
