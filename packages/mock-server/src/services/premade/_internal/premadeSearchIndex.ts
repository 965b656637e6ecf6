import type { UniverseAccess } from "../../../context/contextParts.ts";
import MiniSearch from "minisearch";
import type { PremadeStrategy } from "../../../_internal/fixtures.ts";
import { memoizeShared } from "../../../context/memoize.ts";
import { searchTerms } from "./searchTerms.ts";
import { THEME_CONCEPTS } from "./themeConcepts.ts";

/** One indexed document: a premade strategy and its theme. */
interface PremadeDocument {
  id: string;
  name: string;
  keywords: string;
  concepts: string;
  description: string;
  objective: string;
  companies: string;
}

/** Field boosts: the theme's own vocabulary first, the constituents' descriptions last (long and noisy). */
export const FIELD_BOOST = {
  name: 3,
  keywords: 3,
  concepts: 2,
  description: 2,
  objective: 1.5,
  companies: 0.3,
} as const;

/** The premade library's search index and the length of its longest term (which bounds fuzzy matching, see `fuzzyTerms`). */
export interface PremadeSearchIndex {
  index: MiniSearch<PremadeDocument>;
  /** Letters of the longest indexed term. */
  longestTerm: number;
}

/** The premade strategy a document describes. */
function document(ctx: UniverseAccess, p: PremadeStrategy): PremadeDocument {
  const theme = ctx.universe.themes.find((t) => t.slug === p.theme);
  const companies = p.constituents
    .map((c) => ctx.universe.companyById.get(c.companyId))
    .filter((c) => c !== undefined)
    .map((c) => `${c.description} ${c.industry}`)
    .join(" ");
  return {
    id: p.id,
    name: `${p.name} ${theme?.name ?? ""} ${p.tags.join(" ")}`,
    keywords: theme?.keywords.join(" ") ?? "",
    concepts: THEME_CONCEPTS[p.theme] ?? "",
    description: theme?.description ?? "",
    objective: p.objective,
    companies,
  };
}

/**
 * The BM25 index (minisearch) of the premade library, built once per universe (`memoizeShared`: shared by every session): one document per
 * premade strategy (theme name, keywords, concept expansions, description, objective, constituent
 * company descriptions and industries), Porter-stemmed terms. Searches pass their own `fuzzy`
 * option (`fuzzyTerms`); the default here matches nothing fuzzily.
 *
 * @example
 * premadeSearchIndex(ctx).index.search("qubits")[0]?.id // => the quantum premade strategy's id
 */
export function premadeSearchIndex(ctx: UniverseAccess): PremadeSearchIndex {
  return memoizeShared(ctx, "premade:searchIndex", () => {
    let longestTerm = 0;
    const index = new MiniSearch<PremadeDocument>({
      fields: ["name", "keywords", "concepts", "description", "objective", "companies"],
      idField: "id",
      tokenize: (text) => {
        const terms = searchTerms(text);
        for (const term of terms) longestTerm = Math.max(longestTerm, term.length);
        return terms;
      },
      processTerm: (term) => term,
      searchOptions: {
        boost: { ...FIELD_BOOST },
        combineWith: "OR",
        prefix: (term) => term.length >= 5,
        fuzzy: false,
        weights: { fuzzy: 0.3, prefix: 0.5 },
      },
    });
    index.addAll(ctx.universe.premadeStrategies.map((p) => document(ctx, p)));
    return { index, longestTerm };
  });
}
