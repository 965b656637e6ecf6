import { formatDistinct, formatNumber } from "../../_internal/formatNumber.ts";

/** Warning added when an optimizer has no return scenarios for the metadata. */
export const NO_SCENARIOS_WARNING =
  "no return scenarios: annualizedReturn, volatility, cvar, sharpeRatio, expectedDailyReturn and maxDrawdown are reported as 0";

/** Reasons given in `excluded`. */
export const describeExclusion = {
  /** Undefined when the market cap qualifies. */
  marketCap(marketCap: number | null, minMarketCap: number): string | undefined {
    if (marketCap === null) return `marketCap unknown (null) while minMarketCap is ${formatNumber(minMarketCap)}`;
    if (marketCap < minMarketCap)
      return `marketCap ${formatDistinct(marketCap, [minMarketCap])} below minMarketCap ${formatNumber(minMarketCap)}`;
    return undefined;
  },
  noHistory: "no return history in scenarios",
};
