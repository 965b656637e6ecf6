import type { Constituent, Universe } from "../../_internal/fixtures.ts";
import { unitHash } from "../../_internal/hash.ts";
import { isExcluded } from "./isExcluded.ts";
import { scoreRelevance } from "./scoreRelevance.ts";

/** Companies whose relevance is below this share of the best one are not selected. */
export const RELATIVE_RELEVANCE_FLOOR = 0.25;

/**
 * The companies a build of (objective, exclusions) selects, with their signals: the most
 * relevant active companies (see `scoreRelevance`), at least {@link RELATIVE_RELEVANCE_FLOOR} of
 * the best score, at most `limit`, minus those an exclusion phrase matches (`isExcluded`).
 * Signals are deterministic: with r = score / best score in (0, 1] and h1, h2 in [0, 1) hashes
 * of (versionId, companyId),
 * linguisticBeta = 0.1 + 0.85·r·(0.8 + 0.2·h1) and marketBuzz = 0.05 + 0.45·r + 0.45·h2, both
 * in [0, 1], rounded to 4 decimals. Empty when no company is relevant.
 *
 * @param universe companies and themes
 * @param objective the version's objective
 * @param exclusions the version's exclusion phrases
 * @param versionId seeds the signal noise (a re-run of a version gives the same companies)
 * @param limit maximum number of companies, >= 1
 * @example
 * selectConstituents(universe, "quantum computing", [], "v1", 40).length > 0 // => true
 */
export function selectConstituents(
  universe: Pick<Universe, "companies" | "themes" | "companyById">,
  objective: string,
  exclusions: readonly string[],
  versionId: string,
  limit: number,
): Constituent[] {
  const scored = scoreRelevance(universe, objective);
  const best = scored.reduce((m, r) => Math.max(m, r.score), 0);
  if (best <= 0) return [];
  const kept = scored
    .filter((r) => r.score >= RELATIVE_RELEVANCE_FLOOR * best)
    .filter((r) => {
      const company = universe.companyById.get(r.companyId);
      return company !== undefined && !isExcluded(company, exclusions, universe.companies);
    })
    .sort((a, b) => b.score - a.score || (a.companyId < b.companyId ? -1 : 1))
    .slice(0, limit);
  return kept.map((r) => {
    const relative = r.score / best;
    const h1 = unitHash(`${versionId}:${r.companyId}:lb`);
    const h2 = unitHash(`${versionId}:${r.companyId}:mb`);
    const company = universe.companyById.get(r.companyId);
    const why = [
      r.theme === null ? null : `exposure to ${r.theme.name} (${Math.round(r.theme.exposure * 100)}%)`,
      r.matchedTerms.length === 0 ? null : `its business matches "${r.matchedTerms.join('", "')}"`,
    ].filter((s): s is string => s !== null);
    return {
      companyId: r.companyId,
      linguisticBeta: round4(0.1 + 0.85 * relative * (0.8 + 0.2 * h1)),
      marketBuzz: round4(0.05 + 0.45 * relative + 0.45 * h2),
      reasoning: `${company?.name ?? r.companyId} is included for ${why.join(" and ")}; relevance ${round4(relative)} of the best match.`,
    };
  });
}

function round4(x: number): number {
  return Math.round(x * 1e4) / 1e4;
}
