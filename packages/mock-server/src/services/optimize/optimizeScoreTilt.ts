import type { ReadContext, SolverAccess } from "../../context/contextParts.ts";
import type { Caller } from "../../context/ServiceContext.ts";
import type { OptimizeQueryIn, OptimizerBodyIn, OptimizerResultOut } from "../../schemas/optimizer.ts";
import { defined } from "./_internal/defined.ts";
import { lruMemo, OPTIMIZER_CACHE_SIZE } from "./_internal/lruMemo.ts";
import { toOptimizerCompanies } from "./_internal/toOptimizerCompanies.ts";
import { optimizeTarget } from "./optimizeTarget.ts";
import { presentOptimizerResult } from "./presentOptimizerResult.ts";
import { selectCompanies } from "./selectCompanies.ts";
import { strategyScenarios } from "./strategyScenarios.ts";

/**
 * `POST /strategies/{id}/optimize` (real-service notes "Optimize"): score-tilt weights (engine
 * `scoreTilt`) over the strategy's companies (restricted to `body.companyIds` when given), with
 * the price history of their primary listings ({@link strategyScenarios}) for the risk metadata
 * and the diversification overlay, run by `ctx.solver`. Deterministic; memoised per (companies'
 * version, parameters).
 *
 * `signal` is the request's: once every client waiting for the same solve has left, the solve is
 * dropped from the worker pool's queue or stopped (`lruMemo`, the `SolverRunner`), and a caller
 * that left gets `solveAbandoned()` (499, which nobody reads).
 *
 * @throws ApiError 404/202/409 from {@link optimizeTarget}; 400 for a company id not in the
 *   strategy or no company with price history; EngineError (400) INFEASIBLE when the bounds
 *   cannot hold or no company meets minMarketCap
 * @example
 * (await optimizeScoreTilt(ctx, alice, id, { signalType: "convictionScore", maxWeight: 0.5 }, {})).portfolio.length // => 3
 */
export function optimizeScoreTilt(
  ctx: ReadContext & SolverAccess,
  caller: Caller,
  id: string,
  query: OptimizeQueryIn,
  body: OptimizerBodyIn,
  signal?: AbortSignal,
): Promise<OptimizerResultOut> {
  const target = optimizeTarget(ctx, caller, id);
  const companies = selectCompanies(target.companies, body.companyIds, id);
  const key = JSON.stringify([target.key, query, companies.map((c) => c.id)]);
  return lruMemo(
    ctx,
    "optimize",
    key,
    OPTIMIZER_CACHE_SIZE,
    async (solveSignal) => {
      const { scenarios, excluded } = strategyScenarios(
        ctx.universe,
        companies.map((c) => c.id),
      );
      const job = {
        kind: "score-tilt",
        companies: toOptimizerCompanies(companies),
        scenarios,
        options: {
          signal: query.signalType,
          ...defined({
            tiltExponent: query.tiltExponent,
            maxWeight: query.maxWeight,
            minWeight: query.minWeight,
            minMarketCap: query.minMarketCap,
            topN: query.topN,
            riskDiversification: query.riskDiversification,
            riskFreeRate: query.riskFreeRate,
          }),
        },
      } as const;
      const result = await ctx.solver.run(job, ctx.options.optimizerTimeLimitMs, solveSignal);
      return presentOptimizerResult(result, companies, excluded);
    },
    signal,
  );
}
