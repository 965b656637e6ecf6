import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { expectError } from "../_test/contractShapes.ts";
import { body, makeMock } from "../_test/makeMock.ts";
import { companies, id, testUniverse } from "../_test/testUniverse.ts";
import type { Universe } from "../_internal/fixtures.ts";
import type { Persistence } from "../store/Persistence.ts";
import type { StoreState } from "../store/StoreState.ts";

// Contract 2.6, field by field, written from the table (independent of the zod schemas).
type Check = (v: unknown) => boolean;
const str: Check = (v) => typeof v === "string";
const num: Check = (v) => typeof v === "number" && Number.isFinite(v);
const obj: Check = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
const uuid: Check = (v) =>
  typeof v === "string" && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);
const httpDate: Check = (v) =>
  typeof v === "string" && /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(v);
const itemFields: Record<string, Check> = {
  id: uuid,
  user_id: (v) => v === null || str(v),
  name: str,
  public: (v) => typeof v === "boolean",
  created_at: httpDate,
  updated_at: httpDate,
  tags: (v) => v === null || (Array.isArray(v) && v.every(str)),
  source: (v) => v === null || str(v),
  metadata: obj,
};
const holdingFields: Record<string, Check> = {
  weight: num,
  created_at: httpDate,
  updated_at: httpDate,
  symbol: str,
  exchange: str,
  market: str,
  name: str,
  raw_payload: obj,
  security_id: uuid,
  org_id: uuid,
  market_cap: num,
  sector: str,
  industry: str,
};
function expectShape(value: unknown, fields: Record<string, Check>, what: string): void {
  expect(obj(value), `${what} is an object`).toBe(true);
  const record = value as Record<string, unknown>;
  for (const [k, check] of Object.entries(fields))
    expect(check(record[k]), `${what}.${k}: ${JSON.stringify(record[k])}`).toBe(true);
  expect(Object.keys(record).sort()).toEqual(Object.keys(fields).sort());
}
const expectItem = (v: unknown) => expectShape(v, itemFields, "portfolio item");
function expectPortfolio(v: unknown): void {
  expectShape(v, { ...itemFields, holdings: Array.isArray }, "portfolio");
  (v as { holdings: unknown[] }).holdings.forEach((h) => expectShape(h, holdingFields, "holding"));
}

interface Holding {
  weight: number;
  symbol: string;
  exchange: string;
  security_id: string;
  org_id: string;
  market_cap: number;
  name: string;
  sector: string;
  raw_payload: Record<string, unknown>;
  created_at: string;
  updated_at: string;
}
interface P {
  id: string;
  user_id: string | null;
  name: string;
  public: boolean;
  created_at: string;
  updated_at: string;
  tags: string[] | null;
  source: string | null;
  metadata: Record<string, unknown>;
  holdings: Holding[];
}

const sec = (key: string) => id(`${key}:sec`);
const company = (key: string) => companies.find((c) => c.id === id(key))!;
const alice = id("alice");
const bob = id("bob");

/** The test universe plus four saved portfolios: alice public/private, bob public/private. */
const universe: Universe = {
  ...testUniverse,
  portfolios: [
    {
      id: id("p-alice-pub"),
      userId: alice,
      name: "Alice quantum",
      public: true,
      tags: ["q"],
      source: "manual",
      metadata: { a: 1 },
      createdAt: "2025-04-01T00:00:00.000Z",
      updatedAt: "2025-05-01T00:00:00.000Z",
      holdings: [
        { securityId: sec("qbit"), weight: 0.6 },
        { securityId: sec("cryo"), weight: 0.4 },
      ],
    },
    {
      id: id("p-alice-priv"),
      userId: alice,
      name: "Alice secret",
      public: false,
      tags: null,
      source: null,
      metadata: {},
      createdAt: "2025-04-02T00:00:00.000Z",
      updatedAt: "2025-04-02T00:00:00.000Z",
      holdings: [{ securityId: sec("aqua"), weight: 1 }],
    },
    {
      id: id("p-bob-pub"),
      userId: bob,
      name: "Bob water",
      public: true,
      tags: null,
      source: null,
      metadata: {},
      createdAt: "2025-03-01T00:00:00.000Z",
      updatedAt: "2025-05-20T00:00:00.000Z",
      holdings: [
        { securityId: sec("aqua"), weight: 0.5 },
        { securityId: sec("desal"), weight: 0.5 },
      ],
    },
    {
      id: id("p-bob-priv"),
      userId: bob,
      name: "Bob secret",
      public: false,
      tags: null,
      source: null,
      metadata: {},
      createdAt: "2025-03-01T00:00:00.000Z",
      updatedAt: "2025-03-01T00:00:00.000Z",
      holdings: [{ securityId: sec("bank"), weight: 1 }],
    },
  ],
};
const mock = (options: Parameters<typeof makeMock>[0] = {}) => makeMock({ universe, ...options });
const errorOf = async (r: Response) => {
  const b = await body(r);
  expectError(b);
  return (b as { error: string }).error;
};

describe("GET /v1/portfolios", () => {
  it("lists the caller's own plus every public portfolio, newest update first, without holdings", async () => {
    const m = mock();
    const r = await m.alice.get("/v1/portfolios");
    expect(r.status).toBe(200);
    const list = await body<P[]>(r);
    list.forEach(expectItem);
    expect(list.map((p) => p.id)).toEqual([id("p-bob-pub"), id("p-alice-pub"), id("p-alice-priv")]);
  });

  it("shows user_id only on the caller's own portfolios", async () => {
    const list = await body<P[]>(await mock().bob.get("/v1/portfolios"));
    const byId = new Map(list.map((p) => [p.id, p]));
    expect(byId.get(id("p-alice-pub"))?.user_id).toBeNull();
    expect(byId.get(id("p-bob-pub"))?.user_id).toBe(bob);
    expect(byId.get(id("p-bob-priv"))?.user_id).toBe(bob);
    expect(byId.has(id("p-alice-priv"))).toBe(false);
  });

  it("serves the fixture timestamps as HTTP-dates", async () => {
    const list = await body<P[]>(await mock().alice.get("/v1/portfolios"));
    const p = list.find((x) => x.id === id("p-alice-pub"))!;
    expect(p.created_at).toBe("Tue, 01 Apr 2025 00:00:00 GMT");
    expect(p.updated_at).toBe("Thu, 01 May 2025 00:00:00 GMT");
  });

  it("is 401 without a key", async () => {
    const r = await mock().anonymous.get("/v1/portfolios");
    expect(r.status).toBe(401);
    await errorOf(r);
  });
});

describe("POST /v1/portfolios", () => {
  it("creates a portfolio (201) resolving holdings by security_id, symbol, symbol+MIC and org_id", async () => {
    const m = mock();
    const r = await m.alice.post("/v1/portfolios", {
      name: "  New one  ",
      holdings: [
        { security_id: sec("qbit"), weight: 0.4, raw_payload: { from: "ui" } },
        { symbol: "cryo", weight: 0.3 },
        { symbol: "PHOTON", exchange: "XNAS", weight: 0.2, name: "ignored name" },
        { org_id: id("aqua"), weight: 0.1 },
      ],
    });
    expect(r.status).toBe(201);
    const p = await body<P>(r);
    expectPortfolio(p);
    expect(p.name).toBe("New one");
    expect(p.user_id).toBe(alice);
    expect([p.public, p.tags, p.source, p.metadata]).toEqual([false, null, null, {}]);
    expect(p.created_at).toBe(new Date(m.clock.now()).toUTCString());
    expect(p.holdings.map((h) => [h.symbol, h.weight])).toEqual([
      ["QBIT", 0.4],
      ["CRYO", 0.3],
      ["PHOTON", 0.2],
      ["AQUA", 0.1],
    ]);
    const photon = p.holdings[2]!;
    const c = company("photon");
    expect([photon.org_id, photon.security_id, photon.name, photon.market_cap, photon.sector, photon.exchange]).toEqual(
      [c.id, sec("photon"), c.name, c.marketCap, "Technology", "NASDAQ"],
    );
    expect(p.holdings[0]!.raw_payload).toEqual({ from: "ui" });
    expect(p.holdings[1]!.raw_payload).toEqual({});
    const again = await body<P>(await m.alice.get(`/v1/portfolios/${p.id}`));
    expect(again).toEqual(p);
  });

  it("overwrites the caller's portfolio of the same name (200): holdings replaced, created_at kept, updated_at bumped, omitted fields kept", async () => {
    const m = mock();
    m.clock.advance(60_000);
    const r = await m.alice.post("/v1/portfolios", {
      name: "Alice quantum",
      holdings: [{ symbol: "QSOFT", weight: 1 }],
    });
    expect(r.status).toBe(200);
    const p = await body<P>(r);
    expectPortfolio(p);
    expect(p.id).toBe(id("p-alice-pub"));
    expect(p.created_at).toBe("Tue, 01 Apr 2025 00:00:00 GMT");
    expect(p.updated_at).toBe(new Date(m.clock.now()).toUTCString());
    expect(p.holdings.map((h) => h.symbol)).toEqual(["QSOFT"]);
    expect(p.holdings[0]!.created_at).toBe(p.updated_at);
    expect([p.public, p.tags, p.source, p.metadata]).toEqual([true, ["q"], "manual", { a: 1 }]);
    const cleared = await body<P>(
      await m.alice.post("/v1/portfolios", {
        name: "Alice quantum",
        holdings: [{ symbol: "QSOFT", weight: 1 }],
        public: false,
        tags: null,
        source: null,
        metadata: {},
      }),
    );
    expect([cleared.public, cleared.tags, cleared.source, cleared.metadata]).toEqual([false, null, null, {}]);
    const mine = (await body<P[]>(await m.alice.get("/v1/portfolios"))).filter((x) => x.name === "Alice quantum");
    expect(mine.map((x) => x.id)).toEqual([id("p-alice-pub")]);
  });

  it("a name used by another user creates the caller's own portfolio (names are per owner)", async () => {
    const m = mock();
    const r = await m.alice.post("/v1/portfolios", {
      name: "Bob water",
      holdings: [{ symbol: "AQUA", weight: 1 }],
      public: true,
    });
    expect(r.status).toBe(201);
    const p = await body<P>(r);
    expect(p.id).not.toBe(id("p-bob-pub"));
    const bobs = await body<P>(await m.bob.get(`/v1/portfolios/${id("p-bob-pub")}`));
    expect(bobs.holdings.map((h) => h.symbol)).toEqual(["AQUA", "DESAL"]);
  });

  it.each([
    ["a blank name", { name: "   ", holdings: [{ symbol: "QBIT", weight: 1 }] }, /^body\.name: /],
    ["no name", { holdings: [{ symbol: "QBIT", weight: 1 }] }, /^body\.name: /],
    ["no holdings", { name: "x" }, /^body\.holdings: /],
    ["an empty holdings array", { name: "x", holdings: [] }, /^body\.holdings: /],
    [
      "a negative weight",
      { name: "x", holdings: [{ symbol: "QBIT", weight: -0.1 }] },
      /^body\.holdings\[0\]\.weight: /,
    ],
    ["a string weight", { name: "x", holdings: [{ symbol: "QBIT", weight: "1" }] }, /^body\.holdings\[0\]\.weight: /],
    ["no weight", { name: "x", holdings: [{ symbol: "QBIT" }] }, /^body\.holdings\[0\]\.weight: /],
    [
      "weights summing to 0",
      {
        name: "x",
        holdings: [
          { symbol: "QBIT", weight: 0 },
          { symbol: "CRYO", weight: 0 },
        ],
      },
      /^holdings: the weights must sum to more than 0/,
    ],
    [
      "a non-uuid security_id",
      { name: "x", holdings: [{ security_id: "QBIT", weight: 1 }] },
      /^body\.holdings\[0\]\.security_id: /,
    ],
    [
      "an unknown security_id",
      {
        name: "x",
        holdings: [
          { symbol: "QBIT", weight: 1 },
          { security_id: id("nope"), weight: 1 },
        ],
      },
      /^holdings\[1\]\.security_id: no security /,
    ],
    [
      "an unknown symbol",
      { name: "x", holdings: [{ symbol: "ZZZZ", weight: 1 }] },
      /^holdings\[0\]: no security with symbol ZZZZ/,
    ],
    [
      "a symbol on another exchange",
      { name: "x", holdings: [{ symbol: "QBIT", exchange: "LSE", weight: 1 }] },
      /^holdings\[0\]: no security with symbol QBIT on LSE/,
    ],
    [
      "an unknown org_id",
      { name: "x", holdings: [{ org_id: id("nope"), weight: 1 }] },
      /^holdings\[0\]\.org_id: no company /,
    ],
    [
      "nothing identifying the security",
      { name: "x", holdings: [{ weight: 1, name: "Qubit Labs" }] },
      /^holdings\[0\]: identify the security with security_id, symbol/,
    ],
    [
      "a security_id contradicting org_id",
      { name: "x", holdings: [{ security_id: sec("qbit"), org_id: id("cryo"), weight: 1 }] },
      /^holdings\[0\]\.org_id: /,
    ],
    [
      "a security_id contradicting symbol",
      { name: "x", holdings: [{ security_id: sec("qbit"), symbol: "CRYO", weight: 1 }] },
      /^holdings\[0\]\.symbol: /,
    ],
    [
      "the same security twice",
      {
        name: "x",
        holdings: [
          { symbol: "QBIT", weight: 1 },
          { security_id: sec("qbit"), weight: 1 },
        ],
      },
      /^holdings\[1\]: repeats the security of holdings\[0\]/,
    ],
    ["a non-array tags", { name: "x", holdings: [{ symbol: "QBIT", weight: 1 }], tags: "a" }, /^body\.tags: /],
    [
      "a non-object metadata",
      { name: "x", holdings: [{ symbol: "QBIT", weight: 1 }], metadata: [1] },
      /^body\.metadata: /,
    ],
  ])("400 naming the field for %s, and nothing is saved", async (_label, input, message) => {
    const m = mock();
    const before = await body<P[]>(await m.alice.get("/v1/portfolios"));
    const r = await m.alice.post("/v1/portfolios", input);
    expect(r.status).toBe(400);
    expect(await errorOf(r)).toMatch(message);
    expect(await body<P[]>(await m.alice.get("/v1/portfolios"))).toEqual(before);
  });

  it("400 for malformed JSON", async () => {
    const r = await mock().alice.post("/v1/portfolios", "{not json");
    expect(r.status).toBe(400);
    await errorOf(r);
  });

  it("resolves a delisted listing by its symbol (saved portfolios may hold inactive securities)", async () => {
    const r = await mock().alice.post("/v1/portfolios", { name: "old", holdings: [{ symbol: "GONE", weight: 1 }] });
    expect(r.status).toBe(201);
    expect((await body<P>(r)).holdings[0]!.org_id).toBe(id("gone"));
  });

  it("20 concurrent posts of one name leave exactly one portfolio holding one complete posted set", async () => {
    const m = mock();
    const symbols = ["QBIT", "CRYO", "QSOFT", "PHOTON", "AQUA", "DESAL"];
    const sets = Array.from({ length: 20 }, (_, k) => [
      { symbol: symbols[k % 6]!, weight: k + 1 },
      { symbol: symbols[(k + 1) % 6]!, weight: 100 - k },
    ]);
    const responses = await Promise.all(
      sets.map((holdings) => m.alice.post("/v1/portfolios", { name: "Race", holdings })),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([...Array(19).fill(200), 201]);
    const bodies = await Promise.all(responses.map((r) => body<P>(r)));
    expect(new Set(bodies.map((b) => b.id)).size).toBe(1);
    const race = (await body<P[]>(await m.alice.get("/v1/portfolios"))).filter((p) => p.name === "Race");
    expect(race).toHaveLength(1);
    const stored = await body<P>(await m.alice.get(`/v1/portfolios/${race[0]!.id}`));
    const got = stored.holdings.map((h) => ({ symbol: h.symbol, weight: h.weight }));
    expect(sets).toContainEqual(got);
  });
});

describe("holding resolution when a symbol is listed by several companies", () => {
  // QBIT also trades on the LSE for another company, and a delisted company once used the ticker CRYO.
  const twin = structuredClone(companies.find((c) => c.id === id("photon"))!);
  twin.id = id("twin");
  twin.name = "Qubit Twin plc";
  twin.securities = [
    {
      ...twin.securities[0]!,
      id: id("twin:sec"),
      companyId: id("twin"),
      symbol: "QBIT",
      exchange: "LSE",
      mic: "XLON",
      market: "GB",
    },
  ];
  const ghost = structuredClone(companies.find((c) => c.id === id("gone"))!);
  ghost.id = id("ghost");
  ghost.securities = [
    { ...ghost.securities[0]!, id: id("ghost:sec"), companyId: id("ghost"), symbol: "CRYO", active: false },
  ];
  const all = [...companies, twin, ghost];
  const shared: Universe = {
    ...testUniverse,
    companies: all,
    companyById: new Map(all.map((c) => [c.id, c])),
    securityById: new Map(all.flatMap((c) => c.securities.map((x) => [x.id, x] as const))),
  };
  const post = (holding: Record<string, unknown>) =>
    makeMock({ universe: shared }).alice.post("/v1/portfolios", { name: "x", holdings: [{ weight: 1, ...holding }] });

  it("an ambiguous symbol is 400 asking for exchange or org_id", async () => {
    const r = await post({ symbol: "QBIT" });
    expect(r.status).toBe(400);
    expect(await errorOf(r)).toMatch(
      /^holdings\[0\]: symbol QBIT is ambiguous \(2 companies, on NASDAQ, LSE\); add exchange or org_id/,
    );
  });

  it.each([
    ["exchange name", { symbol: "QBIT", exchange: "lse" }, id("twin:sec")],
    ["MIC", { symbol: "QBIT", exchange: "XNAS" }, sec("qbit")],
    ["org_id", { symbol: "QBIT", org_id: id("twin") }, id("twin:sec")],
  ])("the %s disambiguates", async (_label, holding, securityId) => {
    const r = await post(holding);
    expect(r.status).toBe(201);
    expect((await body<P>(r)).holdings[0]!.security_id).toBe(securityId);
  });

  it("an active listing wins over a delisted one with the same ticker; security_id still reaches the delisted one", async () => {
    expect((await body<P>(await post({ symbol: "CRYO" }))).holdings[0]!.org_id).toBe(id("cryo"));
    expect((await body<P>(await post({ security_id: id("ghost:sec") }))).holdings[0]!.org_id).toBe(id("ghost"));
  });
});

describe("GET /v1/portfolios/{id}", () => {
  it("the owner gets it with holdings and user_id", async () => {
    const r = await mock().alice.get(`/v1/portfolios/${id("p-alice-pub")}`);
    expect(r.status).toBe(200);
    const p = await body<P>(r);
    expectPortfolio(p);
    expect(p.user_id).toBe(alice);
    expect(p.holdings.map((h) => [h.symbol, h.weight, h.org_id])).toEqual([
      ["QBIT", 0.6, id("qbit")],
      ["CRYO", 0.4, id("cryo")],
    ]);
    expect(p.holdings[0]!.updated_at).toBe("Thu, 01 May 2025 00:00:00 GMT");
  });

  it("another user gets a public one with user_id null", async () => {
    const p = await body<P>(await mock().bob.get(`/v1/portfolios/${id("p-alice-pub")}`));
    expectPortfolio(p);
    expect(p.user_id).toBeNull();
  });

  it("404 for another user's private portfolio and for an unknown id; 400 for a non-uuid", async () => {
    const m = mock();
    expect((await m.bob.get(`/v1/portfolios/${id("p-alice-priv")}`)).status).toBe(404);
    expect((await m.alice.get(`/v1/portfolios/${id("nope")}`)).status).toBe(404);
    const r = await m.alice.get("/v1/portfolios/not-a-uuid");
    expect(r.status).toBe(400);
    expect(await errorOf(r)).toMatch(/^path\.id: /);
  });
});

describe("PUT /v1/portfolios/{id}", () => {
  it("the owner replaces holdings and name; created_at kept, updated_at bumped", async () => {
    const m = mock();
    m.clock.advance(1000);
    const r = await m.alice.put(`/v1/portfolios/${id("p-alice-priv")}`, {
      name: "Renamed",
      holdings: [
        { symbol: "DESAL", weight: 2 },
        { symbol: "PIPES", weight: 1 },
      ],
    });
    expect(r.status).toBe(200);
    const p = await body<P>(r);
    expectPortfolio(p);
    expect([p.id, p.name, p.created_at, p.updated_at]).toEqual([
      id("p-alice-priv"),
      "Renamed",
      "Wed, 02 Apr 2025 00:00:00 GMT",
      new Date(m.clock.now()).toUTCString(),
    ]);
    expect(p.holdings.map((h) => [h.symbol, h.weight])).toEqual([
      ["DESAL", 2],
      ["PIPES", 1],
    ]);
    expect(await body<P>(await m.alice.get(`/v1/portfolios/${p.id}`))).toEqual(p);
  });

  it("keeping its own name is fine; renaming onto another of the caller's names is 409", async () => {
    const m = mock();
    expect(
      (
        await m.alice.put(`/v1/portfolios/${id("p-alice-priv")}`, {
          name: "Alice secret",
          holdings: [{ symbol: "AQUA", weight: 1 }],
        })
      ).status,
    ).toBe(200);
    const r = await m.alice.put(`/v1/portfolios/${id("p-alice-priv")}`, {
      name: "Alice quantum",
      holdings: [{ symbol: "AQUA", weight: 1 }],
    });
    expect(r.status).toBe(409);
    expect(await errorOf(r)).toMatch(/Alice quantum/);
  });

  it("403 for another user's public portfolio, 404 for a private or unknown one, nothing changed", async () => {
    const m = mock();
    const input = { name: "Hijack", holdings: [{ symbol: "BANK", weight: 1 }] };
    const forbidden = await m.bob.put(`/v1/portfolios/${id("p-alice-pub")}`, input);
    expect(forbidden.status).toBe(403);
    await errorOf(forbidden);
    expect((await m.bob.put(`/v1/portfolios/${id("p-alice-priv")}`, input)).status).toBe(404);
    expect((await m.bob.put(`/v1/portfolios/${id("nope")}`, input)).status).toBe(404);
    const p = await body<P>(await m.alice.get(`/v1/portfolios/${id("p-alice-pub")}`));
    expect(p.name).toBe("Alice quantum");
  });

  it("400 naming holdings[i] for an unresolvable holding, nothing changed", async () => {
    const m = mock();
    const r = await m.alice.put(`/v1/portfolios/${id("p-alice-pub")}`, {
      name: "Alice quantum",
      holdings: [
        { symbol: "QBIT", weight: 1 },
        { symbol: "NOPE", weight: 1 },
      ],
    });
    expect(r.status).toBe(400);
    expect(await errorOf(r)).toMatch(/^holdings\[1\]: /);
    expect((await body<P>(await m.alice.get(`/v1/portfolios/${id("p-alice-pub")}`))).holdings).toHaveLength(2);
  });
});

describe("DELETE /v1/portfolios/{id}", () => {
  it("the owner deletes (204, empty body); it is gone afterwards", async () => {
    const m = mock();
    const r = await m.alice.del(`/v1/portfolios/${id("p-alice-pub")}`);
    expect(r.status).toBe(204);
    expect(await r.text()).toBe("");
    expect((await m.alice.get(`/v1/portfolios/${id("p-alice-pub")}`)).status).toBe(404);
    expect((await m.alice.del(`/v1/portfolios/${id("p-alice-pub")}`)).status).toBe(404);
    expect((await body<P[]>(await m.bob.get("/v1/portfolios"))).map((p) => p.id)).not.toContain(id("p-alice-pub"));
  });

  it("403 for another user's public portfolio, 404 for a private one", async () => {
    const m = mock();
    expect((await m.bob.del(`/v1/portfolios/${id("p-alice-pub")}`)).status).toBe(403);
    expect((await m.bob.del(`/v1/portfolios/${id("p-alice-priv")}`)).status).toBe(404);
    expect((await m.alice.get(`/v1/portfolios/${id("p-alice-priv")}`)).status).toBe(200);
  });
});

describe("portfolio state", () => {
  it("reset brings back the fixture portfolios", async () => {
    const m = mock();
    await m.alice.del(`/v1/portfolios/${id("p-alice-pub")}`);
    await m.alice.post("/v1/portfolios", { name: "temp", holdings: [{ symbol: "QBIT", weight: 1 }] });
    const fresh = await body<P[]>(await mock().alice.get("/v1/portfolios"));
    expect(
      (
        await m.app.request("/__mock/reset", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: "{}",
        })
      ).status,
    ).toBe(200);
    expect(await body<P[]>(await m.alice.get("/v1/portfolios"))).toEqual(fresh);
  });

  it("is JSON in the store and survives a restart through the persistence", async () => {
    let saved: StoreState | null = null;
    const keep = (s: Readonly<StoreState>) => void (saved = JSON.parse(JSON.stringify(s)) as StoreState);
    const persistence: Persistence = {
      load: () => (saved === null ? null : structuredClone(saved)),
      commit: (_ops, next) => keep(next),
      replace: keep,
    };
    const first = mock({ persistence });
    const created = await body<P>(
      await first.alice.post("/v1/portfolios", {
        name: "kept",
        holdings: [{ symbol: "QBIT", weight: 1, raw_payload: { n: [1, 2] } }],
        tags: ["t"],
      }),
    );
    const second = mock({ persistence });
    expect(await body<P>(await second.alice.get(`/v1/portfolios/${created.id}`))).toEqual(created);
  });
});

describe("OpenAPI document", () => {
  it("documents the five portfolio operations with their statuses", async () => {
    const doc = (await (await mock().app.request("/openapi.json")).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const statuses = (path: string, method: string) => Object.keys(doc.paths[path]![method]!.responses).sort();
    expect(statuses("/v1/portfolios", "get")).toEqual(["200", "401"]);
    expect(statuses("/v1/portfolios", "post")).toEqual(["200", "201", "400", "401", "413"]);
    expect(statuses("/v1/portfolios/{id}", "get")).toEqual(["200", "400", "401", "404"]);
    expect(statuses("/v1/portfolios/{id}", "put")).toEqual(["200", "400", "401", "403", "404", "409", "413"]);
    expect(statuses("/v1/portfolios/{id}", "delete")).toEqual(["204", "400", "401", "403", "404"]);
  });
});

describe("properties", () => {
  const names = ["A", "B", "C"] as const;
  const symbols = ["QBIT", "CRYO", "QSOFT", "PHOTON", "AQUA", "DESAL", "PIPES", "BANK"];
  const holdingsArb = fc
    .uniqueArray(fc.constantFrom(...symbols), { minLength: 1, maxLength: 5 })
    .chain((picked) =>
      fc
        .tuple(...picked.map(() => fc.double({ min: 0.01, max: 100, noNaN: true })))
        .map((w) => picked.map((symbol, i) => ({ symbol, weight: w[i]! }))),
    );
  const op = fc.oneof(
    fc.record({ kind: fc.constant("post" as const), name: fc.constantFrom(...names), holdings: holdingsArb }),
    fc.record({
      kind: fc.constant("put" as const),
      name: fc.constantFrom(...names),
      rename: fc.constantFrom(...names),
      holdings: holdingsArb,
    }),
    fc.record({ kind: fc.constant("delete" as const), name: fc.constantFrom(...names) }),
  );

  it("any sequence of post/put/delete matches a model: one portfolio per name, the last holdings written", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 12 }), async (ops) => {
        const m = makeMock(); // the test universe has no saved portfolios
        const model = new Map<string, { id: string; holdings: Array<{ symbol: string; weight: number }> }>();
        for (const o of ops) {
          const current = model.get(o.name);
          if (o.kind === "post") {
            const r = await m.alice.post("/v1/portfolios", { name: o.name, holdings: o.holdings });
            expect(r.status).toBe(current === undefined ? 201 : 200);
            const p = await body<P>(r);
            if (current !== undefined) expect(p.id).toBe(current.id);
            model.set(o.name, { id: p.id, holdings: o.holdings });
          } else if (o.kind === "put") {
            if (current === undefined) continue;
            const r = await m.alice.put(`/v1/portfolios/${current.id}`, { name: o.rename, holdings: o.holdings });
            if (o.rename !== o.name && model.has(o.rename)) {
              expect(r.status).toBe(409);
              continue;
            }
            expect(r.status).toBe(200);
            model.delete(o.name);
            model.set(o.rename, { id: current.id, holdings: o.holdings });
          } else {
            if (current === undefined) continue;
            expect((await m.alice.del(`/v1/portfolios/${current.id}`)).status).toBe(204);
            model.delete(o.name);
          }
        }
        const list = await body<P[]>(await m.alice.get("/v1/portfolios"));
        expect(list.map((p) => [p.name, p.id]).sort()).toEqual([...model].map(([name, v]) => [name, v.id]).sort());
        for (const [, v] of model) {
          const p = await body<P>(await m.alice.get(`/v1/portfolios/${v.id}`));
          expect(p.holdings.map((h) => ({ symbol: h.symbol, weight: h.weight }))).toEqual(v.holdings);
        }
        expect(await body<P[]>(await m.bob.get("/v1/portfolios"))).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });
});

describe("/v2/portfolios (the same resource as v1, docs/parity.md)", () => {
  it("create, read, list, replace and delete under /v2 act on the portfolios /v1 sees, with the same shapes", async () => {
    const m = makeMock();
    const holdings = [
      { security_id: companies[0]!.securities[0]!.id, weight: 0.6 },
      { security_id: companies[1]!.securities[0]!.id, weight: 0.4 },
    ];
    const created = await m.alice.post("/v2/portfolios", { name: "v2 sleeve", holdings });
    expect(created.status).toBe(201);
    const portfolio = await body<{ id: string; holdings: unknown[] }>(created);
    expectPortfolio(portfolio);
    expect(await body(await m.alice.get(`/v1/portfolios/${portfolio.id}`))).toEqual(portfolio);
    const v1List = await body<Array<{ id: string }>>(await m.alice.get("/v1/portfolios"));
    expect(await body(await m.alice.get("/v2/portfolios"))).toEqual(v1List);
    expect(v1List.map((p) => p.id)).toContain(portfolio.id);
    const replaced = await m.alice.put(`/v2/portfolios/${portfolio.id}`, {
      name: "v2 sleeve",
      holdings: holdings.slice(0, 1),
    });
    expect(replaced.status).toBe(200);
    expect((await body<{ holdings: unknown[] }>(replaced)).holdings).toHaveLength(1);
    expect((await m.bob.put(`/v2/portfolios/${portfolio.id}`, { name: "x", holdings })).status).toBe(404);
    expect((await m.alice.del(`/v2/portfolios/${portfolio.id}`)).status).toBe(204);
    expect((await m.alice.get(`/v1/portfolios/${portfolio.id}`)).status).toBe(404);
    expect((await m.anonymous.get("/v2/portfolios")).status).toBe(401);
  });
});
