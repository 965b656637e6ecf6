import type { ReadContext } from "../../context/contextParts.ts";
import { memoize } from "../../context/memoize.ts";
import { uuidFrom } from "../../_internal/hash.ts";
import type { StrategyRecord } from "../../store/StoreState.ts";
import type { Performance } from "../../schemas/performance.ts";
import { activeVersion, strategyStatus } from "../builds.ts";
import { strategyPerformance } from "../performance/strategyPerformance.ts";
import { versionConstituents } from "../strategies/versionConstituents.ts";
import { buildEnvelope, type BuildEnvelope } from "./buildEnvelope.ts";

/** What the presenters derive from a strategy at a time: status, taxonomy ids and performance. */
export interface StrategyDerived {
  status: number;
  completed: boolean;
  /** Taxonomy group ids (uuid) of the themes of the companies, empty unless completed. */
  metathemes: string[];
  /** Taxonomy group ids (uuid) of the GICS sectors of the companies, empty unless completed. */
  gicsSectors: string[];
  performance: Performance | null;
  /** The v1 build fields (growth, exchanges, limit, market-cap and evidence bounds); null unless completed with companies. */
  envelope: BuildEnvelope | null;
}

/** The taxonomy id of a theme slug (stable uuid). @example themeGroupId("ai") === themeGroupId("ai") // => true */
export function themeGroupId(slug: string): string {
  return uuidFrom(`metatheme:${slug}`);
}

/** The taxonomy id of a GICS sector name (stable uuid). */
export function sectorGroupId(sector: string): string {
  return uuidFrom(`gics-sector:${sector}`);
}

/**
 * Status, completion, taxonomy and performance of `s` now. Everything but status is a pure
 * function of the active version, memoised by its id.
 */
export function strategyDerived(ctx: ReadContext, s: StrategyRecord): StrategyDerived {
  const status = strategyStatus(s, ctx.clock.now());
  const version = activeVersion(s);
  if (status !== 100 || version === undefined)
    return { status, completed: false, metathemes: [], gicsSectors: [], performance: null, envelope: null };
  return memoize(ctx, `derived:${version.id}:${JSON.stringify([version.objective, version.exclusions])}`, () => {
    const constituents = versionConstituents(ctx, version);
    const themes = new Set<string>();
    const sectors = new Set<string>();
    for (const c of constituents) {
      const company = ctx.universe.companyById.get(c.companyId);
      if (company === undefined) continue;
      sectors.add(company.sector);
      const top = [...company.themes].sort((a, b) => b.exposure - a.exposure)[0];
      if (top !== undefined) themes.add(top.theme);
    }
    return {
      status: 100,
      completed: true,
      metathemes: [...themes].sort().map(themeGroupId),
      gicsSectors: [...sectors].sort().map(sectorGroupId),
      performance: strategyPerformance(ctx.universe, constituents),
      envelope: buildEnvelope(
        ctx,
        constituents.map((c) => c.companyId),
        ctx.options.maxStrategyCompanies,
      ),
    };
  });
}
