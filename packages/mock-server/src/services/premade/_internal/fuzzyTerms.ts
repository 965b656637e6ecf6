import { LIMITS } from "../../../schemas/limits.ts";

/** Shortest query term matched fuzzily (shorter words have too many near neighbours). */
export const FUZZY_MIN_LENGTH = 7;

/**
 * Longest query term matched fuzzily. minisearch's edit-distance table grows with the square of
 * the term's length (one 100 000-letter word asked for a 10 GB array: a 500).
 */
export const MAX_FUZZY_TERM_LENGTH = 64;

/** Edit distance allowed per letter of a fuzzy term (minisearch's `fuzzy` ratio). */
export const FUZZY_RATIO = 0.15;

/** Largest edit distance minisearch allows whatever the ratio (its `maxFuzzy` default). */
export const MAX_FUZZY_DISTANCE = 6;

/**
 * The query terms a premade search matches fuzzily: terms of {@link FUZZY_MIN_LENGTH} to
 * {@link MAX_FUZZY_TERM_LENGTH} letters that can be within their edit distance
 * d = min(6, round(0.15 · length)) of some indexed term, i.e. length − d ≤ `longestIndexed`
 * (an edit changes the length by at most one, so a longer term matches nothing fuzzily and
 * skipping it changes no result), at most `LIMITS.SEARCH_FUZZY_TERMS_MAX` of them, the first
 * in query order. Fuzzy matching is most of a search's cost (about 0.2 to 0.5 ms a term of 15
 * to 18 letters, against 0.01 ms exact): this bounds a search's cost whatever its objective
 * (docs/decisions.md "Premade search cost"); other terms still match exactly and by prefix.
 *
 * Cost: O(number of terms).
 * @param terms distinct query terms, in query order (`queryTerms`)
 * @param longestIndexed letters of the longest term in the index
 * @example
 * fuzzyTerms(["semiconductor", "chip", "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzz"], 15) // => Set {"semiconductor"}
 */
export function fuzzyTerms(terms: readonly string[], longestIndexed: number): Set<string> {
  const out = new Set<string>();
  for (const term of terms) {
    if (out.size >= LIMITS.SEARCH_FUZZY_TERMS_MAX) break;
    if (term.length < FUZZY_MIN_LENGTH || term.length > MAX_FUZZY_TERM_LENGTH) continue;
    const distance = Math.min(MAX_FUZZY_DISTANCE, Math.round(term.length * FUZZY_RATIO));
    if (term.length - distance <= longestIndexed) out.add(term);
  }
  return out;
}
