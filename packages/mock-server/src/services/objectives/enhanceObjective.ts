import type { UniverseAccess } from "../../context/contextParts.ts";
import type { EnhancedObjective } from "../../schemas/objectiveHelpers.ts";
import { LIMITS } from "../../schemas/limits.ts";
import { normalizeText } from "../selection/_internal/tokenize.ts";
import { closestThemes } from "./_internal/closestThemes.ts";
import { hasStandardForm, listOf, OBJECTIVE_PREFIX, objectiveCore, premadeTail } from "./_internal/objectiveCore.ts";

/** Theme keywords added to an objective, at most. */
export const ADDED_TERMS_MAX = 6;

const NEGATIVE =
  /\b(exclud\w*|avoid\w*|except|without|not\s+(?:including|in)|no\s+\w+\s+(?:companies|makers|producers))\b/i;

/**
 * Sharpens an objective the way the service's guides describe a good one (docs/parity.md v1 row
 * 26): in the standard form "The strategy is to invest in companies that …", specific about the
 * value chain, theme-focused. Built on the fixtures, so deterministic: the closest themes come
 * from the premade search (`closestThemes`); the caller's own wording is kept as the core, then
 * the closest theme's value-chain description (its premade objective) and the theme keywords the
 * objective does not use yet (at most {@link ADDED_TERMS_MAX}) are added, so that a strategy built
 * from the enhanced objective finds that theme's companies. Negative framing is kept but flagged:
 * the guides ask for exclusions instead. When no theme matches, only the form is fixed and the
 * summary says what to add. The result never exceeds `LIMITS.OBJECTIVE_MAX` characters (additions
 * are dropped first). Cost: one premade search.
 *
 * @example
 * enhanceObjective(ctx, "drones and air defence for NATO").enhancedObjective.startsWith("The strategy is to invest in companies that ") // => true
 */
export function enhanceObjective(ctx: UniverseAccess, objective: string): EnhancedObjective {
  const core = objectiveCore(objective);
  const themes = closestThemes(ctx, objective);
  const notes: string[] = [];
  if (!hasStandardForm(objective)) notes.push(`Rewrote it in the service's form "${OBJECTIVE_PREFIX.trim()} …".`);

  const base = `${OBJECTIVE_PREFIX}${core}`;
  if (themes.length === 0) {
    notes.push(
      "No theme of the catalogue matched the objective, so nothing was added: name the products, services or value-chain segments you want exposure to (for example upstream suppliers, manufacturers or end markets).",
    );
    return {
      enhancedObjective: fit(`${base}.`, `${base}.`),
      improvementsSummary: withNegativeNote(notes, objective).join(" "),
    };
  }

  const present = normalizeText(objective);
  const added = [...new Set(themes.flatMap((m) => m.theme.keywords))]
    .filter((k) => !present.includes(normalizeText(k)))
    .slice(0, ADDED_TERMS_MAX);
  const [first, second] = themes;
  const valueChain = `in particular companies that ${premadeTail(first!.premade.objective)}`;
  const also = second === undefined ? "" : `, as well as companies that ${premadeTail(second.premade.objective)}`;
  const terms = added.length === 0 ? "" : ` Relevant terms: ${listOf(added)}.`;
  const full = `${base}, ${valueChain}${also}.${terms}`;
  const enhancedObjective = fit(full, `${base}, ${valueChain}.`, `${base}.`);

  const names = themes.map((m) => `${m.theme.name} (similarity ${m.similarity})`);
  notes.push(
    `Anchored it to the closest ${themes.length === 1 ? "theme" : "themes"} of the catalogue, ${listOf(names)}, and spelled out the value chain to cover.`,
  );
  if (added.length > 0 && enhancedObjective === full)
    notes.push(`Added the terms the theme is searched by: ${listOf(added)}.`);
  if (enhancedObjective !== full)
    notes.push(`Kept it under ${LIMITS.OBJECTIVE_MAX} characters by leaving out part of the additions.`);
  return { enhancedObjective, improvementsSummary: withNegativeNote(notes, objective).join(" ") };
}

/** The first candidate that fits `LIMITS.OBJECTIVE_MAX`, else the last one cut to it. */
function fit(...candidates: string[]): string {
  for (const c of candidates) if (c.length <= LIMITS.OBJECTIVE_MAX) return c;
  return candidates[candidates.length - 1]!.slice(0, LIMITS.OBJECTIVE_MAX);
}

function withNegativeNote(notes: string[], objective: string): string[] {
  const negative = NEGATIVE.exec(objective);
  if (negative === null) return notes;
  return [
    ...notes,
    `The objective uses negative framing ("${negative[0]}"): state what to exclude as exclusion phrases on the strategy instead, so the objective describes only what you want exposure to.`,
  ];
}
