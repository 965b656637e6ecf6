// Public surface of the backtest area; re-exported by src/index.ts.
export type {
  BacktestHolding,
  BacktestInput,
  TableBacktestInput,
  BacktestResult,
  BacktestStatistics,
  PriceSeries,
  WeeklyPriceTable,
} from "./types.ts";
export { buyAndHoldBacktest } from "./buyAndHoldBacktest.ts";
export { tradingCalendar, type TradingCalendar } from "./tradingCalendar.ts";
export { isoWeekIndex } from "./isoWeekIndex.ts";
export { weeklyPriceTable } from "./weeklyPriceTable.ts";
export { backtestWindow, type BacktestWindow, type BacktestWindowInput } from "./backtestWindow.ts";
export { backtestPortfolio, type PortfolioBacktest } from "./backtestPortfolio.ts";
export { batchBacktest, type BatchBacktest } from "./batchBacktest.ts";
export {
  rebalancedBacktest,
  type RebalanceRule,
  type RebalanceFrequency,
  type RebalancedBacktestResult,
  type RebalancingReport,
} from "./rebalancedBacktest.ts";
