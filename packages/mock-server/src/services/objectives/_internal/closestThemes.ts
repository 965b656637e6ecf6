import type { UniverseAccess } from "../../../context/contextParts.ts";
import type { PremadeStrategy, Theme } from "../../../_internal/fixtures.ts";
import { premadeIndex } from "../../premade/findPremade.ts";
import { searchPremade } from "../../premade/searchPremade.ts";

/** A theme of the universe that an objective speaks of, with its premade strategy. */
export interface ThemeMatch {
  theme: Theme;
  premade: PremadeStrategy;
  similarity: number;
}

/** A second theme is kept when its similarity is at least this share of the best one. */
export const SECOND_THEME_SHARE = 0.75;

/**
 * The one or two themes closest to `objective`: the premade search (BM25, `searchPremade`) over
 * the premade strategies, one per theme; the best match when its similarity is > 0, and the
 * runner-up when it reaches {@link SECOND_THEME_SHARE} of the best. Empty when nothing matches.
 *
 * @example
 * closestThemes(ctx, "drones and artillery for NATO")[0].theme.slug // => "defence-modernisation"
 */
export function closestThemes(ctx: UniverseAccess, objective: string): ThemeMatch[] {
  const premadeById = premadeIndex(ctx);
  const themeBySlug = new Map(ctx.universe.themes.map((t) => [t.slug, t]));
  const out: ThemeMatch[] = [];
  for (const match of searchPremade(ctx, objective).matches.slice(0, 2)) {
    const premade = premadeById.get(match.strategy.id);
    const theme = premade === undefined ? undefined : themeBySlug.get(premade.theme);
    if (premade === undefined || theme === undefined || match.similarity <= 0) break;
    if (out.length === 1 && match.similarity < SECOND_THEME_SHARE * out[0]!.similarity) break;
    out.push({ theme, premade, similarity: match.similarity });
  }
  return out;
}
