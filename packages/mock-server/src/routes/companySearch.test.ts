import { loadUniverse } from "@thematic/fixtures";
import { beforeAll, describe, expect, it } from "vitest";
import type { Company, Universe } from "../_internal/fixtures.ts";
import { expectError } from "../_test/contractShapes.ts";
import { body, makeMock } from "../_test/makeMock.ts";
import { id, testUniverse } from "../_test/testUniverse.ts";

interface Result {
  id: string;
  name: string;
  securities: Array<{
    is_primary: boolean;
    symbol: string;
    isin: string;
    figi: string | null;
    market: string;
    exchange: string;
  }>;
  market_cap: number;
  sector: string;
  industry: string;
}

const search = async (m: ReturnType<typeof makeMock>, input: unknown) => {
  const r = await m.alice.post("/v1/helper/companies/search", input);
  return { status: r.status, json: (await r.json()) as { results: Result[]; error?: string } };
};

/** Checks the contract table 2.7 field by field (written from the table). */
function expectResult(r: Result): void {
  expect(Object.keys(r).sort()).toEqual(["id", "industry", "market_cap", "name", "sector", "securities"]);
  expect([typeof r.id, typeof r.name, typeof r.market_cap, typeof r.sector, typeof r.industry]).toEqual([
    "string",
    "string",
    "number",
    "string",
    "string",
  ]);
  for (const s of r.securities) {
    expect(Object.keys(s).sort()).toEqual(["exchange", "figi", "is_primary", "isin", "market", "symbol"]);
    expect(typeof s.is_primary).toBe("boolean");
  }
}

/** The test universe where AquaPure also has a delisted and an active secondary listing. */
function withListings(): Universe {
  const companies: Company[] = testUniverse.companies.map((c) => {
    if (c.id !== id("aqua")) return c;
    const primary = c.securities[0]!;
    return {
      ...c,
      securities: [
        {
          ...primary,
          id: id("aqx"),
          symbol: "AQX",
          isin: "GB0000000001",
          figi: "BBG00000AQX0",
          isPrimary: false,
          active: false,
          delistedOn: "2024-06-28",
        },
        {
          ...primary,
          id: id("aql"),
          symbol: "AQL",
          exchange: "LSE",
          mic: "XLON",
          market: "GB",
          isin: "GB0000000002",
          figi: "BBG00000AQL0",
          isPrimary: false,
        },
        primary,
      ],
    };
  });
  return { ...testUniverse, companies, companyById: new Map(companies.map((c) => [c.id, c])) };
}

describe("POST /v1/helper/companies/search", () => {
  it("an exact ticker match comes first; the result has the contract shape", async () => {
    const { status, json } = await search(makeMock(), { query: "qbit" });
    expect(status).toBe(200);
    expect(json.results.map((r) => r.name)).toEqual(["Qubit Labs"]);
    json.results.forEach(expectResult);
    expect(json.results[0]).toMatchObject({
      id: id("qbit"),
      market_cap: 12e9,
      sector: "Technology",
      industry: "Semiconductors",
    });
    expect(json.results[0]!.securities).toEqual([
      {
        is_primary: true,
        symbol: "QBIT",
        isin: "US0000000000",
        figi: "BBG000000000",
        market: "us",
        exchange: "NASDAQ",
      },
    ]);
  });

  it("ranks exact, then prefix, then substring matches, each by market cap descending", async () => {
    // "aqua": exact ticker AQUA (AquaPure). "q": prefix of QBIT/Qubit Labs (12e9) and QSOFT (8e8);
    // substring of AQUA/AquaPure (6e9) and "SeaSweet Desalination"? no q; "Defunct Quantum" is delisted.
    const q = await search(makeMock(), { query: "Q" });
    expect(q.json.results.map((r) => r.id)).toEqual([id("qbit"), id("qsoft"), id("aqua")]);
    const exactFirst = await search(makeMock(), { query: "cryo" });
    // CRYO is an exact ticker; "CryoCore Systems" is also a prefix (same company): one result.
    expect(exactFirst.json.results.map((r) => r.id)).toEqual([id("cryo")]);
    const mixed = await search(makeMock(), { query: "desal" });
    expect(mixed.json.results.map((r) => r.id)).toEqual([id("desal")]);
  });

  it("matches ISIN and FIGI case-insensitively", async () => {
    expect((await search(makeMock(), { query: "us0000000005" })).json.results.map((r) => r.id)).toEqual([id("aqua")]);
    expect((await search(makeMock(), { query: "bbg0000000010" })).json.results.map((r) => r.id)).toEqual([id("bank")]);
  });

  it("caps at min(limit, 10), ties ordered by market cap then id", async () => {
    // Every active company's FIGI starts with BBG00000000; by market cap: bigtech, bank, tobac, photon, qbit, aqua, cryo, desal, pipes, qsoft, irrig.
    const all = ["bigtech", "bank", "tobac", "photon", "qbit", "aqua", "cryo", "desal", "pipes", "qsoft"].map(id);
    expect((await search(makeMock(), { query: "BBG00000000" })).json.results.map((r) => r.id)).toEqual(all);
    expect((await search(makeMock(), { query: "BBG00000000", limit: 50 })).json.results.map((r) => r.id)).toEqual(all);
    expect((await search(makeMock(), { query: "BBG00000000", limit: 3 })).json.results.map((r) => r.id)).toEqual(
      all.slice(0, 3),
    );
  });

  it("never returns a company without an active listing, and lists only active listings, primary first", async () => {
    expect((await search(makeMock(), { query: "Defunct" })).json.results).toEqual([]);
    const m = makeMock({ universe: withListings() });
    const aqua = (await search(m, { query: "AquaPure" })).json.results[0]!;
    expect(aqua.securities.map((s) => [s.symbol, s.is_primary])).toEqual([
      ["AQUA", true],
      ["AQL", false],
    ]);
    expect((await search(m, { query: "AQL" })).json.results.map((r) => r.id)).toEqual([id("aqua")]);
    expect((await search(m, { query: "AQX" })).json.results).toEqual([]); // only active listings are matched
  });

  it("returns an empty list when nothing matches", async () => {
    expect((await search(makeMock(), { query: "zzzz" })).json).toEqual({ results: [] });
  });

  it.each([
    [{}],
    [{ query: "" }],
    [{ query: "   " }],
    [{ query: 5 }],
    [{ query: "a", limit: 0 }],
    [{ query: "a", limit: 2.5 }],
    [{ query: "a", limit: "3" }],
  ])("400 {error} for %j", async (input) => {
    const { status, json } = await search(makeMock(), input);
    expect(status).toBe(400);
    expectError(json);
    expect(json.error).toMatch(/^body\.(query|limit): /);
  });

  it("401 without a credential", async () => {
    expect((await makeMock().anonymous.post("/v1/helper/companies/search", { query: "a" })).status).toBe(401);
  });

  it("ids from the search are usable in the backtest", async () => {
    const m = makeMock();
    const [first] = (await search(m, { query: "photon" })).json.results;
    const r = await m.alice.post("/v1/backtest", { holdings: [{ companyId: first!.id, weight: 1 }], years: 1 });
    expect(r.status).toBe(200);
    expect((await body<{ metadata: { stockCount: number } }>(r)).metadata.stockCount).toBe(1);
  });
});

describe("company search on the real fixtures", () => {
  let real: Universe;
  let m: ReturnType<typeof makeMock>;
  beforeAll(async () => {
    real = await loadUniverse();
    m = makeMock({ universe: real });
  });
  const post = (input: unknown) =>
    m.client(real.users.find((u) => u.active)!.apiKey).post("/v1/helper/companies/search", input);

  it("finds a company by the ISIN and FIGI of each of its active listings, exact match first", async () => {
    const multi = real.companies.filter((c) => c.securities.filter((s) => s.active).length > 1).slice(0, 5);
    expect(multi.length).toBeGreaterThan(0);
    for (const c of multi) {
      for (const s of c.securities.filter((x) => x.active)) {
        for (const q of s.figi === null ? [s.isin] : [s.isin, s.figi.toLowerCase()]) {
          const { results } = await body<{ results: Result[] }>(await post({ query: q }));
          expect(results[0]!.id, q).toBe(c.id);
          expect(results[0]!.securities[0]!.is_primary).toBe(true);
          expect(
            results[0]!.securities.every(
              (x) => c.securities.find((y) => y.symbol === x.symbol && y.isin === x.isin)?.active,
            ),
          ).toBe(true);
        }
      }
    }
  });

  it("results are ranked exact < prefix < substring, and never include a company without an active listing", async () => {
    const { results } = await body<{ results: Result[] }>(await post({ query: "tech", limit: 10 }));
    expect(results.length).toBeGreaterThan(0);
    const rank = (r: Result) => {
      const keys = [r.name, ...r.securities.flatMap((s) => [s.symbol, s.isin, s.figi ?? ""])].map((k) =>
        k.toLowerCase(),
      );
      return keys.includes("tech") ? 0 : keys.some((k) => k.startsWith("tech")) ? 1 : 2;
    };
    for (let i = 1; i < results.length; i++) {
      const [a, b] = [results[i - 1]!, results[i]!];
      expect(rank(a) < rank(b) || (rank(a) === rank(b) && a.market_cap >= b.market_cap)).toBe(true);
    }
    const dead = real.companies.find((c) => !c.securities.some((s) => s.active))!;
    const found = await body<{ results: Result[] }>(await post({ query: dead.name }));
    expect(found.results.map((r) => r.id)).not.toContain(dead.id);
  });
});

describe("POST /v2/helper/companies/search (as v1, docs/parity.md)", () => {
  it("answers exactly what v1 answers, and validates the same way", async () => {
    const m = makeMock();
    for (const input of [{ query: "qbit" }, { query: "q", limit: 2 }, { query: "US0000000000" }]) {
      const [v1, v2] = await Promise.all([
        m.alice.post("/v1/helper/companies/search", input),
        m.alice.post("/v2/helper/companies/search", input),
      ]);
      expect(v2.status).toBe(200);
      expect(await body(v2)).toEqual(await body(v1));
    }
    const bad = await m.alice.post("/v2/helper/companies/search", { query: " " });
    expect(bad.status).toBe(400);
    expectError(await body(bad));
  });
});

describe("the real companies of the fixtures (the tickers the guides use)", () => {
  it("TSLA, NVDA, AAPL, MSFT, AMZN, GOOGL and META resolve to the real company, with its real ISIN and a null FIGI, in v1 and v2", async () => {
    const real = loadUniverse();
    const m = makeMock({ universe: real });
    const client = m.client(real.users.find((u) => u.active)!.apiKey);
    const expected: Record<string, [name: string, isin: string, exchange: string]> = {
      TSLA: ["Tesla, Inc.", "US88160R1014", "NASDAQ"],
      NVDA: ["NVIDIA Corporation", "US67066G1040", "NASDAQ"],
      AAPL: ["Apple Inc.", "US0378331005", "NASDAQ"],
      MSFT: ["Microsoft Corporation", "US5949181045", "NASDAQ"],
      AMZN: ["Amazon.com, Inc.", "US0231351067", "NASDAQ"],
      GOOGL: ["Alphabet Inc.", "US02079K3059", "NASDAQ"],
      META: ["Meta Platforms, Inc.", "US30303M1027", "NASDAQ"],
    };
    for (const [ticker, [name, isin, exchange]] of Object.entries(expected)) {
      for (const v of ["v1", "v2"]) {
        const { results } = await body<{ results: Result[] }>(
          await client.post(`/${v}/helper/companies/search`, { query: ticker.toLowerCase() }),
        );
        expect(results[0]!.name, ticker).toBe(name);
        expect(results[0]!.securities[0]).toEqual({
          is_primary: true,
          symbol: ticker,
          isin,
          figi: null,
          market: "us",
          exchange,
        });
      }
    }
  });
});
