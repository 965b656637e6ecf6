import type { UniverseAccess } from "../../context/contextParts.ts";
import { LIMITS } from "../../schemas/limits.ts";
import type { ReversedObjective } from "../../schemas/objectiveHelpers.ts";
import { closestThemes } from "./_internal/closestThemes.ts";
import { OBJECTIVE_PREFIX, objectiveCore } from "./_internal/objectiveCore.ts";
import { THEME_HEADWINDS } from "./_internal/themeHeadwinds.ts";

/**
 * Flips an objective into its inverse (docs/parity.md v1 row 27; the guides: "reverse-objective
 * flips it"): the companies on the losing side of the objective's theme, so the same build,
 * review and exclude loop can run on the opposite thesis. Deterministic on the fixtures: the
 * closest theme comes from the premade search (`closestThemes`) and its losers from
 * {@link THEME_HEADWINDS}; with no matching theme, the inverse asks for the companies the
 * objective's own thesis would hurt. At most `LIMITS.OBJECTIVE_MAX` characters, in the service's
 * form. Cost: one premade search.
 *
 * @example
 * reverseObjective(ctx, "electric cars and batteries").reversedObjective.includes("internal-combustion engine") // => true
 */
export function reverseObjective(ctx: UniverseAccess, objective: string): ReversedObjective {
  const [match] = closestThemes(ctx, objective);
  if (match === undefined) {
    const reversedObjective =
      `${OBJECTIVE_PREFIX}would be hurt by the success of companies that ${objectiveCore(objective)}.`.slice(
        0,
        LIMITS.OBJECTIVE_MAX,
      );
    return {
      reversedObjective,
      summary:
        "No theme of the catalogue matched, so the inverse asks for the companies the objective's own thesis would hurt; name the incumbents or the displaced products to make it sharper.",
    };
  }
  const losers =
    THEME_HEADWINDS[match.theme.slug] ??
    `sell the products and services that ${match.theme.name.toLowerCase()} displaces`;
  return {
    // The theme's own name stays out of the inverse objective, so that a search or a build on it does not find the theme again.
    reversedObjective: `${OBJECTIVE_PREFIX}${losers}.`.slice(0, LIMITS.OBJECTIVE_MAX),
    summary: `Flipped the objective around its closest theme, ${match.theme.name} (similarity ${match.similarity}): instead of the companies that benefit from it, the inverse targets those that stand to lose as it advances.`,
  };
}
