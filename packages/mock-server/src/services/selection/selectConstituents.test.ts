import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { testUniverse } from "../../_test/testUniverse.ts";
import { isExcluded } from "./isExcluded.ts";
import { selectConstituents } from "./selectConstituents.ts";

const byName = (name: string) => {
  const c = testUniverse.companies.find((x) => x.name === name);
  if (c === undefined) throw new Error(name);
  return c;
};
const names = (objective: string, exclusions: string[] = []) =>
  selectConstituents(testUniverse, objective, exclusions, "v", 40).map(
    (c) => testUniverse.companyById.get(c.companyId)?.name,
  );

describe("selectConstituents", () => {
  it("selects by theme keywords and company text, never inactive companies", () => {
    const q = names("quantum computing");
    expect(q).toEqual(expect.arrayContaining(["Qubit Labs", "Entangle Software", "CryoCore Systems"]));
    expect(q).not.toContain("Defunct Quantum Inc");
    expect(q).not.toContain("AquaPure");
    expect(names("water desalination")).toContain("SeaSweet Desalination");
    expect(names("retail banking mortgages")).toEqual(["First Ledger Bank"]);
  });

  it("ranks the strongest exposure first", () => {
    expect(names("quantum computing")[0]).toBe("Qubit Labs");
  });

  it("is empty for an objective without content words", () => {
    expect(names("the and of companies")).toEqual([]);
    expect(names("")).toEqual([]);
  });

  it("respects the limit", () => {
    expect(selectConstituents(testUniverse, "quantum computing", [], "v", 2)).toHaveLength(2);
  });

  it("signals stay in [0, 1], are deterministic per version, and exclusions only remove", () => {
    const word = fc.constantFrom(
      "quantum",
      "water",
      "qubit",
      "software",
      "filtration",
      "pipes",
      "bank",
      "tobacco",
      "irrigation",
      "zzz",
      "the",
    );
    fc.assert(
      fc.property(
        fc.array(word, { maxLength: 6 }),
        fc.array(word, { maxLength: 2 }),
        fc.string({ maxLength: 8 }),
        (words, excl, versionId) => {
          const objective = words.join(" ");
          const all = selectConstituents(testUniverse, objective, [], versionId, 40);
          const again = selectConstituents(testUniverse, objective, [], versionId, 40);
          expect(again).toEqual(all);
          for (const c of all) {
            expect(c.linguisticBeta).toBeGreaterThanOrEqual(0);
            expect(c.linguisticBeta).toBeLessThanOrEqual(1);
            expect(c.marketBuzz).toBeGreaterThanOrEqual(0);
            expect(c.marketBuzz).toBeLessThanOrEqual(1);
          }
          const kept = selectConstituents(testUniverse, objective, excl, versionId, 40).map((c) => c.companyId);
          const allIds = all.map((c) => c.companyId);
          expect(kept.every((k) => allIds.includes(k))).toBe(true);
          for (const k of allIds) {
            const company = testUniverse.companyById.get(k)!;
            expect(kept.includes(k)).toBe(!isExcluded(company, excl, testUniverse.companies));
          }
        },
      ),
    );
  });
});

describe("isExcluded", () => {
  it("matches phrases, content words, plurals and tickers; blank phrases exclude nothing", () => {
    const all = testUniverse.companies;
    expect(isExcluded(byName("Leaf & Smoke"), ["Exclude tobacco companies"], all)).toBe(true);
    expect(isExcluded(byName("Leaf & Smoke"), ["cigarette"], all)).toBe(true); // "cigarettes" in the description
    expect(isExcluded(byName("Qubit Labs"), ["qbit"], all)).toBe(true); // ticker
    expect(isExcluded(byName("Qubit Labs"), ["tobacco"], all)).toBe(false);
    expect(isExcluded(byName("Qubit Labs"), ["  ", "the", "exclude"], all)).toBe(false);
    expect(isExcluded(byName("AquaPure"), ["water utilities"], all)).toBe(true); // industry, verbatim
  });

  it("weighs words by rarity: a common word alone does not exclude", () => {
    const all = testUniverse.companies;
    // "machinery" is the industry of 3 of 12 companies (not distinctive); "cryogenic" only of CryoCore
    expect(isExcluded(byName("FieldFlow"), ["machinery"], all)).toBe(true); // every word present
    expect(isExcluded(byName("FieldFlow"), ["cryogenic machinery"], all)).toBe(false);
    expect(isExcluded(byName("CryoCore Systems"), ["cryogenic machinery"], all)).toBe(true);
  });
});
