import { convictionScores } from "@thematic/engine";
import { loadUniverse } from "@thematic/fixtures";
import { beforeAll, describe, expect, it } from "vitest";
import type { PremadeStrategy, Universe } from "../_internal/fixtures.ts";
import { expectCompany, expectError, expectEvidence, expectStrategyV1 } from "../_test/contractShapes.ts";
import { body, makeMock } from "../_test/makeMock.ts";
import { id, premade, testUniverse } from "../_test/testUniverse.ts";
import { PREMADE_OWNER_ID } from "../services/premade/premadeOwner.ts";

type Company = Record<string, unknown> & { id: string; convictionScore: number; marketCap: number };
type Strategy = Record<string, unknown> & { id: string; name: string };
type Match = { similarity: number; strategy: Strategy };

const base = `/v1/premade-strategies/${premade.id}`;

/** The test universe with snapshots (completed, processing, failed) and a tie in the signals. */
function withSnapshots(): Universe {
  const tie = { linguisticBeta: 0.5, marketBuzz: 0.5 };
  const p: PremadeStrategy = {
    ...premade,
    snapshots: [
      { date: "2025-02-28", state: "failed", constituents: [] },
      {
        date: "2025-03-31",
        state: "completed",
        constituents: [
          { companyId: id("qbit"), ...tie },
          { companyId: id("aqua"), ...tie },
        ],
      },
      {
        date: "2025-01-31",
        state: "completed",
        constituents: [
          { companyId: id("qbit"), linguisticBeta: 0.9, marketBuzz: 0.1 },
          { companyId: id("cryo"), linguisticBeta: 0.2, marketBuzz: 0.9 },
        ],
      },
      { date: "2025-04-30", state: "processing", constituents: [] },
    ],
  };
  // aqua and qbit get the same market cap so that their scores tie exactly.
  const companies = testUniverse.companies.map((c) => (c.id === id("aqua") ? { ...c, marketCap: 12e9 } : c));
  return { ...testUniverse, companies, companyById: new Map(companies.map((c) => [c.id, c])), premadeStrategies: [p] };
}

describe("GET /v1/premade-strategies", () => {
  it("lists the library in the v1 shape: public, finished, owned by the premade service account", async () => {
    const r = await makeMock().alice.get("/v1/premade-strategies");
    expect(r.status).toBe(200);
    const list = await body<Strategy[]>(r);
    expect(list.map((s) => s.id)).toEqual([premade.id]);
    list.forEach(expectStrategyV1);
    expect(list[0]).toMatchObject({
      status: 100,
      completed: true,
      public: true,
      user_id: PREMADE_OWNER_ID,
      name: premade.name,
      objective: premade.objective,
    });
  });

  it("needs a credential (401)", async () => {
    const r = await makeMock().anonymous.get("/v1/premade-strategies");
    expect(r.status).toBe(401);
    expectError(await r.json());
  });
});

describe("POST /v1/premade-strategies/search", () => {
  it("returns matches with a similarity in [0, 1] and a v1 strategy", async () => {
    const r = await makeMock().alice.post("/v1/premade-strategies/search", {
      objective: "superconducting processors for computers of the future",
    });
    expect(r.status).toBe(200);
    const { matches } = await body<{ matches: Match[] }>(r);
    expect(matches).toHaveLength(1);
    expect(matches[0]!.similarity).toBeGreaterThan(0);
    expect(matches[0]!.similarity).toBeLessThanOrEqual(1);
    expectStrategyV1(matches[0]!.strategy);
  });

  it("gives similarity 0 when nothing matches", async () => {
    const { matches } = await body<{ matches: Match[] }>(
      await makeMock().alice.post("/v1/premade-strategies/search", { objective: "zzzz qqqq" }),
    );
    expect(matches.map((m) => m.similarity)).toEqual([0]);
  });

  it.each([[{ objective: "" }], [{ objective: "   " }], [{}], [{ objective: 3 }]])("400 for %j", async (input) => {
    const r = await makeMock().alice.post("/v1/premade-strategies/search", input);
    expect(r.status).toBe(400);
    expect((await body<{ error: string }>(r)).error).toMatch(/^body\.objective: /);
  });
});

describe("GET /v1/premade-strategies/{id}/companies", () => {
  it("ranks by the engine's conviction over the constituents, shape 2.4, no reasoning key by default", async () => {
    const r = await makeMock().alice.get(`${base}/companies`);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toMatch(/^application\/json/);
    const list = await body<Company[]>(r);
    list.forEach((c) => expectCompany(c, false));
    list.forEach((c) => expect("reasoning" in c).toBe(false));
    const expected = convictionScores(
      premade.constituents.map((c) => ({ ...c, marketCap: testUniverse.companyById.get(c.companyId)!.marketCap })),
      { minMarketCap: 5e8 },
    );
    const byId = new Map(premade.constituents.map((c, i) => [c.companyId, expected[i]]));
    expect(list.map((c) => c.convictionScore)).toEqual(list.map((c) => byId.get(c.id)));
    for (let i = 1; i < list.length; i++)
      expect(list[i - 1]!.convictionScore).toBeGreaterThanOrEqual(list[i]!.convictionScore);
  });

  it("includeReasoning=true adds the constituent reasoning", async () => {
    const list = await body<Company[]>(await makeMock().alice.get(`${base}/companies?includeReasoning=true`));
    list.forEach((c) => expectCompany(c, true));
    expect(list.find((c) => c.id === id("qbit"))?.reasoning).toBe("Pure-play qubit maker.");
  });

  it("scoringMinMarketCap gives companies below it conviction 0", async () => {
    const list = await body<Company[]>(await makeMock().alice.get(`${base}/companies?scoringMinMarketCap=5000000000`));
    expect(list.find((c) => c.id === id("cryo"))?.convictionScore).toBe(0); // 3e9 < 5e9
    expect(list.find((c) => c.id === id("qbit"))?.convictionScore).toBeGreaterThan(0);
    expect(list[0]!.id).toBe(id("qbit"));
  });

  it.each([["includeReasoning=maybe"], ["scoringMinMarketCap=-1"], ["scoringMinMarketCap=abc"]])(
    "400 for ?%s",
    async (q) => {
      const r = await makeMock().alice.get(`${base}/companies?${q}`);
      expect(r.status).toBe(400);
      expectError(await r.json());
    },
  );

  it("404 for an unknown premade strategy (a user strategy id included), 400 for a malformed id", async () => {
    const m = makeMock();
    expect((await m.alice.get(`/v1/premade-strategies/${id("nope")}/companies`)).status).toBe(404);
    expect((await m.alice.get(`/v1/premade-strategies/${id("alice-quantum")}/companies`)).status).toBe(404);
    expect((await m.alice.get("/v1/premade-strategies/not-a-uuid/companies")).status).toBe(400);
  });
});

describe("GET /v1/premade-strategies/{id}/companies/{companyId}", () => {
  it("is the evidence of an included company", async () => {
    const r = await makeMock().alice.get(`${base}/companies/${id("qbit")}`);
    expect(r.status).toBe(200);
    const e = await body(r);
    expectEvidence(e);
    expect(e).toEqual(
      premade.evidence[0] && {
        isIncluded: true,
        reasoning: premade.evidence[0].reasoning,
        summaries: premade.evidence[0].summaries,
      },
    );
  });

  it("is isIncluded true with the constituent reasoning for a constituent without an evidence record", async () => {
    const e = await body(await makeMock().alice.get(`${base}/companies/${id("cryo")}`));
    expect(e).toEqual({ isIncluded: true, reasoning: "Supplies cryogenics.", summaries: [] });
  });

  it("is 200 isIncluded false with a reasoning saying so for a company of the universe not in the strategy", async () => {
    const r = await makeMock().alice.get(`${base}/companies/${id("bank")}`);
    expect(r.status).toBe(200);
    const e = await body<{ isIncluded: boolean; reasoning: string; summaries: unknown[] }>(r);
    expectEvidence(e);
    expect(e.isIncluded).toBe(false);
    expect(e.reasoning).toMatch(/First Ledger Bank is not part of/);
  });

  it("404 for an unknown company or strategy, 400 for a malformed uuid", async () => {
    const m = makeMock();
    expect((await m.alice.get(`${base}/companies/${id("unknown-co")}`)).status).toBe(404);
    expect((await m.alice.get(`/v1/premade-strategies/${id("x")}/companies/${id("qbit")}`)).status).toBe(404);
    const r = await m.alice.get(`${base}/companies/123`);
    expect(r.status).toBe(400);
    expect((await body<{ error: string }>(r)).error).toMatch(/^path\.companyId: /);
  });
});

describe("GET /v1/premade-strategies/{id}/evidences", () => {
  it("is {evidences: [{companyId, isIncluded, reasoning, summaries}]} covering every constituent", async () => {
    const r = await makeMock().alice.get(`${base}/evidences`);
    expect(r.status).toBe(200);
    const { evidences } = await body<{ evidences: Array<Record<string, unknown> & { companyId: string }> }>(r);
    expect(evidences.map((e) => e.companyId).sort()).toEqual(premade.constituents.map((c) => c.companyId).sort());
    for (const { companyId, ...rest } of evidences) {
      expect(typeof companyId).toBe("string");
      expectEvidence(rest);
    }
  });

  it("404 for an unknown strategy, 400 for a malformed id", async () => {
    const m = makeMock();
    expect((await m.alice.get(`/v1/premade-strategies/${id("x")}/evidences`)).status).toBe(404);
    expect((await m.alice.get("/v1/premade-strategies/x/evidences")).status).toBe(400);
  });
});

describe("historical data", () => {
  it("dates: completed runs only, ascending; empty without snapshots", async () => {
    const r = await makeMock({ universe: withSnapshots() }).alice.get(`${base}/historical-data/dates`);
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ available_dates: ["2025-01-31", "2025-03-31"] });
    expect(await (await makeMock().alice.get(`${base}/historical-data/dates`)).json()).toEqual({ available_dates: [] });
    expect((await makeMock().alice.get(`/v1/premade-strategies/${id("x")}/historical-data/dates`)).status).toBe(404);
  });

  it("data: the snapshot's signals, conviction ranked over the snapshot, ties by id", async () => {
    const m = makeMock({ universe: withSnapshots() });
    const r = await m.alice.get(`${base}/historical-data?date=2025-03-31`);
    expect(r.status).toBe(200);
    const list = await body<Company[]>(r);
    list.forEach((c) => expectCompany(c, false));
    expect(list[0]!.convictionScore).toBe(list[1]!.convictionScore); // identical inputs
    expect(list.map((c) => c.id)).toEqual([id("qbit"), id("aqua")].sort());
    const jan = await body<Company[]>(await m.alice.get(`${base}/historical-data?date=2025-01-31`));
    expect(jan.map((c) => [c.id, c.linguisticBeta, c.marketBuzz])).toContainEqual([id("cryo"), 0.2, 0.9]);
    const floor = await body<Company[]>(
      await m.alice.get(`${base}/historical-data?date=2025-01-31&scoringMinMarketCap=5000000000`),
    );
    expect(floor.find((c) => c.id === id("cryo"))?.convictionScore).toBe(0);
  });

  it("includeReasoning: why each company was held then, from that run's signals (absent by default)", async () => {
    const m = makeMock({ universe: withSnapshots() });
    const plain = await body<Company[]>(await m.alice.get(`${base}/historical-data?date=2025-01-31`));
    plain.forEach((c) => expectCompany(c, false));
    const withReasoning = await body<Array<Company & { reasoning: string }>>(
      await m.alice.get(`${base}/historical-data?date=2025-01-31&includeReasoning=true`),
    );
    withReasoning.forEach((c) => expectCompany(c, true));
    expect(withReasoning.map((c) => c.id)).toEqual(plain.map((c) => c.id));
    const cryo = withReasoning.find((c) => c.id === id("cryo"));
    expect(cryo?.reasoning).toBe(
      "As of 2025-01-31, CryoCore Systems was held by Quantum Computing Leaders: a supporting business line in the theme (linguistic beta 0.2) and prominent media coverage of it (market buzz 0.9).",
    );
    expect((await m.alice.get(`${base}/historical-data?date=2025-01-31&includeReasoning=maybe`)).status).toBe(400);
  });

  it("409 {error} for a processing or failed run, 404 for a date without a run, 400 for a malformed date", async () => {
    const m = makeMock({ universe: withSnapshots() });
    for (const date of ["2025-04-30", "2025-02-28"]) {
      const r = await m.alice.get(`${base}/historical-data?date=${date}`);
      expect(r.status).toBe(409);
      expectError(await r.json());
    }
    expect((await m.alice.get(`${base}/historical-data?date=2025-05-30`)).status).toBe(404);
    for (const q of ["date=2025-13-01", "date=2025-02-30", "date=yesterday", ""]) {
      const r = await m.alice.get(`${base}/historical-data?${q}`);
      expect(r.status, q).toBe(400);
      expect((await body<{ error: string }>(r)).error).toMatch(/^query\.date: /);
    }
  });
});

/** Paraphrased objectives, one or more per theme, that avoid the theme's own keywords (checked below). */
const PARAPHRASES: Array<[string, string]> = [
  ["ai-compute", "businesses selling the processors and servers that train large language models"],
  ["ai-compute", "picks and shovels of the generative model boom: graphics cards and hyperscaler capacity"],
  ["cybersecurity", "protection against hackers, phishing and stolen passwords"],
  ["clean-energy", "green electricity from photovoltaic panels and offshore turbines"],
  ["water-scarcity", "purifying sewage and fixing leaky pipes for dry, thirsty regions"],
  ["space-economy", "rockets, orbital constellations and geospatial imagery"],
  ["obesity-drugs", "medicines that suppress appetite and help overweight patients slim down"],
  ["robotics-automation", "robot arms and automated production lines in factories"],
  ["fintech-payments", "cashless checkout, contactless cards and mobile money transfer apps"],
  ["defence-modernisation", "weapons makers benefiting from higher army and navy budgets"],
  ["ageing-populations", "nursing homes, hip implants and products for retirees and older people"],
  ["electric-vehicles", "carmakers switching to plug-in cars and the chargers they need"],
  ["genomics", "personalised medicine built on reading a patient's genes and genetic tests"],
  ["nuclear-renaissance", "atomic power stations, fission plants and yellowcake producers"],
  ["critical-minerals", "miners and smelters of the metals needed for the energy transition"],
  ["quantum-computing", "computers that exploit superposition and entanglement"],
  ["food-security", "feeding a growing population: crops, fertilizers, tractors and fish farming"],
  ["grid-modernisation", "upgrading power lines, cables and switchgear of the electricity network"],
  ["cloud-software", "software sold by monthly plans and delivered over the internet, databases and developer tools"],
];

describe("premade search on the real fixtures", () => {
  let real: Universe;
  let m: ReturnType<typeof makeMock>;
  let key: string;
  beforeAll(async () => {
    real = await loadUniverse();
    m = makeMock({ universe: real });
    key = real.users.find((u) => u.active)!.apiKey;
  });

  it("the paraphrases avoid every keyword of their theme", () => {
    for (const [slug, objective] of PARAPHRASES) {
      const words = ` ${objective.toLowerCase().replace(/[^a-z0-9]+/g, " ")} `;
      for (const k of real.themes.find((t) => t.slug === slug)!.keywords) {
        expect(words.includes(` ${k.replace(/[^a-z0-9]+/g, " ")} `), `"${objective}" uses keyword "${k}"`).toBe(false);
      }
    }
    expect(new Set(PARAPHRASES.map(([slug]) => slug))).toEqual(new Set(real.themes.map((t) => t.slug)));
  });

  it.each(PARAPHRASES)("%s ranks first for a paraphrase: %s", async (slug, objective) => {
    const r = await m.client(key).post("/v1/premade-strategies/search", { objective });
    expect(r.status).toBe(200);
    const { matches } = await body<{ matches: Match[] }>(r);
    expect(matches).toHaveLength(real.premadeStrategies.length);
    const want = real.premadeStrategies.find((p) => p.theme === slug)!;
    expect(matches[0]!.strategy.id).toBe(want.id);
    expect(matches[0]!.similarity).toBeGreaterThan(matches[1]!.similarity);
    for (let i = 1; i < matches.length; i++)
      expect(matches[i - 1]!.similarity).toBeGreaterThanOrEqual(matches[i]!.similarity);
    matches.forEach((x) => expect(x.similarity >= 0 && x.similarity <= 1).toBe(true));
  });

  it("is deterministic", async () => {
    const objective = PARAPHRASES[0]![1];
    const a = await (await m.client(key).post("/v1/premade-strategies/search", { objective })).json();
    const b = await (
      await makeMock({ universe: real }).client(key).post("/v1/premade-strategies/search", { objective })
    ).json();
    expect(a).toEqual(b);
  });
});

describe("premade reads on the real fixtures", () => {
  let real: Universe;
  let m: ReturnType<typeof makeMock>;
  let key: string;
  beforeAll(async () => {
    real = await loadUniverse();
    m = makeMock({ universe: real });
    key = real.users.find((u) => u.active)!.apiKey;
  });
  const get = (path: string) => m.client(key).get(path);

  it("lists every premade strategy with its performance", async () => {
    const list = await body<Strategy[]>(await get("/v1/premade-strategies"));
    expect(list.map((s) => s.id)).toEqual(real.premadeStrategies.map((p) => p.id));
    list.forEach(expectStrategyV1);
    expect(list.every((s) => s.performance !== null && s.performance !== undefined)).toBe(true);
  });

  it("company lists: every constituent, ranked, listing of the primary active security", async () => {
    for (const p of real.premadeStrategies) {
      const list = await body<Company[]>(await get(`/v1/premade-strategies/${p.id}/companies`));
      expect(list.map((c) => c.id).sort()).toEqual(p.constituents.map((c) => c.companyId).sort());
      for (let i = 1; i < list.length; i++) {
        const [a, b] = [list[i - 1]!, list[i]!];
        expect(a.convictionScore > b.convictionScore || (a.convictionScore === b.convictionScore && a.id < b.id)).toBe(
          true,
        );
      }
      for (const c of list) {
        expectCompany(c, false);
        const company = real.companyById.get(c.id)!;
        const active = company.securities.filter((s) => s.active);
        const expected = active.find((s) => s.isPrimary) ?? active[0] ?? company.securities.find((s) => s.isPrimary);
        expect([c.symbol, c.figi, c.mic]).toEqual([expected!.symbol, expected!.figi, expected!.mic]);
        if (c.marketCap < 5e8) expect(c.convictionScore).toBe(0);
        else expect(c.convictionScore > 0 && c.convictionScore < 1).toBe(true);
      }
    }
  });

  it("evidences, rejected candidates and historical data", async () => {
    const p = real.premadeStrategies[0]!;
    const { evidences } = await body<{ evidences: Array<{ companyId: string; isIncluded: boolean }> }>(
      await get(`/v1/premade-strategies/${p.id}/evidences`),
    );
    expect(evidences.length).toBe(p.evidence.length);
    const rejected = evidences.find((e) => !e.isIncluded)!;
    const single = await body<{ isIncluded: boolean }>(
      await get(`/v1/premade-strategies/${p.id}/companies/${rejected.companyId}`),
    );
    expect(single.isIncluded).toBe(false);
    const { available_dates } = await body<{ available_dates: string[] }>(
      await get(`/v1/premade-strategies/${p.id}/historical-data/dates`),
    );
    expect(available_dates).toEqual(p.snapshots.filter((s) => s.state === "completed").map((s) => s.date));
    const last = p.snapshots.filter((s) => s.state === "completed").at(-1)!;
    const list = await body<Company[]>(await get(`/v1/premade-strategies/${p.id}/historical-data?date=${last.date}`));
    expect(list.length).toBe(last.constituents.length);
    const pending = real.premadeStrategies.flatMap((q) =>
      q.snapshots.filter((s) => s.state !== "completed").map((s) => [q.id, s.date] as const),
    );
    expect(pending.length).toBeGreaterThan(0);
    for (const [pid, date] of pending)
      expect((await get(`/v1/premade-strategies/${pid}/historical-data?date=${date}`)).status).toBe(409);
  });
});
