import type { Company, Theme, Universe } from "../../_internal/fixtures.ts";
import { normalizeText, tokenize } from "./_internal/tokenize.ts";

/** How relevant one company is to an objective, and why. */
export interface Relevance {
  companyId: string;
  /** In [0, 1]: 0.7 × best (theme match × exposure) + 0.3 × lexical match of the company text. */
  score: number;
  /** Objective words found in the company's own text. */
  matchedTerms: string[];
  /** The theme contributing most, when any theme matched. */
  theme: { slug: string; name: string; exposure: number } | null;
}

/**
 * How strongly an objective speaks of a theme, in [0, 1): s / (1 + s) where s counts 2 per
 * multi-word keyword found as a phrase, 1 per single-word keyword among the objective's words,
 * and 0.5 per word of the theme's name.
 *
 * @example
 * themeMatch(["quantum", "computing"], " quantum computing ", quantumTheme) > 0.5 // => true
 */
export function themeMatch(objectiveTokens: readonly string[], objectiveText: string, theme: Theme): number {
  const tokens = new Set(objectiveTokens);
  let s = 0;
  for (const keyword of theme.keywords) {
    const words = tokenize(keyword);
    if (words.length === 0) continue;
    if (words.length > 1) {
      if (objectiveText.includes(normalizeText(keyword))) s += 2;
    } else if (tokens.has(words[0] ?? "")) {
      s += 1;
    }
  }
  for (const word of new Set(tokenize(theme.name))) if (tokens.has(word)) s += 0.5;
  return s / (1 + s);
}

/**
 * Lexical relevance of every active company of the universe to `objective` (contract: a strategy
 * is built from a natural-language objective). Cost O(companies × (themes + words)).
 *
 * @param universe companies and themes
 * @param objective the natural-language objective
 * @returns one entry per active company with score > 0, in universe order
 * @example
 * scoreRelevance(universe, "quantum computing hardware")[0].score > 0 // => true
 */
export function scoreRelevance(universe: Pick<Universe, "companies" | "themes">, objective: string): Relevance[] {
  const tokens = tokenize(objective);
  if (tokens.length === 0) return [];
  const text = normalizeText(objective);
  const tokenSet = new Set(tokens);
  const themeScores = new Map(universe.themes.map((t) => [t.slug, { theme: t, match: themeMatch(tokens, text, t) }]));
  const out: Relevance[] = [];
  for (const company of universe.companies) {
    if (!company.active) continue;
    const r = companyRelevance(company, tokenSet, themeScores);
    if (r.score > 0) out.push(r);
  }
  return out;
}

function companyRelevance(
  company: Company,
  tokens: ReadonlySet<string>,
  themeScores: ReadonlyMap<string, { theme: Theme; match: number }>,
): Relevance {
  let best: Relevance["theme"] = null;
  let bestScore = 0;
  for (const exposure of company.themes) {
    const entry = themeScores.get(exposure.theme);
    if (entry === undefined) continue;
    const s = entry.match * exposure.exposure;
    if (s > bestScore) {
      bestScore = s;
      best = { slug: entry.theme.slug, name: entry.theme.name, exposure: exposure.exposure };
    }
  }
  const own = new Set(tokenize(`${company.name} ${company.description}`));
  const classification = new Set(tokenize(`${company.sector} ${company.industry}`));
  const matchedTerms = [...tokens].filter((t) => own.has(t) || classification.has(t));
  let raw = 0;
  for (const t of tokens) raw += own.has(t) ? 1 : classification.has(t) ? 0.5 : 0;
  const lexical = raw / (raw + 2);
  return { companyId: company.id, score: 0.7 * bestScore + 0.3 * lexical, matchedTerms, theme: best };
}
