import type { MemoAccess, StateAccess, UniverseAccess } from "../../context/contextParts.ts";
import type { Caller } from "../../context/ServiceContext.ts";
import type { PortfolioListItemOut } from "../../schemas/portfolio.ts";
import { presentPortfolioItem } from "./presentPortfolio.ts";
import { readPortfolios } from "./portfolioStore.ts";

/**
 * `GET /portfolios` (docs/parity.md#portfolio-endpoints): the caller's portfolios plus every public one, without
 * holdings, most recently updated first (ties by id); `user_id` null on the ones the caller does
 * not own.
 *
 * Cost: O(p log p) for p portfolios.
 * @example
 * listPortfolios(ctx, alice).every((p) => p.public || p.user_id === alice.userId) // => true
 */
export function listPortfolios(ctx: UniverseAccess & StateAccess & MemoAccess, caller: Caller): PortfolioListItemOut[] {
  return readPortfolios(ctx)
    .filter((p) => p.userId === caller.userId || p.public)
    .sort((a, b) => b.updatedAt - a.updatedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((p) => presentPortfolioItem(p, caller));
}
