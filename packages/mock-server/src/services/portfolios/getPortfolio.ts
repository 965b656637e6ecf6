import type { MemoAccess, StateAccess, UniverseAccess } from "../../context/contextParts.ts";
import type { Caller } from "../../context/ServiceContext.ts";
import type { PortfolioOut } from "../../schemas/portfolio.ts";
import { requireVisiblePortfolio } from "./_internal/portfolioAccess.ts";
import { presentPortfolio } from "./presentPortfolio.ts";
import { readPortfolios } from "./portfolioStore.ts";

/**
 * `GET /portfolios/{id}`: the portfolio with its holdings, for its owner or (public ones) anyone;
 * a non-owner sees `user_id` null (real-service notes "Portfolios").
 *
 * @throws ApiError 404 when absent, or private and not the caller's
 * @example
 * getPortfolio(ctx, bob, alicesPublicId).user_id // => null
 */
export function getPortfolio(ctx: UniverseAccess & StateAccess & MemoAccess, caller: Caller, id: string): PortfolioOut {
  return presentPortfolio(ctx.universe, requireVisiblePortfolio(readPortfolios(ctx), caller, id), caller);
}
