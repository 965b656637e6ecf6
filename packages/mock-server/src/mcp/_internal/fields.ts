// Argument schemas shared by several tools (the REST query/path rules as JSON-typed arguments, with descriptions for agents).
import { z } from "zod";
import { BacktestBody } from "../../schemas/backtest.ts";
import { LIMITS } from "../../schemas/limits.ts";

/**
 * A uuid argument (8-4-4-4-12 hex digits, the version digit not checked, as the REST API's ids)
 * whose error says what the id is and where an agent finds it, instead of zod's bare "Invalid
 * GUID": agents send a ticker or a name where an id belongs. Other issues (not a string) keep
 * zod's message.
 *
 * @example
 * idField("a company id", "search_companies").safeParse("AAPL").error?.issues[0]?.message
 * // => "Invalid GUID: a company id is a uuid such as 6f1c2b8e-3d4a-4b5c-9d6e-7f8091a2b3c4, not a ticker or a name; find it with search_companies"
 */
function idField(what: string, where: string) {
  const hint = `Invalid GUID: ${what} is a uuid such as 6f1c2b8e-3d4a-4b5c-9d6e-7f8091a2b3c4, not a ticker or a name; find it with ${where}`;
  return z.guid({ error: (issue) => (issue.code === "invalid_format" ? hint : undefined) });
}

/** A strategy id: a user strategy's, or (for the read tools) a premade strategy's. */
export const strategyIdField = idField(
  "a strategy id",
  "list_strategies, list_premade_strategies or search_premade_strategies",
).describe(
  "Strategy id (uuid), as returned by list_strategies, create_strategy, list_premade_strategies or search_premade_strategies",
);

/** A user strategy id (write tools). */
export const userStrategyIdField = idField("a strategy id", "list_strategies or create_strategy").describe(
  "Id (uuid) of one of your own strategies, as returned by create_strategy or list_strategies",
);

/** A company id. */
export const companyIdField = idField(
  "a company id",
  "search_companies (by name or ticker) or get_strategy_companies",
).describe("Company id (uuid), as returned by get_strategy_companies or search_companies");

/** `companyIds` of the optimizer tools: the REST body's rule (at most `LIMITS.COMPANY_IDS_MAX_COUNT` ids, or null), ids checked as {@link companyIdField}. */
export const companyIdsField = z.array(companyIdField).max(LIMITS.COMPANY_IDS_MAX_COUNT).nullable().optional();

/** `holdings` of the backtest tool: the REST body's rule (`BacktestBody`), each `companyId` checked as {@link companyIdField}. */
export const backtestHoldingsField = z
  .array(z.object({ ...BacktestBody.shape.holdings.element.shape, companyId: companyIdField }))
  .min(1)
  .max(LIMITS.BACKTEST_HOLDINGS_MAX_COUNT);

/** `includeReasoning` of a company list, as a JSON boolean. */
export const includeReasoningField = z
  .boolean()
  .optional()
  .describe("Add each company's `reasoning` (why it belongs to the strategy); default false");

/** `scoringMinMarketCap` of a company list. */
export const scoringMinMarketCapField = z
  .number()
  .min(0)
  .optional()
  .describe("Companies with a market cap below this (USD) get convictionScore 0; default 500000000");
