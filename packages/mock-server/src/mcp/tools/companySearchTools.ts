import { CompanySearchBody, CompanySearchResponseSchema } from "../../schemas/companySearch.ts";
import { searchCompanies } from "../../services/companySearch/searchCompanies.ts";
import { addTool } from "../_internal/addTool.ts";
import type { ToolGroup } from "../_internal/ToolEnv.ts";

/** `search_companies` (docs/parity.md#company-lookup), on the service of `routes/companySearch.ts`. */
export const registerCompanySearchTools: ToolGroup = (server, env) => {
  addTool(
    server,
    env,
    "search_companies",
    {
      title: "Look up companies",
      description:
        "Look up companies by partial or full name, ticker, ISIN or FIGI (exact matches first, then prefix matches; at most 10). " +
        "Each result has the company id (usable with backtest and get_strategy_company), its active securities, market cap and sector.",
      inputSchema: {
        query: CompanySearchBody.shape.query.describe("Name, ticker, ISIN or FIGI fragment, e.g. 'NVDA' or 'Nvidia'"),
        limit: CompanySearchBody.shape.limit.describe("At most this many results (1 to 10, default 10)"),
      },
      outputSchema: CompanySearchResponseSchema.shape,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ query, limit }) => ({ result: { results: searchCompanies(env.ctx, query, limit) } }),
  );
};
