import { z } from "zod";
import { PortfolioBodySchema, PortfolioListItemSchema, PortfolioSchema } from "../../schemas/portfolio.ts";
import { listPortfolios } from "../../services/portfolios/listPortfolios.ts";
import { savePortfolio } from "../../services/portfolios/savePortfolio.ts";
import { addTool } from "../_internal/addTool.ts";
import type { ToolGroup } from "../_internal/ToolEnv.ts";

/** `list_portfolios`, `save_portfolio` (docs/parity.md#portfolio-endpoints), on the services of `routes/portfolios.ts`. */
export const registerPortfolioTools: ToolGroup = (server, env) => {
  const { ctx, caller } = env;

  addTool(
    server,
    env,
    "list_portfolios",
    {
      title: "List saved portfolios",
      description:
        "Your saved portfolios plus every public one, most recently updated first, without holdings (user_id is null on portfolios that are not yours).",
      inputSchema: {},
      outputSchema: { portfolios: z.array(PortfolioListItemSchema) },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    () => ({ result: { portfolios: listPortfolios(ctx, caller) } }),
  );

  const shape = PortfolioBodySchema.shape;
  addTool(
    server,
    env,
    "save_portfolio",
    {
      title: "Save a portfolio",
      description:
        "Save weighted holdings as a named portfolio. If you already have a portfolio with this name it is overwritten (its holdings " +
        "are replaced); otherwise a new one is created (created: true). Identify each holding by security_id, or symbol (optionally " +
        "with exchange), or org_id (a company id, e.g. from get_strategy_companies: its primary listing is used).",
      inputSchema: {
        name: shape.name.describe("Portfolio name (your portfolio of the same name is overwritten)"),
        holdings: shape.holdings.describe(
          "1 to 1000 holdings: {weight >= 0, and security_id | symbol (+ exchange) | org_id}; weights must not all be 0",
        ),
        public: shape.public.describe("Visible to every user (default false)"),
        tags: shape.tags.describe("Optional tags"),
        source: shape.source.describe("Optional free text: where the weights come from"),
        metadata: shape.metadata.describe("Optional JSON object stored as given"),
      },
      outputSchema: { created: z.boolean(), portfolio: PortfolioSchema },
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    (args) => {
      const { portfolio, created } = savePortfolio(ctx, caller, args);
      return {
        result: { created, portfolio },
        hint: `${created ? "Created" : "Overwrote"} portfolio "${portfolio.name}" (id ${portfolio.id}).`,
      };
    },
  );
};
