import { loadUniverse } from "@thematic/fixtures";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { Universe } from "../_internal/fixtures.ts";
import { expectError } from "../_test/contractShapes.ts";
import { body, makeMock } from "../_test/makeMock.ts";
import { id, testUniverse } from "../_test/testUniverse.ts";
import { LIMITS } from "../schemas/limits.ts";
import { isExcluded } from "../services/selection/isExcluded.ts";

const PREFIX = "The strategy is to invest in companies that ";
interface Enhanced {
  enhancedObjective: string;
  improvementsSummary: string;
}
interface Reversed {
  reversedObjective: string;
  summary: string;
}
interface Phrases {
  phrases: Array<{ phrase: string; reason: string }>;
}

describe("POST /v1|v2/enhance-objective on the test universe", () => {
  it("puts the objective in the service's form, keeps its words and adds the closest theme's value chain and terms", async () => {
    const m = makeMock();
    const r = await m.alice.post("/v1/enhance-objective", {
      objective: "Invest in companies that build superconducting qubit processors.",
    });
    expect(r.status).toBe(200);
    const json = await body<Enhanced>(r);
    expect(Object.keys(json).sort()).toEqual(["enhancedObjective", "improvementsSummary"]);
    expect(
      json.enhancedObjective.startsWith(
        `${PREFIX}build superconducting qubit processors, in particular companies that build quantum computers`,
      ),
    ).toBe(true);
    expect(json.enhancedObjective).toMatch(/Relevant terms: .*cryogenic/);
    expect(json.improvementsSummary).toContain("Quantum Computing");
    expect(json.enhancedObjective.length).toBeLessThanOrEqual(LIMITS.OBJECTIVE_MAX);
  });

  it("v1 and v2 answer the same, and the same input always gives the same answer", async () => {
    const m = makeMock();
    const objective = "quantum error correction";
    const [a, b, c] = await Promise.all([
      m.alice.post("/v1/enhance-objective", { objective }),
      m.alice.post("/v2/enhance-objective", { objective }),
      m.bob.post("/v1/enhance-objective", { objective }),
    ]);
    const first = await body<Enhanced>(a);
    expect(await body(b)).toEqual(first);
    expect(await body(c)).toEqual(first);
    expect(first.enhancedObjective.startsWith(`${PREFIX}are involved in quantum error correction,`)).toBe(true);
  });

  it("with no matching theme only the form is fixed, and the summary says what to add; negative framing is flagged", async () => {
    const m = makeMock();
    const none = await body<Enhanced>(
      await m.alice.post("/v1/enhance-objective", { objective: "companies that sell garden gnomes" }),
    );
    expect(none.enhancedObjective).toBe(`${PREFIX}sell garden gnomes.`);
    expect(none.improvementsSummary).toMatch(/No theme/);
    const negative = await body<Enhanced>(
      await m.alice.post("/v1/enhance-objective", {
        objective: "quantum computing hardware, excluding defence contractors",
      }),
    );
    expect(negative.improvementsSummary).toMatch(/negative framing .*exclusion/);
  });

  it("400 naming the field for a missing, blank or over-long objective; 401 without a key", async () => {
    const m = makeMock();
    for (const input of [
      {},
      { objective: "   " },
      { objective: "x".repeat(LIMITS.OBJECTIVE_MAX + 1) },
      { objective: 5 },
    ]) {
      for (const path of ["/v1/enhance-objective", "/v2/reverse-objective"]) {
        const r = await m.alice.post(path, input);
        expect(r.status, `${path} ${JSON.stringify(input).slice(0, 40)}`).toBe(400);
        const json = await body<{ error: string }>(r);
        expectError(json);
        expect(json.error).toMatch(/objective/);
      }
    }
    expect((await m.anonymous.post("/v2/enhance-objective", { objective: "quantum" })).status).toBe(401);
  });

  it("any objective within the limits gets 200, the service's form and at most OBJECTIVE_MAX characters (never a 5xx)", async () => {
    const m = makeMock();
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: LIMITS.OBJECTIVE_MAX }).filter((s) => s.trim() !== ""),
        async (objective) => {
          for (const [path, field] of [
            ["/v1/enhance-objective", "enhancedObjective"],
            ["/v1/reverse-objective", "reversedObjective"],
          ] as const) {
            const r = await m.alice.post(path, { objective });
            expect(r.status).toBe(200);
            const text = (await body<Record<string, string>>(r))[field]!;
            expect(text.startsWith(PREFIX)).toBe(true);
            expect(text.length).toBeLessThanOrEqual(LIMITS.OBJECTIVE_MAX);
          }
        },
      ),
      { numRuns: 40, seed: 13 },
    );
  });
});

describe("enhance and reverse on the real fixtures", () => {
  let real: Universe;
  let m: ReturnType<typeof makeMock>;
  beforeAll(() => {
    real = loadUniverse();
    m = makeMock({ universe: real });
  });
  const post = async <T>(path: string, input: unknown) =>
    body<T>(await m.client(real.users[0]!.apiKey).post(path, input));
  const topPremade = async (objective: string) =>
    (await post<{ matches: Array<{ strategy: { name: string } }> }>("/v1/premade-strategies/search", { objective }))
      .matches[0]!.strategy.name;

  it("the guide's rough defence objective comes back sharpened toward Defence Modernisation, and still finds that theme first", async () => {
    const objective = "Invest in companies that would benefit from increased spend in the European defense sector.";
    const enhanced = await post<Enhanced>("/v1/enhance-objective", { objective });
    expect(
      enhanced.enhancedObjective.startsWith(
        `${PREFIX}would benefit from increased spend in the European defense sector, in particular companies that`,
      ),
    ).toBe(true);
    expect(enhanced.enhancedObjective).toMatch(/munitions/);
    expect(enhanced.improvementsSummary).toContain("Defence Modernisation");
    expect(await topPremade(enhanced.enhancedObjective)).toBe("Defence Modernisation");
  });

  it("the reversed objective of a theme points away from it: its closest premade strategy is another theme", async () => {
    for (const [objective, words] of [
      ["electric cars and batteries", /internal-combustion/],
      ["solar and wind power developers", /fossil-fuel/],
      ["GLP-1 obesity drugs", /snack/],
    ] as const) {
      const reversed = await post<Reversed>("/v2/reverse-objective", { objective });
      expect(reversed.reversedObjective.startsWith(PREFIX), objective).toBe(true);
      expect(reversed.reversedObjective).toMatch(words);
      expect(await topPremade(reversed.reversedObjective), objective).not.toBe(await topPremade(objective));
    }
  });

  it("for every premade strategy, the inverse of its own objective names that theme's losers in the service's form", async () => {
    for (const p of real.premadeStrategies) {
      const reversed = await post<Reversed>("/v1/reverse-objective", { objective: p.objective });
      expect(reversed.summary, p.name).toContain(p.name);
      expect(reversed.reversedObjective.startsWith(`${PREFIX}`)).toBe(true);
      expect(reversed.reversedObjective).not.toContain(p.name.toLowerCase());
      expect(reversed.reversedObjective).toMatch(/, such as /);
    }
  });
});

describe("POST /v1|v2/exclusion-phrases", () => {
  it("2 to 10 phrases with reasons, narrowest first; every one removes the company under the mock's exclusion matcher", async () => {
    const m = makeMock();
    for (const key of ["qbit", "cryo", "tobac", "bank", "desal"]) {
      const input = {
        objective: "The strategy is to invest in companies that treat and desalinate water",
        companyId: id(key),
        inclusionReason: "Its filtration membranes are used by water utilities.",
      };
      const r = await m.alice.post("/v2/exclusion-phrases", input);
      expect(r.status, key).toBe(200);
      const json = await body<Phrases>(r);
      expect(json.phrases.length).toBeGreaterThanOrEqual(2);
      expect(json.phrases.length).toBeLessThanOrEqual(10);
      const company = testUniverse.companyById.get(id(key))!;
      expect(json.phrases[0]!.phrase).toBe(`Exclude ${company.name}`);
      for (const p of json.phrases) {
        expect(p.reason.length, p.phrase).toBeGreaterThan(10);
        expect(isExcluded(company, [p.phrase], testUniverse.companies), p.phrase).toBe(true);
      }
      expect(await body(await m.alice.post("/v1/exclusion-phrases", input))).toEqual(json);
    }
  });

  it("end to end: a suggested phrase added to the strategy's exclusions removes the company after resubmitting", async () => {
    const m = makeMock();
    const created = await body<{ id: string }>(
      await m.alice.post("/v1/strategies", {
        name: "water",
        objective: "clean water treatment, filtration and desalination",
      }),
    );
    const build = async () => {
      expect((await m.alice.post(`/v1/strategies/${created.id}/submit`)).status).toBe(200);
      m.clock.advance(5000);
      return body<Array<{ id: string; name: string; reasoning?: string }>>(
        await m.alice.get(`/v1/strategies/${created.id}/companies?includeReasoning=true`),
      );
    };
    const before = await build();
    const target = before.find((c) => c.id === id("desal")) ?? before[0]!;
    const { phrases } = await body<Phrases>(
      await m.alice.post("/v1/exclusion-phrases", {
        objective: "clean water treatment, filtration and desalination",
        companyId: target.id,
        inclusionReason: target.reasoning ?? "",
      }),
    );
    for (const p of phrases.slice(0, 2)) {
      expect((await m.alice.patch(`/v1/strategies/${created.id}`, { exclusions: [p.phrase] })).status).toBe(200);
      const after = await build();
      expect(
        after.map((c) => c.id),
        p.phrase,
      ).not.toContain(target.id);
    }
  });

  it("404 for an unknown company; 400 naming the field for a bad id, a missing field or an over-long reason", async () => {
    const m = makeMock();
    const ok = { objective: "water", companyId: id("aqua"), inclusionReason: "water utility" };
    const unknown = await m.alice.post("/v1/exclusion-phrases", { ...ok, companyId: id("nobody") });
    expect(unknown.status).toBe(404);
    expectError(await body(unknown));
    for (const [input, field] of [
      [{ ...ok, companyId: "AAPL" }, "companyId"],
      [{ objective: ok.objective, companyId: ok.companyId }, "inclusionReason"],
      [{ ...ok, inclusionReason: "x".repeat(LIMITS.REASON_MAX + 1) }, "inclusionReason"],
      [{ ...ok, objective: "" }, "objective"],
    ] as const) {
      const r = await m.alice.post("/v2/exclusion-phrases", input);
      expect(r.status, field).toBe(400);
      expect((await body<{ error: string }>(r)).error).toContain(field);
    }
  });
});

describe("exclusion phrases on the real fixtures (property)", () => {
  it("for any company and any objective and reason: 2 to 10 distinct phrases, each removing that company", async () => {
    const real = loadUniverse();
    const m = makeMock({ universe: real });
    const client = m.client(real.users[0]!.apiKey);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: real.companies.length - 1 }),
        fc.constantFrom(
          "electric vehicles",
          "The strategy is to invest in companies that build AI data centres",
          "water",
          "x",
        ),
        fc.string({ maxLength: 200 }),
        async (k, objective, inclusionReason) => {
          const company = real.companies[k]!;
          const r = await client.post("/v1/exclusion-phrases", { objective, companyId: company.id, inclusionReason });
          expect(r.status).toBe(200);
          const { phrases } = await body<Phrases>(r);
          expect(phrases.length).toBeGreaterThanOrEqual(2);
          expect(phrases.length).toBeLessThanOrEqual(10);
          expect(new Set(phrases.map((p) => p.phrase.toLowerCase())).size).toBe(phrases.length);
          for (const p of phrases)
            expect(isExcluded(company, [p.phrase], real.companies), `${company.name}: ${p.phrase}`).toBe(true);
        },
      ),
      { numRuns: 60, seed: 1313 },
    );
  });
});

describe("the OpenAPI document", () => {
  it("shows the helpers under both versions, with summaries", async () => {
    const doc = await body<{ paths: Record<string, { post?: { summary?: string } }> }>(
      await makeMock().anonymous.get("/openapi.json"),
    );
    for (const v of ["v1", "v2"]) {
      for (const path of [
        "enhance-objective",
        "reverse-objective",
        "exclusion-phrases",
        "helper/companies/search",
        "backtest",
        "strategies/{id}/optimize",
      ]) {
        expect(doc.paths[`/${v}/${path}`]?.post?.summary, `/${v}/${path}`).toBeTruthy();
      }
    }
  });
});
