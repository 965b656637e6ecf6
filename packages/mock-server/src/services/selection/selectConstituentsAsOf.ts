import type { Company, Constituent, PremadeStrategy, Universe } from "../../_internal/fixtures.ts";
import { unitHash } from "../../_internal/hash.ts";
import { normalizeText, tokenize } from "./_internal/tokenize.ts";
import { isExcluded } from "./isExcluded.ts";
import { scoreRelevance, themeMatch } from "./scoreRelevance.ts";
import { RELATIVE_RELEVANCE_FLOOR } from "./selectConstituents.ts";
import { type ThemeRunSignals, themeSignalsAsOf } from "./themeSignalsAsOf.ts";

/**
 * The companies a HISTORICAL run of (objective, exclusions) selects as of `date`, with their
 * signals on that date: the live selection (`selectConstituents`) replayed on the universe of
 * that day.
 *
 * 1. Universe of the day: the companies with a listing that traded on `date` (listed on or
 *    before it, not delisted before it), whatever their status today; a company listed later
 *    cannot be selected, one delisted since can.
 * 2. Selection: the same relevance (`scoreRelevance`), floor ({@link RELATIVE_RELEVANCE_FLOOR} of
 *    the best), exclusions (`isExcluded`) and `limit` as a live run.
 * 3. Signals, consistent with the premade snapshots: among the themes the objective speaks of
 *    (`themeMatch` > 0) whose premade strategy held the company in its latest completed run on or
 *    before `date`, the one the objective speaks of most (then the company's larger exposure)
 *    gives the company that run's `linguisticBeta` and `marketBuzz` (the service's record of its
 *    signals on the theme then): an objective equal to a premade strategy's holds that strategy's
 *    signals for every company both hold. Any other company gets the live formula seeded by
 *    (version, date), with r = score / best score and h1, h2 hashes in [0, 1):
 *    linguisticBeta = 0.1 + 0.85·r·(0.8 + 0.2·h1), marketBuzz = 0.05 + 0.45·r + 0.45·h2
 *    (4 decimals); when the run of its best-matching theme exists, its linguisticBeta is capped
 *    just under that run's weakest holding (it did not make that run's cut), floor 0.005.
 * 4. Reasoning: why it was selected, as of `date`.
 *
 * Conviction (the scoring) is computed on read over the run's constituents, as for every list.
 * Deterministic; cost O(companies × (themes + words)).
 *
 * @param universe companies, themes, premade strategies (their snapshots)
 * @param objective the version's objective
 * @param exclusions the version's exclusions
 * @param versionId seeds the signal noise
 * @param limit maximum number of companies, >= 1
 * @param date the run's as-of date, YYYY-MM-DD
 * @example
 * selectConstituentsAsOf(universe, "quantum computing", [], "v1", 40, "2025-06-30").length > 0 // => true
 */
export function selectConstituentsAsOf(
  universe: Pick<Universe, "companies" | "themes" | "companyById" | "premadeStrategies">,
  objective: string,
  exclusions: readonly string[],
  versionId: string,
  limit: number,
  date: string,
): Constituent[] {
  const ofTheDay = universe.companies
    .filter((c) => tradedOn(c, date))
    .map((c) => (c.active ? c : { ...c, active: true }));
  const scored = scoreRelevance({ companies: ofTheDay, themes: universe.themes }, objective);
  const best = scored.reduce((m, r) => Math.max(m, r.score), 0);
  if (best <= 0) return [];
  const signals = themeSignalsAsOf(universe.premadeStrategies as readonly PremadeStrategy[], date);
  const tokens = tokenize(objective);
  const text = normalizeText(objective);
  const matches = new Map(universe.themes.map((t) => [t.slug, themeMatch(tokens, text, t)]));
  return scored
    .filter((r) => r.score >= RELATIVE_RELEVANCE_FLOOR * best)
    .filter((r) => {
      const company = universe.companyById.get(r.companyId);
      return company !== undefined && !isExcluded(company, exclusions, universe.companies);
    })
    .sort((a, b) => b.score - a.score || (a.companyId < b.companyId ? -1 : 1))
    .slice(0, limit)
    .map((r) => {
      const relative = r.score / best;
      const run = r.theme === null ? undefined : signals.get(r.theme.slug);
      const holder = heldBy(universe.companyById.get(r.companyId), matches, signals);
      const held = holder?.held.get(r.companyId);
      const name = universe.companyById.get(r.companyId)?.name ?? r.companyId;
      const why = [
        r.theme === null ? null : `exposure to ${r.theme.name} (${Math.round(r.theme.exposure * 100)}%)`,
        r.matchedTerms.length === 0 ? null : `its business matches "${r.matchedTerms.join('", "')}"`,
      ].filter((s): s is string => s !== null);
      const reasoning = `As of ${date}, ${name} is included for ${why.join(" and ")}; relevance ${round4(relative)} of the best match.`;
      if (held !== undefined) {
        return {
          companyId: r.companyId,
          linguisticBeta: held.linguisticBeta,
          marketBuzz: held.marketBuzz,
          reasoning: `${reasoning} Signals of the ${holder?.name} run of ${holder?.date}.`,
        };
      }
      const h1 = unitHash(`${versionId}:${date}:${r.companyId}:lb`);
      const h2 = unitHash(`${versionId}:${date}:${r.companyId}:mb`);
      const derived = round4(0.1 + 0.85 * relative * (0.8 + 0.2 * h1));
      const linguisticBeta =
        run === undefined ? derived : Math.max(0.005, Math.min(derived, round4(run.weakest - 0.001)));
      return {
        companyId: r.companyId,
        linguisticBeta,
        marketBuzz: round4(0.05 + 0.45 * relative + 0.45 * h2),
        reasoning,
      };
    });
}

/**
 * The theme run whose signals a company takes: among the themes the objective speaks of whose run
 * held the company, the most spoken of, then the company's larger exposure; undefined when none.
 */
function heldBy(
  company: Company | undefined,
  matches: ReadonlyMap<string, number>,
  runs: ReadonlyMap<string, ThemeRunSignals>,
): ThemeRunSignals | undefined {
  let best: { run: ThemeRunSignals; match: number; exposure: number } | undefined;
  for (const { theme, exposure } of company?.themes ?? []) {
    const match = matches.get(theme) ?? 0;
    const run = runs.get(theme);
    if (match <= 0 || run === undefined || company === undefined || !run.held.has(company.id)) continue;
    if (best === undefined || match > best.match || (match === best.match && exposure > best.exposure))
      best = { run, match, exposure };
  }
  return best?.run;
}

/** True when one of `company`'s listings traded on `date` (YYYY-MM-DD strings compare as dates). */
export function tradedOn(company: Pick<Company, "securities">, date: string): boolean {
  return company.securities.some((s) => s.listedOn <= date && (s.delistedOn === null || date <= s.delistedOn));
}

function round4(x: number): number {
  return Math.round(x * 1e4) / 1e4;
}
