import { z } from "zod";
import { CompanySchema } from "../../schemas/company.ts";
import { IsoDateSchema } from "../../schemas/premade.ts";
import { StrategyPerformanceSchema } from "../../schemas/performance.ts";
import { UuidSchema } from "../../schemas/common.ts";
import { readFactsheet } from "../../services/factsheets/readFactsheet.ts";
import { presignFactsheet } from "../../services/factsheets/presignedFactsheet.ts";
import { strategyPerformanceReport } from "../../services/performance/strategyPerformanceReport.ts";
import { historicalData } from "../../services/premade/historicalData.ts";
import { readRun } from "../../services/runs/readRun.ts";
import { runCompanies } from "../../services/runs/runCompanies.ts";
import { userHistoricalData } from "../../services/runs/userHistoricalData.ts";
import { addTool } from "../_internal/addTool.ts";
import { includeReasoningField, scoringMinMarketCapField, strategyIdField } from "../_internal/fields.ts";
import { isPremadeId } from "../_internal/isPremadeId.ts";
import type { ToolGroup } from "../_internal/ToolEnv.ts";

const asOfDateField = IsoDateSchema.optional().describe(
  "As-of date YYYY-MM-DD of a run (default: the latest completed run)",
);
const versionIdField = UuidSchema.optional().describe(
  "Version id (uuid) from get_strategy's active_version_id (default: the active version)",
);

/**
 * The analytics tools (the real MCP server reads "factsheets, and historical analytics"):
 * `get_strategy_factsheet`, `get_strategy_historical_data`, `get_strategy_performance`. Same
 * services and visibility rules as the REST routes (`/strategies/{id}/factsheet`,
 * `/historical-data`, `/performance`).
 */
export const registerAnalyticsTools: ToolGroup = (server, env) => {
  const { ctx, caller } = env;

  addTool(
    server,
    env,
    "get_strategy_factsheet",
    {
      title: "Factsheet of a strategy",
      description:
        "The factsheet (a one-page PDF: objective, top holdings by conviction with their signals, sector mix) of a strategy's run: yours, a " +
        "public one or a premade one. status 'ready' gives the PDF's path on the REST API (GET it with the same key) and a summary of " +
        "what it shows; 'generating' means it was asked for and is not ready yet; 'not_requested' means none exists for that run.",
      inputSchema: { strategyId: strategyIdField, asOfDate: asOfDateField, versionId: versionIdField },
      outputSchema: {
        status: z.enum(["ready", "generating", "not_requested"]),
        pdfPath: z.string().optional(),
        asOfDate: z.string().optional(),
        versionId: z.string().optional(),
        topHoldings: z
          .array(z.object({ symbol: z.string(), name: z.string(), convictionScore: z.number().nullable() }))
          .optional(),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ strategyId, asOfDate, versionId }) => {
      const read = readFactsheet(ctx, caller, strategyId, { asOfDate, versionId }, "include");
      if (read.status !== "ready") {
        return {
          result: { status: read.status },
          hint:
            read.status === "generating"
              ? "Generating: call get_strategy_factsheet again in a few seconds."
              : "No factsheet for this run (the owner can ask for one with POST /v2/strategies/{id}/factsheet).",
        };
      }
      const companies = runCompanies(
        ctx,
        readRun(ctx, caller, strategyId, { asOfDate: read.asOfDate, versionId: read.versionId }),
        {},
      );
      return {
        result: {
          status: "ready",
          pdfPath: await presignFactsheet(ctx, caller, {
            api: "v2",
            strategyId,
            versionId: read.versionId,
            asOfDate: read.asOfDate,
          }),
          asOfDate: read.asOfDate,
          versionId: read.versionId,
          topHoldings: companies
            .slice(0, 10)
            .map((c) => ({ symbol: c.symbol, name: c.name, convictionScore: c.convictionScore })),
        },
      };
    },
  );

  addTool(
    server,
    env,
    "get_strategy_historical_data",
    {
      title: "Companies of a strategy as of a past date",
      description:
        "The companies a strategy held as of a date (YYYY-MM-DD, not in the future), ranked by conviction with that date's signals: for a " +
        "premade strategy, one of its dated runs; for yours or a public one, the run of that date (or the selection and scoring as of that " +
        "date). Compare with get_strategy_companies to see how the holdings changed.",
      inputSchema: {
        strategyId: strategyIdField,
        date: IsoDateSchema.describe("The as-of date, YYYY-MM-DD"),
        includeReasoning: includeReasoningField,
        scoringMinMarketCap: scoringMinMarketCapField,
      },
      outputSchema: { companies: z.array(CompanySchema) },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ strategyId, date, includeReasoning, scoringMinMarketCap }) => {
      const options = { includeReasoning, scoringMinMarketCap };
      const companies = isPremadeId(ctx, strategyId)
        ? historicalData(ctx, strategyId, date, options)
        : userHistoricalData(ctx, caller, strategyId, date, options);
      return { result: { companies } };
    },
  );

  addTool(
    server,
    env,
    "get_strategy_performance",
    {
      title: "Performance of a strategy",
      description:
        "How one of your (or a public) built strategies would have performed: the conviction-weighted buy-and-hold value of its top companies " +
        "over the last 5 years, from 10000, weekly [unixSeconds, value] points, with returns, annualizedReturn, variance, sharpeRatio and " +
        "maxDrawdown. Empty until the strategy is built.",
      inputSchema: {
        strategyId: UuidSchema.describe("Id (uuid) of a user strategy (yours or a public one)"),
        top: z
          .number()
          .int()
          .min(1)
          .max(1000)
          .optional()
          .describe("How many companies by conviction to hold; default 30"),
        min_market_cap: z
          .number()
          .int()
          .min(0)
          .optional()
          .describe("Leave out companies below this market cap (USD); default 0"),
      },
      outputSchema: StrategyPerformanceSchema.shape,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ strategyId, top, min_market_cap }) => ({
      result: strategyPerformanceReport(ctx, caller, strategyId, { top: top ?? 30, minMarketCap: min_market_cap ?? 0 }),
    }),
  );
};
