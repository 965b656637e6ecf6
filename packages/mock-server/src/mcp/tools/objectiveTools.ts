import {
  EnhancedObjectiveSchema,
  ObjectiveHelperBody,
  ReversedObjectiveSchema,
} from "../../schemas/objectiveHelpers.ts";
import { enhanceObjective } from "../../services/objectives/enhanceObjective.ts";
import { reverseObjective } from "../../services/objectives/reverseObjective.ts";
import { addTool } from "../_internal/addTool.ts";
import type { ToolGroup } from "../_internal/ToolEnv.ts";

/** `enhance_objective` and `reverse_objective` (the guides' step 1, "Sharpen the objective"), on the services of `routes/objectiveHelpers.ts`. */
export const registerObjectiveTools: ToolGroup = (server, env) => {
  addTool(
    server,
    env,
    "enhance_objective",
    {
      title: "Sharpen a strategy objective",
      description:
        "Rewrite a draft investment objective in the service's form ('The strategy is to invest in companies that …'), adding the value chain and terms of the closest themes. " +
        "Returns enhancedObjective (pass it to create_strategy) and improvementsSummary (what changed and why).",
      inputSchema: {
        objective: ObjectiveHelperBody.shape.objective.describe(
          "The draft objective, e.g. 'companies benefiting from European defence spending'",
        ),
      },
      outputSchema: EnhancedObjectiveSchema.shape,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ objective }) => ({
      result: enhanceObjective(env.ctx, objective),
      hint: "Next: create_strategy with the enhanced objective, then submit_strategy.",
    }),
  );
  addTool(
    server,
    env,
    "reverse_objective",
    {
      title: "Flip a strategy objective",
      description:
        "Turn an objective into its inverse: the companies on the losing side of its closest theme (incumbents, displaced products). " +
        "Returns reversedObjective (usable with create_strategy) and a summary of how it was flipped.",
      inputSchema: { objective: ObjectiveHelperBody.shape.objective.describe("The objective to flip") },
      outputSchema: ReversedObjectiveSchema.shape,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ objective }) => ({ result: reverseObjective(env.ctx, objective) }),
  );
};
