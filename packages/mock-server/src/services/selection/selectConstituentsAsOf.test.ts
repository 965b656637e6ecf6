import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { PremadeStrategy, Universe } from "../../_internal/fixtures.ts";
import { id, premade, testUniverse } from "../../_test/testUniverse.ts";
import { selectConstituentsAsOf, tradedOn } from "./selectConstituentsAsOf.ts";

const held = {
  date: "2025-03-31",
  state: "completed" as const,
  constituents: [{ companyId: id("cryo"), linguisticBeta: 0.42, marketBuzz: 0.24 }],
};
const p: PremadeStrategy = {
  ...premade,
  snapshots: [
    {
      date: "2025-01-31",
      state: "completed",
      constituents: [{ companyId: id("cryo"), linguisticBeta: 0.9, marketBuzz: 0.9 }],
    },
    held,
  ],
};
const companies = testUniverse.companies.map((c) =>
  c.id === id("photon")
    ? { ...c, securities: c.securities.map((s) => ({ ...s, listedOn: "2025-04-01" })) }
    : c.id === id("qsoft")
      ? { ...c, securities: c.securities.map((s) => ({ ...s, delistedOn: "2025-02-14" })) }
      : c,
);
const universe: Universe = {
  ...testUniverse,
  companies,
  companyById: new Map(companies.map((c) => [c.id, c])),
  premadeStrategies: [p],
};
const select = (date: string, exclusions: string[] = []) =>
  selectConstituentsAsOf(universe, "quantum computing hardware", exclusions, "v", 40, date);

describe("selectConstituentsAsOf", () => {
  it("selects only companies listed on the date: later listings are out, companies delisted since are in", () => {
    const feb = select("2025-02-10").map((c) => c.companyId);
    expect(feb).toContain(id("qsoft")); // delisted 2025-02-14, listed then
    expect(feb).not.toContain(id("photon")); // listed 2025-04-01
    const may = select("2025-05-15").map((c) => c.companyId);
    expect(may).not.toContain(id("qsoft"));
    expect(may).toContain(id("photon"));
    expect(feb).toContain(id("gone")); // inactive today, but it traded then
  });

  it("takes the signals of the theme's premade run on or before the date for the companies it held; others stay under its cut", () => {
    const april = select("2025-04-15");
    expect(april.find((c) => c.companyId === id("cryo"))).toMatchObject({ linguisticBeta: 0.42, marketBuzz: 0.24 });
    for (const c of april.filter((x) => x.companyId !== id("cryo"))) expect(c.linguisticBeta).toBeLessThan(0.42);
    const feb = select("2025-02-10");
    expect(feb.find((c) => c.companyId === id("cryo"))).toMatchObject({ linguisticBeta: 0.9, marketBuzz: 0.9 });
  });

  it("applies the exclusions of the version", () => {
    expect(select("2025-04-15", ["cryogenic refrigerators"]).map((c) => c.companyId)).not.toContain(id("cryo"));
  });

  it("properties: deterministic, listed on the date, at most the limit, signals in [0, 1], a reasoning dated as of", () => {
    const first = Date.UTC(2024, 3, 8);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 420 }), fc.integer({ min: 1, max: 12 }), (day, limit) => {
        const date = new Date(first + day * 86400000).toISOString().slice(0, 10);
        const a = selectConstituentsAsOf(universe, "quantum computing hardware", [], "v", limit, date);
        expect(selectConstituentsAsOf(universe, "quantum computing hardware", [], "v", limit, date)).toEqual(a);
        expect(a.length).toBeLessThanOrEqual(limit);
        for (const c of a) {
          expect(tradedOn(universe.companyById.get(c.companyId)!, date)).toBe(true);
          expect(c.linguisticBeta).toBeGreaterThanOrEqual(0);
          expect(c.linguisticBeta).toBeLessThanOrEqual(1);
          expect(c.marketBuzz).toBeGreaterThanOrEqual(0);
          expect(c.marketBuzz).toBeLessThanOrEqual(1);
          expect(c.reasoning.startsWith(`As of ${date}`)).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
  });

  it("an objective matching nothing selects nothing", () => {
    expect(selectConstituentsAsOf(universe, "zzz", [], "v", 40, "2025-04-15")).toEqual([]);
  });
});
