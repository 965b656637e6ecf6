import type { OptimizerCompany } from "../types.ts";
import { formatDistinct, formatNumber } from "../../_internal/formatNumber.ts";

/** Warning added when an optimizer has no return scenarios for the metadata. */
export const NO_SCENARIOS_WARNING =
  "no return scenarios: annualizedReturn, volatility, cvar, sharpeRatio, expectedDailyReturn and maxDrawdown are reported as 0";

/** Reasons given in `excluded`. */
export const describeExclusion = {
  /** Undefined when the market cap qualifies. */
  marketCap(marketCap: number | null, minMarketCap: number): string | undefined {
    if (marketCap === null) return `marketCap unknown (null) while minMarketCap is ${formatNumber(minMarketCap)}`;
    if (marketCap < minMarketCap) return `marketCap ${formatDistinct(marketCap, [minMarketCap])} below minMarketCap ${formatNumber(minMarketCap)}`;
    return undefined;
  },
  noHistory: "no return history in scenarios",
};

/** The positive weights as `{id, weight}`, sorted by weight descending then id. */
export function sortedWeights(companies: readonly OptimizerCompany[], w: ArrayLike<number>): Array<{ id: string; weight: number }> {
  const out: Array<{ id: string; weight: number }> = [];
  for (let h = 0; h < companies.length; h++) if (w[h]! > 0) out.push({ id: companies[h]!.id, weight: w[h]! });
  return out.sort((x, y) => y.weight - x.weight || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
}
