import type { StoreAccess, UniverseAccess } from "../../context/contextParts.ts";
import type { Caller } from "../../context/ServiceContext.ts";
import { requireOwnedPortfolio } from "./_internal/portfolioAccess.ts";
import { draftPortfolios } from "./portfolioStore.ts";

/**
 * `DELETE /portfolios/{id}`: the owner deletes the portfolio, permanently (answered 204).
 *
 * @throws ApiError 404 when absent or invisible; 403 when it is another user's public portfolio
 * @example
 * deletePortfolio(ctx, alice, id) // => undefined
 */
export function deletePortfolio(ctx: UniverseAccess & StoreAccess, caller: Caller, id: string): void {
  ctx.store.mutate((draft) => {
    const portfolios = draftPortfolios(draft, ctx.universe);
    const p = requireOwnedPortfolio(portfolios, caller, id);
    portfolios.splice(portfolios.indexOf(p), 1);
  });
}
