import { LIMITS } from "../../../schemas/limits.ts";
import { searchTerms } from "./searchTerms.ts";

/**
 * The terms a premade search scores: the distinct {@link searchTerms} of `objective`, in order of
 * first appearance, at most `LIMITS.SEARCH_TERMS_MAX` of them. A word repeated a thousand times
 * is one term (BM25 sums over query terms, so repeats would only inflate the score and the cost),
 * and the work of a search is bounded by the cap, not by the objective's length.
 *
 * Cost: O(length of objective) to split, O(SEARCH_TERMS_MAX) terms after.
 * @example
 * queryTerms("batteries batteries BATTERY storage") // => ["batteri", "storag"]
 */
export function queryTerms(objective: string): string[] {
  const distinct = new Set<string>();
  for (const term of searchTerms(objective)) {
    distinct.add(term);
    if (distinct.size >= LIMITS.SEARCH_TERMS_MAX) break;
  }
  return [...distinct];
}
