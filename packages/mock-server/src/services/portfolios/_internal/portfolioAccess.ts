import type { Caller } from "../../../context/ServiceContext.ts";
import { ApiError, notFound } from "../../../errors/ApiError.ts";
import type { PortfolioRecord } from "../../../store/PortfolioRecord.ts";

/**
 * The portfolio `id` if `caller` owns it or it is public (docs/parity.md#authentication).
 *
 * Cost: O(p).
 * @throws ApiError 404 when absent, or private and another user's
 * @example
 * requireVisiblePortfolio(portfolios, bob, alicesPublicId).id === alicesPublicId // => true
 */
export function requireVisiblePortfolio<P extends PortfolioRecord>(
  portfolios: readonly P[],
  caller: Caller,
  id: string,
): P {
  const p = portfolios.find((x) => x.id === id);
  if (p === undefined || (p.userId !== caller.userId && !p.public)) throw notFound("portfolio", id);
  return p;
}

/**
 * The portfolio `id`, which `caller` must own (docs/parity.md#authentication: only the owner updates).
 *
 * Cost: O(p).
 * @throws ApiError 404 when absent or invisible; 403 when public but another user's
 * @example
 * requireOwnedPortfolio(portfolios, alice, alicesId).userId === alice.userId // => true
 */
export function requireOwnedPortfolio<P extends PortfolioRecord>(
  portfolios: readonly P[],
  caller: Caller,
  id: string,
): P {
  const p = requireVisiblePortfolio(portfolios, caller, id);
  if (p.userId !== caller.userId)
    throw new ApiError(403, `portfolio ${id} belongs to another user; only the owner may change or delete it`);
  return p;
}
