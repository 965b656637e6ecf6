// Test and bench helper: the costliest valid objectives of a premade search (the bound on its fuzzy walks).
import { LIMITS } from "../schemas/limits.ts";

/**
 * A valid premade-search objective made to cost the most: `LIMITS.SEARCH_TERMS_MAX` distinct
 * pseudo-random words of `wordLength` letters (each a search term; random letters match no
 * indexed word, so minisearch's fuzzy walk explores the whole term tree within the edit distance),
 * cut at `LIMITS.OBJECTIVE_MAX` characters. Words of 17 letters (edit distance 3) cost the most
 * now that terms too long to match anything skip fuzzy matching; before, 64 letters (distance 6)
 * cost the most (48 ms against 4 ms of CPU). Deterministic in `seed`.
 *
 * @example
 * worstPremadeObjective(1).split(" ").length // => 64
 */
export function worstPremadeObjective(seed: number, wordLength = 17): string {
  let s = seed >>> 0;
  const letter = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return String.fromCharCode(97 + Math.floor((s / 4294967296) * 26));
  };
  const words = Array.from({ length: LIMITS.SEARCH_TERMS_MAX }, () =>
    Array.from({ length: wordLength }, letter).join(""),
  );
  return words.join(" ").slice(0, LIMITS.OBJECTIVE_MAX);
}
