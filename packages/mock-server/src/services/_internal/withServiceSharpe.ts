import { cagrSharpeRatio } from "@thematic/engine";

/**
 * Backtest statistics with the Sharpe ratio the service reports: `annualizedReturn / variance`
 * (the CAGR over the annualised volatility σ, which the service names `variance`), in place of
 * the engine's own (mean weekly return over its deviation, annualised). Every backtest and
 * performance object the mock answers (v1, v2, MCP) goes through this; the other fields are
 * unchanged and keep their order. docs/maths.md#service-sharpe-ratio.
 *
 * @example
 * withServiceSharpe({ returns: 0.7955, annualizedReturn: 0.1242, variance: 0.1637, sharpeRatio: 0.9, maxDrawdown: -0.27 }).sharpeRatio // => 0.7587049480757483
 */
export function withServiceSharpe<T extends { annualizedReturn: number; variance: number; sharpeRatio: number }>(
  statistics: T,
): T {
  return { ...statistics, sharpeRatio: cagrSharpeRatio(statistics.annualizedReturn, statistics.variance) };
}
