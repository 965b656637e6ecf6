// Argument schemas shared by several tools (the REST query/path rules as JSON-typed arguments, with descriptions for agents).
import { z } from "zod";
import { UuidSchema } from "../../schemas/common.ts";

/** A strategy id: a user strategy's, or (for the read tools) a premade strategy's. */
export const strategyIdField = UuidSchema.describe("Strategy id (uuid), as returned by list_strategies, create_strategy, list_premade_strategies or search_premade_strategies");

/** A user strategy id (write tools). */
export const userStrategyIdField = UuidSchema.describe("Id (uuid) of one of your own strategies, as returned by create_strategy or list_strategies");

/** A company id. */
export const companyIdField = UuidSchema.describe("Company id (uuid), as returned by get_strategy_companies or search_companies");

/** `includeReasoning` of a company list, as a JSON boolean. */
export const includeReasoningField = z.boolean().optional().describe("Add each company's `reasoning` (why it belongs to the strategy); default false");

/** `scoringMinMarketCap` of a company list. */
export const scoringMinMarketCapField = z
  .number()
  .min(0)
  .optional()
  .describe("Companies with a market cap below this (USD) get convictionScore 0; default 500000000");
