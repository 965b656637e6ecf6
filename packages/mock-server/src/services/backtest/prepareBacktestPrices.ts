import type { UniverseAccess } from "../../context/contextParts.ts";
import { prepareCompanyPriceTable } from "./_internal/companyPriceTable.ts";

/**
 * Readies the prices every backtest reads (`companyPriceTable`) without holding the event loop:
 * the request paths that backtest (`POST /v1/backtest`, the MCP `backtest` tool, the studio chart)
 * await it first, so the first backtest after a start generates the fixtures' prices in slices
 * while other requests are served. Resolves at once once done.
 *
 * @example
 * await prepareBacktestPrices(ctx); runBacktest(ctx, input) // no price generation left
 */
export async function prepareBacktestPrices(ctx: UniverseAccess): Promise<void> {
  await prepareCompanyPriceTable(ctx.universe);
}
