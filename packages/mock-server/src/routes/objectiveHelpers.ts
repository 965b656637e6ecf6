import { createRoute, type z } from "@hono/zod-openapi";
import type { RouteModule } from "../context/RouteModule.ts";
import { bearerSecurity, errorResponses } from "../schemas/common.ts";
import {
  EnhancedObjectiveSchema,
  ExclusionPhrasesBody,
  ExclusionPhrasesSchema,
  ObjectiveHelperBody,
  ReversedObjectiveSchema,
} from "../schemas/objectiveHelpers.ts";
import { enhanceObjective } from "../services/objectives/enhanceObjective.ts";
import { reverseObjective } from "../services/objectives/reverseObjective.ts";
import { suggestExclusionPhrases } from "../services/objectives/suggestExclusionPhrases.ts";
import { API_VERSIONS, type ApiVersion } from "./_internal/apiVersions.ts";

const tags = ["Helper"];
const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { "application/json": { schema } } },
});
const ok = <T extends z.ZodType>(schema: T, description: string) => ({
  200: { description, content: { "application/json": { schema } } },
});

const enhance = (v: ApiVersion) =>
  createRoute({
    method: "post",
    path: `/${v}/enhance-objective`,
    tags,
    summary: "Sharpen a draft objective before creating a strategy",
    description:
      "Rewrites the objective in the service's form (\"The strategy is to invest in companies that …\") and adds the value-chain description and search terms of the closest themes of the catalogue (the premade search), keeping the caller's own wording as the core. Deterministic; negative framing is flagged (use exclusions). 400 for a blank or over-long objective.",
    security: bearerSecurity,
    request: jsonBody(ObjectiveHelperBody),
    responses: {
      ...ok(EnhancedObjectiveSchema, "The enhanced objective and a summary of the changes"),
      ...errorResponses(400, 401),
    },
  });

const reverse = (v: ApiVersion) =>
  createRoute({
    method: "post",
    path: `/${v}/reverse-objective`,
    tags,
    summary: "Flip an objective into its inverse (the companies on the losing side of its theme)",
    description:
      "Finds the objective's closest theme (the premade search) and answers the inverse objective: the incumbents and displaced businesses that lose as the theme advances, in the service's form, ready for POST /strategies. With no matching theme, the inverse asks for the companies the objective's own thesis would hurt. Deterministic. The response field names are the mock's (the reference page of this endpoint was not available).",
    security: bearerSecurity,
    request: jsonBody(ObjectiveHelperBody),
    responses: {
      ...ok(ReversedObjectiveSchema, "The inverse objective and how it was derived"),
      ...errorResponses(400, 401),
    },
  });

const exclusions = (v: ApiVersion) =>
  createRoute({
    method: "post",
    path: `/${v}/exclusion-phrases`,
    tags,
    summary: "Suggest exclusion phrases that would drop a company a strategy included",
    description:
      "2 to 10 phrases, narrowest first (the company's name; the words of its inclusion reason and description the objective does not ask for; its industry; its sector), each with the reason. Every phrase is checked against the mock's exclusion matcher: adding any of them to the strategy's exclusions (PATCH, then resubmit) removes the company. 404 for an unknown company.",
    security: bearerSecurity,
    request: jsonBody(ExclusionPhrasesBody),
    responses: {
      ...ok(ExclusionPhrasesSchema, "Suggested phrases the user can exclude"),
      ...errorResponses(400, 401, 404),
    },
  });

/** The objective helpers (docs/parity.md v1 rows 26 to 28, v2 rows 20 to 22), in v1 and v2. */
export const registerObjectiveHelperRoutes: RouteModule = (app, ctx) => {
  for (const v of API_VERSIONS) {
    app.openapi(enhance(v), (c) => c.json(enhanceObjective(ctx, c.req.valid("json").objective), 200));
    app.openapi(reverse(v), (c) => c.json(reverseObjective(ctx, c.req.valid("json").objective), 200));
    app.openapi(exclusions(v), (c) => c.json(suggestExclusionPhrases(ctx, c.req.valid("json")), 200));
  }
};
