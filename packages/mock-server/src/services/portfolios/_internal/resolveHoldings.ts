import type { UniverseAccess } from "../../../context/contextParts.ts";
import { memoizeShared } from "../../../context/memoize.ts";
import type { Security } from "../../../_internal/fixtures.ts";
import { ApiError } from "../../../errors/ApiError.ts";
import type { HoldingInput } from "../../../schemas/portfolio.ts";

/** A holding whose security was found in the universe. */
export interface ResolvedHolding {
  security: Security;
  weight: number;
  rawPayload: Record<string, unknown>;
}

const bad = (at: string, message: string) => new ApiError(400, `${at}: ${message}`);
const same = (a: string, b: string) => a.toUpperCase() === b.toUpperCase();

function symbolIndex(ctx: UniverseAccess): ReadonlyMap<string, readonly Security[]> {
  return memoizeShared(ctx, "portfolios:symbolIndex", () => {
    const index = new Map<string, Security[]>();
    for (const c of ctx.universe.companies) {
      for (const s of c.securities) {
        const key = s.symbol.toUpperCase();
        const list = index.get(key);
        if (list === undefined) index.set(key, [s]);
        else list.push(s);
      }
    }
    return index;
  });
}

/** Picks one listing: active before inactive, then primary before secondary, then the first. */
function preferred(listings: readonly Security[]): Security | undefined {
  const active = listings.filter((s) => s.active);
  const pool = active.length > 0 ? active : listings;
  return pool.find((s) => s.isPrimary) ?? pool[0];
}

function resolveOne(ctx: UniverseAccess, h: HoldingInput, at: string): Security {
  const { security_id: securityId, org_id: orgId, symbol, exchange } = h;
  const onExchange = (s: Security) => exchange == null || same(s.exchange, exchange) || same(s.mic, exchange);
  if (securityId != null) {
    const s = ctx.universe.securityById.get(securityId);
    if (s === undefined) throw bad(`${at}.security_id`, `no security ${securityId}`);
    if (orgId != null && s.companyId !== orgId)
      throw bad(`${at}.org_id`, `security ${securityId} belongs to company ${s.companyId}, not ${orgId}`);
    if (symbol != null && !same(s.symbol, symbol))
      throw bad(`${at}.symbol`, `security ${securityId} has symbol ${s.symbol}, not ${symbol}`);
    if (!onExchange(s))
      throw bad(`${at}.exchange`, `security ${securityId} is listed on ${s.exchange} (${s.mic}), not ${exchange}`);
    return s;
  }
  if (symbol != null) {
    const candidates = (symbolIndex(ctx).get(symbol.toUpperCase()) ?? []).filter(
      (s) => onExchange(s) && (orgId == null || s.companyId === orgId),
    );
    const where = `${exchange == null ? "" : ` on ${exchange}`}${orgId == null ? "" : ` for company ${orgId}`}`;
    if (candidates.length === 0) throw bad(at, `no security with symbol ${symbol}${where}`);
    const active = candidates.filter((s) => s.active);
    const pool = active.length > 0 ? active : candidates;
    const companies = new Set(pool.map((s) => s.companyId));
    if (companies.size > 1) {
      const venues = [...new Set(pool.map((s) => s.exchange))].join(", ");
      throw bad(
        at,
        `symbol ${symbol}${where} is ambiguous (${companies.size} companies, on ${venues}); add exchange or org_id`,
      );
    }
    return preferred(pool)!;
  }
  if (orgId != null) {
    const company = ctx.universe.companyById.get(orgId);
    if (company === undefined) throw bad(`${at}.org_id`, `no company ${orgId}`);
    const listing = preferred(company.securities.filter(onExchange));
    if (listing === undefined) throw bad(`${at}.exchange`, `company ${orgId} has no listing on ${exchange}`);
    return listing;
  }
  throw bad(at, "identify the security with security_id, symbol (optionally with exchange) or org_id");
}

/**
 * Resolves every holding of a portfolio write to a security of the universe (rules in
 * `HoldingInputSchema`, schemas/portfolio.ts) and checks the set: no security twice, weights summing to > 0.
 *
 * Cost: O(h) lookups (a symbol index built once per universe).
 * @throws ApiError 400 naming `holdings[i]` (or `holdings[i].<field>`) for an unresolvable or
 *   inconsistent holding, a repeated security, or weights summing to 0
 * @example
 * resolveHoldings(ctx, [{ symbol: "QBIT", weight: 1 }])[0].security.symbol // => "QBIT"
 */
export function resolveHoldings(ctx: UniverseAccess, holdings: readonly HoldingInput[]): ResolvedHolding[] {
  const seen = new Map<string, number>();
  const resolved = holdings.map((h, i): ResolvedHolding => {
    const at = `holdings[${i}]`;
    const security = resolveOne(ctx, h, at);
    const first = seen.get(security.id);
    if (first !== undefined)
      throw bad(at, `repeats the security of holdings[${first}] (${security.symbol} on ${security.exchange})`);
    seen.set(security.id, i);
    return { security, weight: h.weight, rawPayload: h.raw_payload == null ? {} : structuredClone(h.raw_payload) };
  });
  const total = resolved.reduce((sum, h) => sum + h.weight, 0);
  if (!(total > 0)) throw new ApiError(400, "holdings: the weights must sum to more than 0");
  return resolved;
}
