import { z } from "zod";
import { PremadeSearchBody, PremadeSearchResultSchema } from "../../schemas/premade.ts";
import { StrategyV1Schema } from "../../schemas/strategy.ts";
import { listPremade } from "../../services/premade/listPremade.ts";
import { searchPremade } from "../../services/premade/searchPremade.ts";
import { addTool } from "../_internal/addTool.ts";
import type { ToolGroup } from "../_internal/ToolEnv.ts";

/**
 * The premade library tools (docs/parity.md#premade-strategy-endpoints): `list_premade_strategies`, `search_premade_strategies`,
 * on the services of `routes/premade.ts`. Their ids work with get_strategy, get_strategy_companies,
 * get_strategy_company and get_strategy_evidences.
 */
export const registerPremadeTools: ToolGroup = (server, env) => {
  const { ctx } = env;

  addTool(
    server,
    env,
    "list_premade_strategies",
    {
      title: "List premade strategies",
      description:
        "The library of public, read-only, already built premade thematic strategies (id, name, objective, status 100). Their ids work " +
        "with get_strategy, get_strategy_companies, get_strategy_company and get_strategy_evidences. To find the closest ones to an idea, " +
        "use search_premade_strategies.",
      inputSchema: {},
      outputSchema: { strategies: z.array(StrategyV1Schema) },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    () => ({ result: { strategies: listPremade(ctx) } }),
  );

  addTool(
    server,
    env,
    "search_premade_strategies",
    {
      title: "Search premade strategies",
      description:
        "Find the premade strategies closest to a natural-language investment objective: every premade strategy with a similarity in " +
        "[0, 1], best first. Inspect a match with get_strategy_companies, or use its objective as a starting point for create_strategy.",
      inputSchema: {
        objective: PremadeSearchBody.shape.objective.describe(
          "The investment idea in plain language, e.g. 'chips for AI data centres'",
        ),
      },
      outputSchema: PremadeSearchResultSchema.shape,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ objective }) => {
      const result = searchPremade(ctx, objective);
      const best = result.matches[0];
      return {
        result,
        hint:
          best === undefined
            ? undefined
            : `Best match: "${best.strategy.name}" (id ${best.strategy.id}, similarity ${best.similarity}).`,
      };
    },
  );
};
