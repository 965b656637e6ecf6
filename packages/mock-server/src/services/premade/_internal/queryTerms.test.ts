import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LIMITS } from "../../../schemas/limits.ts";
import { queryTerms } from "./queryTerms.ts";
import { searchTerms } from "./searchTerms.ts";

describe("queryTerms", () => {
  const words = fc.array(fc.stringMatching(/^[a-z]{2,12}$/), { maxLength: 200 });

  it("distinct search terms in order of first appearance, at most SEARCH_TERMS_MAX", () => {
    fc.assert(
      fc.property(words, (w) => {
        const terms = queryTerms(w.join(" "));
        expect(new Set(terms).size).toBe(terms.length);
        expect(terms.length).toBeLessThanOrEqual(LIMITS.SEARCH_TERMS_MAX);
        expect(terms).toEqual([...new Set(searchTerms(w.join(" ")))].slice(0, LIMITS.SEARCH_TERMS_MAX));
      }),
    );
  });

  it("repeating the objective changes nothing", () => {
    fc.assert(
      fc.property(words, fc.integer({ min: 2, max: 20 }), (w, k) => {
        expect(queryTerms(Array(k).fill(w.join(" ")).join(" "))).toEqual(queryTerms(w.join(" ")));
      }),
    );
  });

  it("example", () => {
    expect(queryTerms("batteries batteries BATTERY storage")).toEqual(["batteri", "storag"]);
  });
});
