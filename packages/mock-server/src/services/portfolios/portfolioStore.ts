import type { MemoAccess, StateAccess, UniverseAccess } from "../../context/contextParts.ts";
import { memoize } from "../../context/memoize.ts";
import type { Universe } from "../../_internal/fixtures.ts";
import type { Draft } from "../../store/Store.ts";
import { PORTFOLIOS_KEY, type PortfolioRecord, type PortfoliosExtension } from "../../store/PortfolioRecord.ts";
import type { StoreState } from "../../store/StoreState.ts";

/**
 * The fixture portfolios as records: holdings dated at their portfolio's `updatedAt` (the last
 * time its holdings were written), `raw_payload` empty.
 *
 * @example
 * initialPortfolios(universe).length === universe.portfolios.length // => true
 */
export function initialPortfolios(universe: Pick<Universe, "portfolios">): PortfolioRecord[] {
  return universe.portfolios.map((p) => {
    const updatedAt = Date.parse(p.updatedAt);
    return {
      id: p.id,
      userId: p.userId,
      name: p.name,
      public: p.public,
      tags: p.tags === null ? null : [...p.tags],
      source: p.source,
      metadata: structuredClone(p.metadata),
      createdAt: Date.parse(p.createdAt),
      updatedAt,
      holdings: p.holdings.map((h) => ({
        securityId: h.securityId,
        weight: h.weight,
        rawPayload: {},
        createdAt: updatedAt,
        updatedAt,
      })),
    };
  });
}

function isExtension(value: unknown): value is PortfoliosExtension {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { version?: unknown }).version === 1 &&
    Array.isArray((value as { portfolios?: unknown }).portfolios)
  );
}

/**
 * The portfolios now (read-only): the store's when the area has written any, else the fixtures'
 * (memoised; the memo is cleared on reset). Treat the result as read-only.
 *
 * @example
 * readPortfolios(ctx).every((p) => p.name.length > 0) // => true
 */
export function readPortfolios(ctx: UniverseAccess & StateAccess & MemoAccess): readonly PortfolioRecord[] {
  const ext = (ctx.store.state as StoreState).extensions[PORTFOLIOS_KEY];
  if (isExtension(ext)) return ext.portfolios;
  return memoize(ctx, "portfolios:initial", () => initialPortfolios(ctx.universe));
}

/**
 * The portfolios inside a store write: initialises the area from the fixtures when absent (or
 * not in the current format), so `reset` and persistence work. Mutate the returned array.
 *
 * @example
 * ctx.store.mutate((draft) => draftPortfolios(draft, ctx.universe).length) === readPortfolios(ctx).length // => true
 */
export function draftPortfolios(draft: Draft, universe: Pick<Universe, "portfolios">): PortfolioRecord[] {
  const ext = draft.state.extensions[PORTFOLIOS_KEY];
  if (isExtension(ext)) return ext.portfolios;
  const fresh: PortfoliosExtension = { version: 1, portfolios: initialPortfolios(universe) };
  draft.state.extensions[PORTFOLIOS_KEY] = fresh;
  return fresh.portfolios;
}
