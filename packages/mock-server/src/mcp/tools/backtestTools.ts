import { BacktestBody, BacktestResultSchema } from "../../schemas/backtest.ts";
import { prepareBacktestPrices } from "../../services/backtest/prepareBacktestPrices.ts";
import { runBacktest } from "../../services/backtest/runBacktest.ts";
import { addTool } from "../_internal/addTool.ts";
import { backtestHoldingsField } from "../_internal/fields.ts";
import type { ToolGroup } from "../_internal/ToolEnv.ts";

/** `backtest` (docs/parity.md#backtest-endpoint; nothing saved), on the service of `routes/backtest.ts`. */
export const registerBacktestTools: ToolGroup = (server, env) => {
  addTool(
    server,
    env,
    "backtest",
    {
      title: "Backtest holdings",
      description:
        "Buy-and-hold backtest of weighted company holdings against a benchmark (nothing is saved). Weekly NAV series from 10000 for " +
        "the portfolio and the benchmark, with total and annualised return, variance (the annualised volatility σ), Sharpe ratio and max drawdown (negative). " +
        "Company ids come from get_strategy_companies or search_companies. 400 when no holding has price data.",
      inputSchema: {
        holdings: backtestHoldingsField.describe(
          "[{companyId, weight}], weights >= 0 in any scale (normalised), at least one > 0",
        ),
        years: BacktestBody.shape.years.describe("Window length in years, 1 to 20 (default 5)"),
        benchmark: BacktestBody.shape.benchmark.describe(
          "Benchmark symbol (default SPY): a benchmark ETF such as SPY or QQQ, or any active company ticker such as NVDA",
        ),
      },
      outputSchema: BacktestResultSchema.shape,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (args) => {
      await prepareBacktestPrices(env.ctx); // the first backtest prepares the prices without holding the event loop
      const result = runBacktest(env.ctx, args);
      const warnings = result.metadata.warnings.length === 0 ? "" : ` Warnings: ${result.metadata.warnings.join("; ")}`;
      return {
        result,
        hint: `Total return ${result.metadata.returns} vs ${result.benchmarkMetadata.symbol} ${result.benchmarkMetadata.returns} over ${result.metadata.weekCount} weeks.${warnings}`,
      };
    },
  );
};
