import { OptimizedPortfolioQuery, OptimizeQuery, OptimizerResultSchema } from "../../schemas/optimizer.ts";
import { optimizeMeanCvar } from "../../services/optimize/optimizeMeanCvar.ts";
import { optimizeScoreTilt } from "../../services/optimize/optimizeScoreTilt.ts";
import { addTool } from "../_internal/addTool.ts";
import { companyIdsField, strategyIdField } from "../_internal/fields.ts";
import type { ToolGroup } from "../_internal/ToolEnv.ts";

const companyIds = companyIdsField.describe(
  "Optional: only these company ids of the strategy are considered (default: all its companies)",
);
const tilt = OptimizeQuery.shape;
const tiltArgs = {
  minMarketCap: tilt.minMarketCap.describe("Minimum market cap (USD) for inclusion; >= 0; default 0"),
  signalType: tilt.signalType.describe(
    "Signal the weights tilt toward: convictionScore (default), linguisticBeta or marketBuzz",
  ),
  tiltExponent: tilt.tiltExponent.describe(
    "0 to 10: 0 equal weight, 1 proportional to the score (default), higher concentrates on the top scores",
  ),
  maxWeight: tilt.maxWeight.describe("Maximum weight per holding; 0 < x <= 1; default 1"),
  minWeight: tilt.minWeight.describe("Minimum weight per holding; 0 to 1; default 0"),
  riskDiversification: tilt.riskDiversification.describe(
    "0 to 1: 0 pure score tilt (default), 1 the strongest overlay reducing weight on highly correlated stocks",
  ),
  riskFreeRate: tilt.riskFreeRate.describe("Annual risk-free rate for the Sharpe ratio, e.g. 0.02; > -1; default 0"),
  topN: tilt.topN.describe("Keep only the top N companies by the signal; integer >= 2; default all qualifying"),
};
const cvar = OptimizedPortfolioQuery.shape;
const cvarArgs = {
  minMarketCap: cvar.minMarketCap.describe("Minimum market cap (USD) for inclusion; > 0; default 500000000"),
  returnMultiplier: cvar.returnMultiplier.describe(
    "Weight of expected return in the normalised objective (1: as important as tail risk); > 0; default 1",
  ),
  linguisticBetaWeight: cvar.linguisticBetaWeight.describe(
    "Weight of the linguistic-beta reward (0: ignore; 1: as important as tail risk); 0 to 1; default 0.5",
  ),
  riskFreeRate: cvar.riskFreeRate.describe("Annual risk-free rate for the risk metrics, e.g. 0.02; > -1; default 0"),
  minHoldings: cvar.minHoldings.describe(
    "Minimum number of holdings with weight >= minActiveWeight; integer >= 2; default 2",
  ),
  minActiveWeight: cvar.minActiveWeight.describe(
    "Weight a holding needs to count toward minHoldings; > 0.0001 and <= 1; default 0.01",
  ),
  maxWeight: cvar.maxWeight.describe("Maximum weight of any holding; 0 < x <= 1; default 0.2"),
  buzzPenalty: cvar.buzzPenalty.describe(
    "Penalty on diverging from market-buzz-implied weights (0: ignore; 1: as important as tail risk); 0 to 1; default 0.25",
  ),
};
const NOT_READY =
  "A strategy still building gives a 202 Not Ready error: poll get_strategy until status is 100, then call again.";

/**
 * `optimize_strategy` (score tilt) and `optimized_portfolio` (mean-CVaR) over a strategy's
 * companies (docs/parity.md#optimizer-result, #user-strategy-endpoints), on the services of `routes/optimize.ts`; the REST query
 * parameters and the body's `companyIds` are the tool's arguments.
 */
export const registerOptimizeTools: ToolGroup = (server, env) => {
  const { ctx, caller } = env;

  addTool(
    server,
    env,
    "optimize_strategy",
    {
      title: "Score-tilt weights for a strategy",
      description:
        "Weight a built strategy's companies (yours, public or premade) by a signal: higher convictionScore (default), linguisticBeta " +
        "or marketBuzz gets more weight; deterministic. Returns the weighted portfolio (weights sum to 1) with annualised return, " +
        `volatility, CVaR, Sharpe and max drawdown. ${NOT_READY}`,
      inputSchema: { strategyId: strategyIdField, ...tiltArgs, companyIds },
      outputSchema: OptimizerResultSchema.shape,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ strategyId, companyIds: ids, ...query }) => {
      const result = await optimizeScoreTilt(ctx, caller, strategyId, query, { companyIds: ids }, env.signal);
      return {
        result,
        hint: `${result.portfolio.length} holdings. Pass [{companyId: id, weight}] to backtest, or save_portfolio with org_id = id.`,
      };
    },
  );

  addTool(
    server,
    env,
    "optimized_portfolio",
    {
      title: "Risk-optimized portfolio for a strategy",
      description:
        "Mean-CVaR optimized portfolio of a built strategy's companies: maximises expected return (× returnMultiplier) plus a " +
        "linguistic-beta reward, minus CVaR risk and a penalty for diverging from market-buzz weights, each term normalised by its " +
        "range on the data (weights 0..1: ignore to as important as tail risk), within weight bounds and a minimum number of active " +
        "holdings; metadata.objectiveTerms gives each term's value and share, warnings say when one term alone decides. " +
        `400 (naming the constraint) when the bounds are infeasible. ${NOT_READY}`,
      inputSchema: { strategyId: strategyIdField, ...cvarArgs, companyIds },
      outputSchema: OptimizerResultSchema.shape,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ strategyId, companyIds: ids, ...query }) => {
      const result = await optimizeMeanCvar(ctx, caller, strategyId, query, { companyIds: ids }, env.signal);
      return {
        result,
        hint: `${result.portfolio.length} holdings. Pass [{companyId: id, weight}] to backtest, or save_portfolio with org_id = id.`,
      };
    },
  );
};
