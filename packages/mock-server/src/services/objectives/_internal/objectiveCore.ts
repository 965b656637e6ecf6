/** The form every objective of the service starts with. */
export const OBJECTIVE_PREFIX = "The strategy is to invest in companies that ";

const LEAD_IN =
  /^\s*(?:the\s+\w+(?:\s+\w+)?\s+strategy\s+is\s+to\s+|the\s+strategy\s+is\s+to\s+|i\s+want\s+to\s+|we\s+want\s+to\s+)?(?:invest(?:ing)?\s+in\s+|buy(?:ing)?\s+|own(?:ing)?\s+|identify(?:ing)?\s+|find(?:ing)?\s+)?(?:(?:the\s+)?(?:companies|businesses|firms|stocks|equities)\s+(?:that|which|who)\s+)?/i;
/** The lead-in ended with "companies that" (or the like): what follows is a clause, not a noun phrase. */
const ENDS_WITH_RELATIVE = /(?:companies|businesses|firms|stocks|equities)\s+(?:that|which|who)\s+$/i;

/**
 * What an objective asks for, without its lead-in, as a clause completing "companies that …":
 * "Invest in companies that would benefit from X." → "would benefit from X"; a bare noun phrase
 * ("electric cars and batteries", "Invest in quantum computing") gets "are involved in" in front.
 * Trailing punctuation and surrounding space are dropped; a leading capital is lowered unless
 * the first word is an acronym. An objective that is only a lead-in gives its own trimmed text.
 *
 * @example
 * objectiveCore("Invest in companies that would benefit from increased spend in the European defense sector.")
 * // => "would benefit from increased spend in the European defense sector"
 * objectiveCore("electric cars and batteries") // => "are involved in electric cars and batteries"
 */
export function objectiveCore(objective: string): string {
  const trimmed = objective.trim().replace(/\s+/g, " ");
  const leadIn = LEAD_IN.exec(trimmed)?.[0] ?? "";
  let core = trimmed.slice(leadIn.length).replace(/[\s.;:,!]+$/, "");
  if (core === "") core = trimmed.replace(/[\s.;:,!]+$/, "");
  const first = core.split(" ")[0] ?? "";
  const lowered =
    first.length > 1 && first === first.toUpperCase() ? core : core.charAt(0).toLowerCase() + core.slice(1);
  return ENDS_WITH_RELATIVE.test(leadIn) ? lowered : `are involved in ${lowered}`;
}

/** Whether the objective already starts with {@link OBJECTIVE_PREFIX} (case-insensitive). */
export function hasStandardForm(objective: string): boolean {
  return objective.trim().toLowerCase().startsWith(OBJECTIVE_PREFIX.toLowerCase().trim());
}

/** What a premade objective says after {@link OBJECTIVE_PREFIX}, without its final full stop. */
export function premadeTail(objective: string): string {
  const body = hasStandardForm(objective)
    ? objective.trim().slice(OBJECTIVE_PREFIX.trim().length).trim()
    : objectiveCore(objective);
  return body.replace(/[\s.]+$/, "");
}

/** "a", "a and b", "a, b and c". */
export function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}
