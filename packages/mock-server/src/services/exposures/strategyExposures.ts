import type { ReadContext, UniverseAccess } from "../../context/contextParts.ts";
import type { PremadeStrategy } from "../../_internal/fixtures.ts";
import { memoizeShared } from "../../context/memoize.ts";
import type { Caller } from "../../context/ServiceContext.ts";
import { notFound } from "../../errors/ApiError.ts";
import type { CompanyOut } from "../../schemas/company.ts";
import type { ExposureRow, ExposuresInput, ReturnDateRange } from "../../schemas/exposures.ts";
import type { StrategyRecord } from "../../store/StoreState.ts";
import { activeVersion, strategyStatus } from "../builds.ts";
import { lowerBound } from "../benchmarks/_internal/seriesDates.ts";
import { premadeIndex } from "../premade/findPremade.ts";
import { listStrategies } from "../strategies/listStrategies.ts";
import { rankedCompanies } from "../strategies/rankedCompanies.ts";
import { versionConstituents } from "../strategies/versionConstituents.ts";
import { requireVisible } from "../strategies/visibility.ts";
import { addUtcMonths } from "../_internal/addUtcMonths.ts";

interface Scored {
  id: string;
  name: string;
  companies: CompanyOut[];
}

/**
 * How a portfolio sits against strategies (the reference's "strategies exposures", v1 and v2),
 * one row per strategy, by descending exposure (ties: name, then id). With weights w_i of the
 * portfolio P and a strategy's companies S (its current companies: a user strategy's completed
 * active version, none before; a premade strategy's current run), see
 * docs/maths.md#strategy-exposures:
 *
 * - `exposure` = Σ_{i ∈ P∩S} w_i / Σ_{i ∈ P} w_i (0 when the weights sum to 0);
 * - `overlap` = |P∩S| / |S| (0 for a strategy without companies);
 * - `returns` = buy-and-hold return over the window of S weighted by conviction score (company
 *   lists' scores, default `scoringMinMarketCap`), over the companies priced on both window ends.
 *
 * Rounded to 6 decimals. Cost: O(strategies × companies).
 *
 * @throws ApiError 404 when a given strategy id is neither visible to the caller nor premade
 * @example
 * strategyExposures(ctx, alice, { companiesWeight: { [nvidia]: 1 }, returnDateRange: "1-year" })[0].exposure // => 1 (a strategy holding NVIDIA)
 */
export function strategyExposures(ctx: ReadContext, caller: Caller, input: ExposuresInput): ExposureRow[] {
  const weights = new Map(Object.entries(input.companiesWeight));
  let total = 0;
  for (const w of weights.values()) total += w;
  const window = windowIndexes(ctx, input.returnDateRange);
  const rows = targets(ctx, caller, input.strategyIds ?? []).map((s): ExposureRow => {
    let held = 0;
    let weight = 0;
    for (const c of s.companies) {
      const w = weights.get(c.id);
      if (w === undefined) continue;
      held += 1;
      weight += w;
    }
    return {
      id: s.id,
      name: s.name,
      overlap: round6(s.companies.length === 0 ? 0 : held / s.companies.length),
      exposure: round6(total > 0 ? weight / total : 0),
      returns: round6(basketReturn(ctx, s.companies, window)),
    };
  });
  return rows.sort((a, b) => b.exposure - a.exposure || a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1));
}

/** The strategies to score: the given ids (each visible or premade), else every visible one plus the premade library. */
function targets(ctx: ReadContext, caller: Caller, ids: readonly string[]): Scored[] {
  const now = ctx.clock.now();
  const premadeById = premadeIndex(ctx);
  const user = (s: StrategyRecord): Scored => {
    const version = activeVersion(s);
    const done = version !== undefined && strategyStatus(s, now) === 100;
    return {
      id: s.id,
      name: s.name,
      companies: done ? rankedCompanies(ctx.universe, versionConstituents(ctx, version), {}) : [],
    };
  };
  // A premade strategy's ranking depends on fixture data only: once per universe, shared by every session.
  const ranked = memoizeShared(ctx, "exposures:premade", () => new Map<string, CompanyOut[]>());
  const premade = (p: PremadeStrategy): Scored => {
    let companies = ranked.get(p.id);
    if (companies === undefined) ranked.set(p.id, (companies = rankedCompanies(ctx.universe, p.constituents, {})));
    return { id: p.id, name: p.name, companies };
  };
  if (ids.length > 0) {
    return [...new Set(ids)].map((id) => {
      if (ctx.store.state.strategies.some((s) => s.id === id))
        return user(requireVisible(ctx.store.state, caller, id, now, "exclude"));
      const p = premadeById.get(id);
      if (p !== undefined) return premade(p);
      throw notFound("strategy", id);
    });
  }
  return [...listStrategies(ctx, caller, "all").map(user), ...ctx.universe.premadeStrategies.map(premade)];
}

/** Calendar indexes of the window's first and last trading days (the window ends on the data's as-of date). */
function windowIndexes(ctx: UniverseAccess, range: ReturnDateRange): { from: number; to: number } {
  const { calendar } = ctx.universe.prices;
  const end = Date.parse(`${ctx.universe.asOf}T00:00:00Z`);
  const start = addUtcMonths(end, range === "1-month" ? -1 : range === "6-month" ? -6 : range === "1-year" ? -12 : -60);
  const to = Math.min(calendar.length - 1, lowerBound(calendar, end / 1000 + 86400) - 1);
  return { from: Math.min(lowerBound(calendar, start / 1000), to), to };
}

/** Σ c_i (P_i(to) / P_i(from)) / Σ c_i − 1 over the companies priced on both days (primary active listing); 0 when none. */
function basketReturn(
  ctx: UniverseAccess,
  companies: readonly CompanyOut[],
  window: { from: number; to: number },
): number {
  let num = 0;
  let den = 0;
  for (const c of companies) {
    const score = c.convictionScore ?? 0;
    if (!(score > 0)) continue;
    const company = ctx.universe.companyById.get(c.id);
    const listing =
      company?.securities.find((s) => s.isPrimary && s.active) ?? company?.securities.find((s) => s.active);
    const series = listing === undefined ? undefined : ctx.universe.prices.series.get(listing.id);
    if (series === undefined) continue;
    const a = series.closes[window.from - series.start];
    const b = series.closes[window.to - series.start];
    if (a === undefined || b === undefined || !(a > 0) || !Number.isFinite(b)) continue;
    num += score * (b / a);
    den += score;
  }
  return den > 0 ? num / den - 1 : 0;
}

function round6(x: number): number {
  return Number.isFinite(x) ? Math.round(x * 1e6) / 1e6 : 0;
}
