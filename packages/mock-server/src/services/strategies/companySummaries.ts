import type { UniverseAccess } from "../../context/contextParts.ts";
import type { EvidenceOut } from "../../schemas/company.ts";

/** At most this many summaries back one company's evidence. */
export const MAX_SUMMARIES = 5;

/**
 * The dated summaries the service holds about a company (the premade strategies' evidence for
 * it), newest first, duplicates removed, at most {@link MAX_SUMMARIES}; with `until` (Unix
 * seconds) only those published by then (a run as of a past date cannot cite later news).
 *
 * @example
 * companySummaries(ctx, companyId, Date.UTC(2025, 5, 30) / 1000).every((s) => s.pubDate <= Date.UTC(2025, 5, 30) / 1000) // => true
 */
export function companySummaries(ctx: UniverseAccess, companyId: string, until?: number): EvidenceOut["summaries"] {
  return ctx.universe.premadeStrategies
    .flatMap((p) => p.evidence.filter((e) => e.companyId === companyId).flatMap((e) => e.summaries))
    .filter((x) => until === undefined || x.pubDate <= until)
    .sort((a, b) => b.pubDate - a.pubDate || a.text.localeCompare(b.text))
    .filter((x, i, all) => all.findIndex((y) => y.text === x.text && y.pubDate === x.pubDate) === i)
    .slice(0, MAX_SUMMARIES)
    .map((x) => ({ provider: x.provider, pubDate: x.pubDate, text: x.text }));
}
