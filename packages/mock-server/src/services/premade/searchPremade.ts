import type { UniverseAccess } from "../../context/contextParts.ts";
import type { PremadeSearchResult } from "../../schemas/premade.ts";
import { presentPremade } from "./presentPremade.ts";
import { FUZZY_RATIO, fuzzyTerms } from "./_internal/fuzzyTerms.ts";
import { premadeSearchIndex } from "./_internal/premadeSearchIndex.ts";
import { queryTerms } from "./_internal/queryTerms.ts";

/** BM25 score per query term that maps to similarity 1 − 1/e ≈ 0.63 (a strong single-theme match scores about 50 a term). */
export const SIMILARITY_SCALE = 30;

/**
 * Premade strategies closest to a natural-language objective (docs/parity.md#premade-strategy-endpoints, #premade-search-match): BM25 (minisearch)
 * over one document per premade strategy with Porter-stemmed terms and hand-written concept
 * expansions per theme (see `_internal/themeConcepts.ts`), prefix and light fuzzy matching.
 * The query is the objective's distinct terms, at most `LIMITS.SEARCH_TERMS_MAX` ({@link queryTerms}),
 * of which at most `LIMITS.SEARCH_FUZZY_TERMS_MAX` are matched fuzzily ({@link fuzzyTerms}).
 * similarity = 1 − exp(−score / ({@link SIMILARITY_SCALE} · q)) with q the number of those terms
 * (BM25 sums over terms, so this keeps long and short objectives comparable), rounded to 4
 * decimals: in [0, 1], 0 when no term matches, monotone in the score, deterministic. Every premade strategy is
 * returned, by descending similarity, ties by name then id.
 * Cost: O(|objective|) to split, then O(q · postings) with q <= SEARCH_TERMS_MAX, and at most
 * SEARCH_FUZZY_TERMS_MAX fuzzy walks of the term tree; the index is built once per universe.
 *
 * @throws ApiError 400 never here: a blank objective is rejected by the route's schema
 * @example
 * searchPremade(ctx, "makers of qubit processors").matches[0].strategy.name // => "Quantum Computing"
 */
export function searchPremade(ctx: UniverseAccess, objective: string): PremadeSearchResult {
  const terms = queryTerms(objective);
  const scale = SIMILARITY_SCALE * Math.max(1, terms.length);
  const scores = new Map<string, number>();
  // The terms are already stemmed and distinct: the index must not tokenize or stem them again.
  const { index, longestTerm } = premadeSearchIndex(ctx);
  const fuzzy = fuzzyTerms(terms, longestTerm);
  const hits =
    terms.length === 0
      ? []
      : index.search(terms.join(" "), {
          tokenize: (text) => text.split(" "),
          processTerm: (term) => term,
          fuzzy: (term) => (fuzzy.has(term) ? FUZZY_RATIO : false),
        });
  for (const hit of hits) scores.set(String(hit.id), hit.score);
  const matches = ctx.universe.premadeStrategies.map((p) => {
    const score = scores.get(p.id) ?? 0;
    const similarity = Number.isFinite(score) && score > 0 ? Math.round((1 - Math.exp(-score / scale)) * 1e4) / 1e4 : 0;
    return { similarity, strategy: presentPremade(ctx, p), score };
  });
  matches.sort(
    (a, b) =>
      b.score - a.score || a.strategy.name.localeCompare(b.strategy.name) || (a.strategy.id < b.strategy.id ? -1 : 1),
  );
  return { matches: matches.map(({ similarity, strategy }) => ({ similarity, strategy })) };
}
