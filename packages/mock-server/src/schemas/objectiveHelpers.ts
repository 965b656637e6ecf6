import { z } from "@hono/zod-openapi";
import { CompanyIdSchema } from "./common.ts";
import { LIMITS } from "./limits.ts";

const ObjectiveText = z
  .string()
  .max(LIMITS.OBJECTIVE_MAX)
  .refine((s) => s.trim().length > 0, "must not be blank")
  .openapi({ description: `The strategy objective in natural language (at most ${LIMITS.OBJECTIVE_MAX} characters)` });

/** Body of `POST /{v}/enhance-objective` and `POST /{v}/reverse-objective` (docs/parity.md v1 rows 26, 27). */
export const ObjectiveHelperBody = z
  .object({
    objective: ObjectiveText.openapi({
      example: "Invest in companies that would benefit from increased spend in the European defense sector.",
    }),
  })
  .openapi("ObjectiveHelperRequest");
export type ObjectiveHelperInput = z.infer<typeof ObjectiveHelperBody>;

/** Answer of `POST /{v}/enhance-objective`: the sharpened objective and what changed. */
export const EnhancedObjectiveSchema = z
  .object({
    enhancedObjective: z.string().openapi({
      description:
        'The objective in the service\'s form ("The strategy is to invest in companies that …"), sharpened with the vocabulary of the closest themes',
    }),
    improvementsSummary: z.string().openapi({ description: "What was changed and why, in a few sentences" }),
  })
  .openapi("EnhancedObjective");
export type EnhancedObjective = z.infer<typeof EnhancedObjectiveSchema>;

/** Answer of `POST /{v}/reverse-objective`: the inverse objective (field names are the mock's: the reference page was not available). */
export const ReversedObjectiveSchema = z
  .object({
    reversedObjective: z
      .string()
      .openapi({ description: "The inverse objective: companies on the losing side of the objective's theme" }),
    summary: z.string().openapi({ description: "How the objective was flipped" }),
  })
  .openapi("ReversedObjective");
export type ReversedObjective = z.infer<typeof ReversedObjectiveSchema>;

/** Body of `POST /{v}/exclusion-phrases` (docs/parity.md v1 row 28): all three fields required. */
export const ExclusionPhrasesBody = z
  .object({
    objective: ObjectiveText,
    companyId: CompanyIdSchema.openapi({
      description: "Company identifier (organization id) that was included in the results",
    }),
    inclusionReason: z
      .string()
      .max(LIMITS.REASON_MAX)
      .openapi({
        description: `Why the company was included in the results (its reasoning), at most ${LIMITS.REASON_MAX} characters`,
      }),
  })
  .openapi("ExclusionPhrasesRequest");
export type ExclusionPhrasesInput = z.infer<typeof ExclusionPhrasesBody>;

/** Answer of `POST /{v}/exclusion-phrases`: 2 to 10 phrases, each removing the company when added to the strategy's exclusions. */
export const ExclusionPhrasesSchema = z
  .object({
    phrases: z
      .array(z.object({ phrase: z.string(), reason: z.string() }).openapi("ExclusionPhrase"))
      .min(2)
      .max(10)
      .openapi({ description: "Suggested exclusion phrases, narrowest first; every one removes the company" }),
  })
  .openapi("ExclusionPhrases");
export type ExclusionPhrases = z.infer<typeof ExclusionPhrasesSchema>;
