import type { StrategyV1 } from "../../schemas/strategy.ts";

/**
 * What an agent should do next with a strategy of this status (docs/parity.md#generation-status: 0 not submitted,
 * 1 to 99 building, 100 done, negative failed).
 *
 * @example
 * strategyHint({ status: 0 }) // => "Not submitted yet: call submit_strategy to build it."
 */
export function strategyHint(s: Pick<StrategyV1, "status">): string {
  if (s.status === 0) return "Not submitted yet: call submit_strategy to build it.";
  if (s.status > 0 && s.status < 100)
    return `Building (${s.status}% done): call get_strategy again in a few seconds until status is 100.`;
  if (s.status === 100)
    return "Built: call get_strategy_companies for its companies (then backtest or optimize_strategy).";
  if (s.status === -2)
    return "The build failed permanently: update_strategy with a different objective, then submit_strategy.";
  return "The build failed: call submit_strategy to retry, or update_strategy first to change the objective.";
}
