import { z } from "zod";
import { CompanySchema, EvidenceSchema } from "../../schemas/company.ts";
import { EvidenceEntrySchema } from "../../schemas/premade.ts";
import { premadeCompanies } from "../../services/premade/premadeCompanies.ts";
import { premadeEvidence } from "../../services/premade/premadeEvidence.ts";
import { premadeEvidences } from "../../services/premade/premadeEvidences.ts";
import { readRun } from "../../services/runs/readRun.ts";
import { runCompanies } from "../../services/runs/runCompanies.ts";
import { IsoDateSchema } from "../../schemas/premade.ts";
import { UuidSchema } from "../../schemas/common.ts";
import { companyEvidence } from "../../services/strategies/companyEvidence.ts";
import { strategyCompanies } from "../../services/strategies/strategyCompanies.ts";
import { addTool } from "../_internal/addTool.ts";
import {
  companyIdField,
  includeReasoningField,
  scoringMinMarketCapField,
  strategyIdField,
} from "../_internal/fields.ts";
import { isPremadeId } from "../_internal/isPremadeId.ts";
import type { ToolGroup } from "../_internal/ToolEnv.ts";

/**
 * The company tools of a strategy, user or premade (docs/parity.md#user-strategy-endpoints, #premade-strategy-endpoints): `get_strategy_companies`,
 * `get_strategy_company`, `get_strategy_evidences`. A premade strategy id goes to the premade
 * services, any other id to the user-strategy services (visibility rules included), exactly as the
 * matching REST routes. Evidences of a user strategy (no REST route) are the per-company evidence
 * of each of its companies, in the companies' order.
 */
export const registerStrategyCompanyTools: ToolGroup = (server, env) => {
  const { ctx, caller } = env;

  addTool(
    server,
    env,
    "get_strategy_companies",
    {
      title: "Companies of a strategy",
      description:
        "The companies of a built strategy (yours, a public one, or a premade one), ranked by convictionScore (0 to 1, overall thematic " +
        "strength), each with symbol, exchange, sector, marketCap, linguisticBeta (structural exposure) and marketBuzz (recent media " +
        "momentum). Empty until the strategy's status is 100. Use the ids with get_strategy_company, backtest or save_portfolio. " +
        "asOfDate and versionId read one run: a past historical run (submit_strategy with asOfDate) or, for a premade strategy, a dated run.",
      inputSchema: {
        strategyId: strategyIdField,
        includeReasoning: includeReasoningField,
        scoringMinMarketCap: scoringMinMarketCapField,
        asOfDate: IsoDateSchema.optional().describe(
          "As-of date YYYY-MM-DD of the run to read (default: the latest run)",
        ),
        versionId: UuidSchema.optional().describe(
          "Version id (uuid) to read, from get_strategy's active_version_id (default: the active version)",
        ),
      },
      outputSchema: { companies: z.array(CompanySchema) },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ strategyId, includeReasoning, scoringMinMarketCap, asOfDate, versionId }) => {
      const options = { includeReasoning, scoringMinMarketCap };
      const companies =
        asOfDate !== undefined || versionId !== undefined
          ? runCompanies(ctx, readRun(ctx, caller, strategyId, { asOfDate, versionId }), options)
          : isPremadeId(ctx, strategyId)
            ? premadeCompanies(ctx, strategyId, options)
            : strategyCompanies(ctx, caller, strategyId, options);
      return {
        result: { companies },
        hint:
          companies.length === 0
            ? "No companies: the strategy is not built (call get_strategy and wait for status 100) or its build failed."
            : undefined,
      };
    },
  );

  addTool(
    server,
    env,
    "get_strategy_company",
    {
      title: "Evidence for one company of a strategy",
      description:
        "Why a company is (isIncluded true) or is not (false) part of a strategy: the reasoning and dated news summaries. " +
        "404 for an unknown strategy or company id.",
      inputSchema: { strategyId: strategyIdField, companyId: companyIdField },
      outputSchema: EvidenceSchema.shape,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ strategyId, companyId }) => ({
      result: isPremadeId(ctx, strategyId)
        ? premadeEvidence(ctx, strategyId, companyId)
        : companyEvidence(ctx, caller, strategyId, companyId),
    }),
  );

  addTool(
    server,
    env,
    "get_strategy_evidences",
    {
      title: "All evidence of a strategy",
      description:
        "The evidence of every company a strategy considered: {companyId, isIncluded, reasoning, summaries}. For a premade strategy " +
        "this includes candidates it rejected (isIncluded false); for your own strategies, the companies of its finished build.",
      inputSchema: { strategyId: strategyIdField },
      outputSchema: { evidences: z.array(EvidenceEntrySchema) },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ strategyId }) => {
      if (isPremadeId(ctx, strategyId)) return { result: premadeEvidences(ctx, strategyId) };
      const evidences = strategyCompanies(ctx, caller, strategyId, {}).map((c) => ({
        companyId: c.id,
        ...companyEvidence(ctx, caller, strategyId, c.id),
      }));
      return { result: { evidences } };
    },
  );
};
