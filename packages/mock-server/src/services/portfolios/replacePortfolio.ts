import type { ClockAccess, StoreAccess, UniverseAccess } from "../../context/contextParts.ts";
import type { Caller } from "../../context/ServiceContext.ts";
import { ApiError } from "../../errors/ApiError.ts";
import type { PortfolioBody, PortfolioOut } from "../../schemas/portfolio.ts";
import { applyBody } from "./_internal/applyBody.ts";
import { requireOwnedPortfolio } from "./_internal/portfolioAccess.ts";
import { resolveHoldings } from "./_internal/resolveHoldings.ts";
import { presentPortfolio } from "./presentPortfolio.ts";
import { draftPortfolios } from "./portfolioStore.ts";

/**
 * `PUT /portfolios/{id}` (docs/parity.md#portfolio-endpoints): the owner replaces the holdings (and name; omitted
 * optional fields keep their values); `updated_at` bumped, `created_at` kept.
 *
 * @throws ApiError 404 when absent or invisible; 403 when it is another user's public portfolio;
 *   409 when the new name is that of another of the caller's portfolios; 400 naming `holdings[i]`
 *   for an unresolvable holding (see `savePortfolio`)
 * @example
 * replacePortfolio(ctx, alice, id, { name: "Core", holdings: [{ symbol: "CRYO", weight: 1 }] }).holdings.length // => 1
 */
export function replacePortfolio(
  ctx: UniverseAccess & ClockAccess & StoreAccess,
  caller: Caller,
  id: string,
  body: PortfolioBody,
): PortfolioOut {
  return ctx.store.mutate((draft) => {
    const portfolios = draftPortfolios(draft, ctx.universe);
    const p = requireOwnedPortfolio(portfolios, caller, id);
    const clash = portfolios.find((x) => x.userId === caller.userId && x.name === body.name && x.id !== id);
    if (clash !== undefined)
      throw new ApiError(
        409,
        `body.name: you already have a portfolio named "${body.name}" (${clash.id}); rename or delete it first`,
      );
    applyBody(p, body, resolveHoldings(ctx, body.holdings), ctx.clock.now());
    return presentPortfolio(ctx.universe, p, caller);
  });
}
