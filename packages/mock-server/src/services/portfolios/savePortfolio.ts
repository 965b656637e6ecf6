import type { ClockAccess, StoreAccess, UniverseAccess } from "../../context/contextParts.ts";
import type { Caller } from "../../context/ServiceContext.ts";
import type { PortfolioBody, PortfolioOut } from "../../schemas/portfolio.ts";
import { applyBody, toRecords } from "./_internal/applyBody.ts";
import { resolveHoldings } from "./_internal/resolveHoldings.ts";
import { presentPortfolio } from "./presentPortfolio.ts";
import type { PortfolioRecord } from "../../store/PortfolioRecord.ts";
import { draftPortfolios } from "./portfolioStore.ts";

/**
 * `POST /portfolios` (docs/parity.md#portfolio-endpoints): creates a portfolio, or, when the caller already has one with
 * this (trimmed, case-sensitive) name, overwrites it: holdings replaced, `created_at` and id kept,
 * `updated_at` bumped, omitted optional fields kept. One synchronous store write, so concurrent
 * posts of one name leave exactly one portfolio holding one of the posted sets.
 *
 * @param body validated by `PortfolioBodySchema`; holdings are resolved against the universe
 * @returns the portfolio and whether it was created (201) rather than overwritten (200)
 * @throws ApiError 400 naming `holdings[i]` when a holding cannot be resolved, repeats a security,
 *   or the weights sum to 0
 * @example
 * savePortfolio(ctx, alice, { name: "Core", holdings: [{ symbol: "QBIT", weight: 1 }] }).created // => true
 */
export function savePortfolio(
  ctx: UniverseAccess & ClockAccess & StoreAccess,
  caller: Caller,
  body: PortfolioBody,
): { portfolio: PortfolioOut; created: boolean } {
  const holdings = resolveHoldings(ctx, body.holdings);
  return ctx.store.mutate((draft) => {
    const now = ctx.clock.now();
    const portfolios = draftPortfolios(draft, ctx.universe);
    const existing = portfolios.find((p) => p.userId === caller.userId && p.name === body.name);
    if (existing !== undefined) {
      applyBody(existing, body, holdings, now);
      return { portfolio: presentPortfolio(ctx.universe, existing, caller), created: false };
    }
    const record: PortfolioRecord = {
      id: draft.newId(),
      userId: caller.userId,
      name: body.name,
      public: body.public ?? false,
      tags: body.tags == null ? null : [...body.tags],
      source: body.source ?? null,
      metadata: structuredClone(body.metadata ?? {}),
      createdAt: now,
      updatedAt: now,
      holdings: toRecords(holdings, now),
    };
    portfolios.push(record);
    return { portfolio: presentPortfolio(ctx.universe, record, caller), created: true };
  });
}
