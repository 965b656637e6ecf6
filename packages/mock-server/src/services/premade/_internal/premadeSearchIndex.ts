import MiniSearch from "minisearch";
import type { PremadeStrategy } from "../../../_internal/fixtures.ts";
import { memoize, type ServiceContext } from "../../../app/ServiceContext.ts";
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
export const FIELD_BOOST = { name: 3, keywords: 3, concepts: 2, description: 2, objective: 1.5, companies: 0.3 } as const;

/**
 * Longest query term matched fuzzily. minisearch's edit-distance table grows with the square of
 * the term's length (one 100 000-letter word asked for a 10 GB array: a 500); no indexed word is
 * near this long, so a longer term can only match exactly or by prefix.
 */
export const MAX_FUZZY_TERM_LENGTH = 64;

/** The premade strategy a document describes. */
function document(ctx: ServiceContext, p: PremadeStrategy): PremadeDocument {
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
 * The BM25 index (minisearch) of the premade library, built once per context: one document per
 * premade strategy (theme name, keywords, concept expansions, description, objective, constituent
 * company descriptions and industries), Porter-stemmed terms.
 *
 * @example
 * premadeSearchIndex(ctx).search("qubits")[0]?.id // => the quantum premade strategy's id
 */
export function premadeSearchIndex(ctx: ServiceContext): MiniSearch<PremadeDocument> {
  return memoize(ctx, "premade:searchIndex", () => {
    const index = new MiniSearch<PremadeDocument>({
      fields: ["name", "keywords", "concepts", "description", "objective", "companies"],
      idField: "id",
      tokenize: (text) => searchTerms(text),
      processTerm: (term) => term,
      searchOptions: {
        boost: { ...FIELD_BOOST },
        combineWith: "OR",
        prefix: (term) => term.length >= 5,
        fuzzy: (term) => (term.length >= 7 && term.length <= MAX_FUZZY_TERM_LENGTH ? 0.15 : false),
        weights: { fuzzy: 0.3, prefix: 0.5 },
      },
    });
    index.addAll(ctx.universe.premadeStrategies.map((p) => document(ctx, p)));
    return index;
  });
}
