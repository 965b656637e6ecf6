import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { makeMock } from "../../../_test/makeMock.ts";
import { LIMITS } from "../../../schemas/limits.ts";
import { SIMILARITY_SCALE, searchPremade } from "../searchPremade.ts";
import { FUZZY_MIN_LENGTH, FUZZY_RATIO, fuzzyTerms, MAX_FUZZY_DISTANCE, MAX_FUZZY_TERM_LENGTH } from "./fuzzyTerms.ts";
import { premadeSearchIndex } from "./premadeSearchIndex.ts";
import { queryTerms } from "./queryTerms.ts";

const distance = (term: string) => Math.min(MAX_FUZZY_DISTANCE, Math.round(term.length * FUZZY_RATIO));

describe("fuzzyTerms", () => {
  const terms = fc.uniqueArray(fc.stringMatching(/^[a-z]{2,70}$/), { maxLength: LIMITS.SEARCH_TERMS_MAX });

  it("keeps, in query order, the first SEARCH_FUZZY_TERMS_MAX terms of 7..64 letters that can be near an indexed term", () => {
    fc.assert(
      fc.property(terms, fc.integer({ min: 2, max: 40 }), (t, longest) => {
        const eligible = t.filter(
          (x) => x.length >= FUZZY_MIN_LENGTH && x.length <= MAX_FUZZY_TERM_LENGTH && x.length - distance(x) <= longest,
        );
        expect([...fuzzyTerms(t, longest)]).toEqual(eligible.slice(0, LIMITS.SEARCH_FUZZY_TERMS_MAX));
      }),
    );
  });

  it("example", () => {
    expect(fuzzyTerms(["semiconductor", "chip", "z".repeat(30)], 15)).toEqual(new Set(["semiconductor"]));
  });

  it("skipping the terms too long to match changes no search result (against minisearch's own fuzzy walk on every term of 7..64 letters)", () => {
    const { ctx } = makeMock();
    const { index } = premadeSearchIndex(ctx);
    const vocabulary = [
      "quantum",
      "computers",
      "semiconductors",
      "batteries",
      "electrification",
      "cybersecurity",
      "biotechnology",
      "infrastructure",
    ];
    // Real words with up to two typos, and long random words (which no indexed term is near), at most SEARCH_FUZZY_TERMS_MAX eligible.
    const word = fc.oneof(
      fc
        .tuple(fc.constantFrom(...vocabulary), fc.nat(), fc.constantFrom("", "x", "xq"))
        .map(([w, at, typo]) => w.slice(0, at % w.length) + typo + w.slice((at % w.length) + typo.length)),
      fc.stringMatching(/^[a-z]{20,64}$/),
    );
    fc.assert(
      fc.property(fc.array(word, { maxLength: 12 }), (words) => {
        const objective = words.join(" ");
        const terms = queryTerms(objective);
        fc.pre(terms.length > 0);
        const unbounded = index.search(terms.join(" "), {
          tokenize: (text) => text.split(" "),
          processTerm: (term) => term,
          fuzzy: (term) =>
            term.length >= FUZZY_MIN_LENGTH && term.length <= MAX_FUZZY_TERM_LENGTH ? FUZZY_RATIO : false,
        });
        const scores = new Map(unbounded.map((h) => [String(h.id), h.score]));
        for (const m of searchPremade(ctx, objective).matches) {
          const score = scores.get(m.strategy.id) ?? 0;
          const scale = SIMILARITY_SCALE * terms.length;
          expect(m.similarity).toBe(score > 0 ? Math.round((1 - Math.exp(-score / scale)) * 1e4) / 1e4 : 0);
        }
      }),
      { numRuns: 60 },
    );
  });
});
