import { createRoute } from "@hono/zod-openapi";
import type { RouteModule } from "../context/RouteModule.ts";
import { bearerSecurity, errorResponses } from "../schemas/common.ts";
import { CompanySearchBody, CompanySearchResponseSchema } from "../schemas/companySearch.ts";
import { MAX_SEARCH_RESULTS, searchCompanies } from "../services/companySearch/searchCompanies.ts";
import { addWarning } from "../context/addWarning.ts";
import { API_VERSIONS, type ApiVersion } from "./_internal/apiVersions.ts";

const search = (v: ApiVersion) =>
  createRoute({
    method: "post",
    path: `/${v}/helper/companies/search`,
    tags: ["Helper"],
    summary:
      "Look up companies by name, ticker, ISIN or FIGI fragment (exact, then prefix, then substring; then market cap)",
    description: `Case-insensitive. Only companies with an active listing are returned, each with its active listings only, primary first. At most min(limit, 10) results; a \`limit\` above 10 is answered with a \`Warning\` header saying so. The ids are company ids, usable in POST /${v}/backtest.`,
    security: bearerSecurity,
    request: { body: { required: true, content: { "application/json": { schema: CompanySearchBody } } } },
    responses: {
      200: {
        description: "Results, best first",
        content: { "application/json": { schema: CompanySearchResponseSchema } },
      },
      ...errorResponses(400, 401),
    },
  });

/** Company lookup (docs/parity.md#company-lookup, #company-search-result), in v1 and v2 (docs/parity.md). */
export const registerCompanySearchRoutes: RouteModule = (app, ctx) => {
  for (const v of API_VERSIONS) {
    app.openapi(search(v), (c) => {
      const body = c.req.valid("json");
      // The contract caps results at 10 (sections 4.4, 8); say so rather than cap silently.
      if (body.limit > MAX_SEARCH_RESULTS)
        addWarning(c, `body.limit: ${body.limit} is above the cap; at most ${MAX_SEARCH_RESULTS} results are returned`);
      return c.json({ results: searchCompanies(ctx, body.query, body.limit) }, 200);
    });
  }
};
