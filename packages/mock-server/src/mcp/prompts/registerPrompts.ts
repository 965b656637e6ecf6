import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { UuidSchema } from "../../schemas/common.ts";

/** Argument texts are bounded like the REST API's objective (a prompt is text for a model, not a place for a document). */
const text = (max: number, what: string) => z.string().trim().min(1).max(max).describe(what);

const user = (lines: string[]) => ({
  messages: [{ role: "user" as const, content: { type: "text" as const, text: lines.join("\n") } }],
});

/**
 * The MCP prompts (`prompts/list`, `prompts/get`): reusable instructions that walk an agent
 * through the service's usual workflows with this server's own tools. The real service offers
 * prompts too; their names and texts are not public, so these are the mock's own (docs/parity.md).
 * Each takes string arguments (the MCP prompt argument type), validated like the REST inputs.
 *
 * - `build_thematic_strategy` (theme, exclusions?): from an idea to a backtested portfolio.
 * - `review_strategy` (strategyId): what a strategy holds and why, by conviction band.
 * - `compare_to_benchmark` (strategyId, benchmark?, years?): an optimized portfolio against a benchmark.
 *
 * @example
 * registerPrompts(server); // prompts/list then answers three prompts
 */
export function registerPrompts(server: McpServer): void {
  server.registerPrompt(
    "build_thematic_strategy",
    {
      title: "Build a thematic strategy",
      description: "From an investment idea to a built strategy, an optimized portfolio and its backtest against SPY",
      argsSchema: {
        theme: text(
          2000,
          "The investment theme in plain language, e.g. 'companies building grid-scale battery storage'",
        ),
        exclusions: text(
          2000,
          "Optional phrases to leave out, separated by semicolons, e.g. 'tobacco; weapons'",
        ).optional(),
      },
    },
    ({ theme, exclusions }) =>
      user([
        `Build an investment strategy for this theme: ${theme}`,
        exclusions === undefined
          ? "No exclusions."
          : `Exclude: ${exclusions
              .split(";")
              .map((e) => e.trim())
              .filter((e) => e !== "")
              .join("; ")}.`,
        "",
        "1. Call search_premade_strategies with the theme; if a match has similarity above 0.8, say so and offer it before building a new one.",
        "2. Call enhance_objective with the theme to sharpen the objective, then create_strategy with it (and the exclusions as a list).",
        "3. Call build_strategy with the new strategy's id (as a task if your client supports tasks; it finishes when the build does).",
        "4. Call get_strategy_companies and list the ten companies with the highest convictionScore, with their marketBuzz and linguisticBeta.",
        "5. Call optimized_portfolio for the strategy and show the weights.",
        "6. Call backtest with those weights (companyId and weight), 5 years, benchmark SPY; report total return, CAGR, volatility, Sharpe ratio and maximum drawdown of both.",
        "All market data of this service are synthetic when it is the local mock; say so in your summary.",
      ]),
  );

  server.registerPrompt(
    "review_strategy",
    {
      title: "Review a strategy",
      description:
        "What a strategy holds and why: its companies by conviction band, with the evidence behind the strongest",
      argsSchema: {
        strategyId: UuidSchema.describe("Id (uuid) of a strategy you can see: your own, a public one or a premade one"),
      },
    },
    ({ strategyId }) =>
      user([
        `Review the strategy ${strategyId}.`,
        "1. Call get_strategy for its name, objective, exclusions and status (if status is not 100, say it is not built and stop).",
        "2. Call get_strategy_companies with includeReasoning true.",
        "3. Group the companies by conviction band: high (convictionScore above 0.5), moderate (0.2 to 0.5), low (below 0.2); count each band.",
        "4. For the five highest-conviction companies, call get_strategy_company and summarise the reasoning and the newest evidence.",
        "5. Point out companies whose inclusion looks weak (low linguisticBeta, tangential to the theme) and whether an exclusion would remove them.",
      ]),
  );

  server.registerPrompt(
    "compare_to_benchmark",
    {
      title: "Compare a strategy with a benchmark",
      description: "Backtest a strategy's optimized portfolio against a benchmark and explain the difference",
      argsSchema: {
        strategyId: UuidSchema.describe("Id (uuid) of a built strategy you can see"),
        benchmark: text(32, "Benchmark symbol; default SPY").optional(),
        years: z
          .string()
          .regex(/^(?:[1-9]|1\d|20)$/, "a whole number of years from 1 to 20")
          .optional()
          .describe("Years of history, 1 to 20; default 5"),
      },
    },
    ({ strategyId, benchmark, years }) =>
      user([
        `Compare the strategy ${strategyId} with ${benchmark ?? "SPY"} over ${years ?? "5"} years.`,
        "1. Call optimize_strategy for the strategy (signal convictionScore) to get its weights; if it answers 202 the strategy is still building: wait and retry.",
        `2. Call backtest with those weights, years ${years ?? "5"} and benchmark ${benchmark ?? "SPY"}.`,
        "3. Report both series' total return, CAGR, volatility, Sharpe ratio and maximum drawdown side by side, and any warnings.",
        "4. Explain where the strategy beat or lagged the benchmark (largest drawdown periods, the holdings with the largest weights).",
      ]),
  );
}
