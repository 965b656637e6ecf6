import type { UniverseAccess } from "../../context/contextParts.ts";
import { DEFAULT_SCORING_MIN_MARKET_CAP } from "@thematic/engine";
import { ApiError, notFound } from "../../errors/ApiError.ts";
import type { CompanyOut } from "../../schemas/company.ts";
import { marketCapAsOf } from "../_internal/marketCapAsOf.ts";
import { findPremade } from "./findPremade.ts";
import { type CachedHoldings, cachedHoldings, holdingsCache } from "./_internal/holdingsCache.ts";
import { type HoldingRow, rankHoldings } from "./_internal/rankHoldings.ts";
import { snapshotReasoning } from "./_internal/snapshotReasoning.ts";

/** Options of {@link historicalData}: as for the current list. */
export interface HistoricalDataOptions {
  /** Add `reasoning` (why the company was held then, from that run's signals); default false. */
  includeReasoning?: boolean | undefined;
  /** Companies below this market cap (USD) get convictionScore 0; default 500000000. */
  scoringMinMarketCap?: number | undefined;
}

/**
 * The companies of a premade strategy as of a completed historical run (docs/parity.md#premade-strategy-endpoints): shape 2.4
 * with the signals of that snapshot, conviction computed over the snapshot's constituents
 * (`scoringMinMarketCap`, default 500000000), ranked like the current list. With
 * `includeReasoning`, each company's `reasoning` says why it was held then, from that run's
 * signals (`snapshotReasoning`). Scored and reported with the market caps of that date
 * (docs/maths.md#market-cap-as-of-a-date); names and listings are today's.
 * Ranked lists share the bounded cache of {@link premadeCompanies}.
 *
 * @throws ApiError 404 when the strategy is unknown or has no run on `date`
 * @throws ApiError 409 when the run of `date` is processing or failed
 * @example
 * historicalData(ctx, premade.id, "2026-09-30", {}).length // => 44
 */
export function historicalData(
  ctx: UniverseAccess,
  id: string,
  date: string,
  options: HistoricalDataOptions = {},
): CompanyOut[] {
  return historicalDataCached(ctx, id, date, options).companies;
}

/**
 * {@link historicalData} with its JSON text (serialised once per cache entry), for the route.
 *
 * @throws ApiError 404, 409 as {@link historicalData}
 * @example
 * JSON.parse(historicalDataCached(ctx, premade.id, "2026-09-30", {}).json).length // => 44
 */
export function historicalDataCached(
  ctx: UniverseAccess,
  id: string,
  date: string,
  options: HistoricalDataOptions = {},
): CachedHoldings {
  const p = findPremade(ctx, id);
  const snapshot = p.snapshots.find((s) => s.date === date);
  if (snapshot === undefined) throw notFound(`historical run of premade strategy ${p.id} on`, date);
  if (snapshot.state !== "completed") {
    throw new ApiError(
      409,
      `the historical run of ${date} is ${snapshot.state}${snapshot.state === "processing" ? "; retry later" : ""}`,
    );
  }
  const minCap = options.scoringMinMarketCap ?? DEFAULT_SCORING_MIN_MARKET_CAP;
  const withReasoning = options.includeReasoning === true;
  return holdingsCache(ctx).memo(`snapshot|${p.id}|${date}|${minCap}|${withReasoning}`, {
    context: () => {
      const rows: HoldingRow[] = [];
      for (const c of snapshot.constituents) {
        const company = ctx.universe.companyById.get(c.companyId);
        if (company !== undefined) {
          const then = { ...company, marketCap: marketCapAsOf(ctx.universe.prices, company, date) };
          rows.push({
            company: then,
            constituent: {
              ...c,
              reasoning: snapshotReasoning(company.name, p.name, date, c.linguisticBeta, c.marketBuzz),
            },
          });
        }
      }
      return cachedHoldings(rankHoldings(rows, minCap, withReasoning));
    },
  });
}
