import type { ReadContext, SolverAccess } from "../../context/contextParts.ts";
import type { Caller } from "../../context/ServiceContext.ts";
import type { OptimizedPortfolioQueryIn, OptimizerBodyIn, OptimizerResultOut } from "../../schemas/optimizer.ts";
import { defined } from "./_internal/defined.ts";
import { lruMemo, OPTIMIZER_CACHE_SIZE } from "./_internal/lruMemo.ts";
import { toOptimizerCompanies } from "./_internal/toOptimizerCompanies.ts";
import { optimizeTarget } from "./optimizeTarget.ts";
import { presentOptimizerResult } from "./presentOptimizerResult.ts";
import { selectCompanies } from "./selectCompanies.ts";
import { strategyScenarios } from "./strategyScenarios.ts";

/**
 * `POST /strategies/{id}/optimized-portfolio` (docs/parity.md#user-strategy-endpoints; real-service notes "Optimized
 * portfolio"): mean-CVaR weights (engine `meanCvarOptimize`, solved with HiGHS) over the
 * strategy's companies (restricted to `body.companyIds` when given) and the daily returns of their
 * primary listings ({@link strategyScenarios}). Memoised per (companies' version, parameters);
 * concurrent identical requests share one solve, run by `ctx.solver` (a worker-thread pool in the
 * Node server). A solve is bounded by the `optimizerTimeLimitMs` option (default 5 s): beyond it
 * the best feasible weights come back with `solver.status` "time-limit" and a warning (or, in the
 * Node server, a 503 when the worker had to be stopped). Deterministic whenever the limit is not
 * reached.
 *
 * `signal` is the request's: once every client waiting for the same solve has left, the solve is
 * dropped from the worker pool's queue or stopped (`lruMemo`, the `SolverRunner`), and a caller
 * that left gets `solveAbandoned()` (499, which nobody reads).
 *
 * @throws ApiError 404/202/409 from {@link optimizeTarget}; 429/503 from the worker pool (queue full,
 *   time limit); 400 for a company id not in the
 *   strategy or no company with price history; EngineError (400) INFEASIBLE naming the constraint
 *   (e.g. minHoldings above the eligible count, eligible count × maxWeight < 1)
 * @example
 * (await optimizeMeanCvar(ctx, alice, id, { maxWeight: 0.5 }, {})).solver?.status // => "optimal"
 */
export function optimizeMeanCvar(
  ctx: ReadContext & SolverAccess,
  caller: Caller,
  id: string,
  query: OptimizedPortfolioQueryIn,
  body: OptimizerBodyIn,
  signal?: AbortSignal,
): Promise<OptimizerResultOut> {
  const target = optimizeTarget(ctx, caller, id);
  const companies = selectCompanies(target.companies, body.companyIds, id);
  const key = JSON.stringify([target.key, query, companies.map((c) => c.id)]);
  return lruMemo(
    ctx,
    "optimized-portfolio",
    key,
    OPTIMIZER_CACHE_SIZE,
    async (solveSignal) => {
      const { scenarios, excluded } = strategyScenarios(
        ctx.universe,
        companies.map((c) => c.id),
      );
      const job = {
        kind: "mean-cvar",
        companies: toOptimizerCompanies(companies),
        scenarios,
        options: defined({ ...query }),
      } as const;
      const result = await ctx.solver.run(job, ctx.options.optimizerTimeLimitMs, solveSignal);
      return presentOptimizerResult(result, companies, excluded);
    },
    signal,
  );
}
