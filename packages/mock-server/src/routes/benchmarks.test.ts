import { loadUniverse } from "@thematic/fixtures";
import { beforeAll, describe, expect, it } from "vitest";
import type { Universe } from "../_internal/fixtures.ts";
import { expectError } from "../_test/contractShapes.ts";
import { body, makeMock } from "../_test/makeMock.ts";
import { calendar, id, testUniverse } from "../_test/testUniverse.ts";

interface Prices {
  symbol: string;
  interval: string;
  prices: Array<[number, number]>;
}
const day = (t: number) => new Date(t * 1000).toISOString().slice(0, 10);
const spy = testUniverse.prices.series.get(id("spy"))!;

describe("GET /v1/benchmarks", () => {
  it("lists symbol, name, description and the date range of each benchmark", async () => {
    const r = await makeMock().alice.get("/v1/benchmarks");
    expect(r.status).toBe(200);
    const { benchmarks } = await body<{
      benchmarks: Array<{ symbol: string; description: string; first_date: string; last_date: string }>;
    }>(r);
    expect(benchmarks[0]).toEqual({
      symbol: "SPY",
      name: "S&P 500 ETF",
      description: "US large caps",
      first_date: day(calendar[0]!),
      last_date: "2025-05-30",
    });
    // The real ETF and index symbols whose fixture proxy (SPY) this universe has, marked synthetic.
    expect(benchmarks.map((b) => b.symbol)).toEqual(expect.arrayContaining(["VOO", "DIA", "VTI", "^GSPC"]));
    for (const b of benchmarks.slice(1)) {
      expect(b.description).toMatch(/synthetic prices, the fixture series of SPY/);
      expect([b.first_date, b.last_date]).toEqual([benchmarks[0]!.first_date, benchmarks[0]!.last_date]);
    }
  });

  it("401 without a credential", async () => {
    expect((await makeMock().anonymous.get("/v1/benchmarks")).status).toBe(401);
  });
});

describe("GET /v1/benchmarks/{symbol}", () => {
  it("weekly by default: the last trading day of each ISO week, over the last 5 years", async () => {
    const r = await makeMock().alice.get("/v1/benchmarks/SPY");
    expect(r.status).toBe(200);
    const json = await body<Prices>(r);
    expect([json.symbol, json.interval]).toEqual(["SPY", "weekly"]);
    // Oracle: a calendar day is a weekly point iff the next trading day is in a later Monday-based week.
    const monday = (t: number) => t - ((new Date(t * 1000).getUTCDay() + 6) % 7) * 86400;
    const expected = Array.from(calendar)
      .map((t, i) => [t, i] as const)
      .filter(([t, i]) => i === calendar.length - 1 || monday(calendar[i + 1]!) !== monday(t))
      .map(([t, i]) => [t, spy.closes[i]!]);
    expect(json.prices).toEqual(expected); // the test calendar (300 days) is shorter than 5 years
  });

  it("daily in an inclusive range; symbol case-insensitive", async () => {
    const json = await body<Prices>(
      await makeMock().alice.get("/v1/benchmarks/spy?interval=daily&from=2025-05-26&to=2025-05-30"),
    );
    expect(json.symbol).toBe("SPY");
    const from = calendar.indexOf(Date.UTC(2025, 4, 26) / 1000);
    expect(json.prices).toEqual([0, 1, 2, 3, 4].map((k) => [calendar[from + k]!, spy.closes[from + k]!]));
  });

  it("a weekly range ending mid-week ends on its last trading day; a weekend range is empty", async () => {
    const json = await body<Prices>(await makeMock().alice.get("/v1/benchmarks/SPY?from=2025-05-12&to=2025-05-21"));
    expect(json.prices.map(([t]) => day(t))).toEqual(["2025-05-16", "2025-05-21"]);
    const empty = await body<Prices>(await makeMock().alice.get("/v1/benchmarks/SPY?from=2025-05-24&to=2025-05-25"));
    expect(empty.prices).toEqual([]);
  });

  it("404 for an unknown symbol", async () => {
    const r = await makeMock().alice.get("/v1/benchmarks/NOPE");
    expect(r.status).toBe(404);
    expectError(await r.json());
  });

  it.each([["from=2025-05-30&to=2025-05-01"], ["from=2025-5-1"], ["to=2025-02-30"], ["interval=monthly"]])(
    "400 {error} for ?%s",
    async (q) => {
      const r = await makeMock().alice.get(`/v1/benchmarks/SPY?${q}`);
      expect(r.status).toBe(400);
      expect((await body<{ error: string }>(r)).error).toMatch(/^query\./);
    },
  );
});

describe("benchmarks on the real fixtures", () => {
  let real: Universe;
  let m: ReturnType<typeof makeMock>;
  beforeAll(async () => {
    real = await loadUniverse();
    m = makeMock({ universe: real });
  });
  const get = (path: string) => m.client(real.users.find((u) => u.active)!.apiKey).get(path);

  it("lists every benchmark; 5 years of weekly SPY closes end on the as-of date", async () => {
    const { benchmarks } = await body<{ benchmarks: Array<{ symbol: string; last_date: string }> }>(
      await get("/v1/benchmarks"),
    );
    expect(benchmarks.map((b) => b.symbol).slice(0, real.benchmarks.length)).toEqual(
      real.benchmarks.map((b) => b.symbol),
    );
    expect(benchmarks.length).toBeGreaterThan(40);
    expect(benchmarks.every((b) => b.last_date === real.asOf)).toBe(true);
    const json = await body<Prices>(await get("/v1/benchmarks/SPY"));
    expect(json.prices.length >= 260 && json.prices.length <= 262).toBe(true);
    expect(day(json.prices.at(-1)![0])).toBe(real.asOf);
  });
});

describe("OpenAPI document", () => {
  it("documents the premade, company search, backtest and benchmark routes", async () => {
    const r = await makeMock().anonymous.get("/openapi.json");
    expect(r.status).toBe(200);
    const doc = await body<{ paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }>(r);
    for (const path of [
      "/v1/premade-strategies",
      "/v1/premade-strategies/search",
      "/v1/premade-strategies/{id}/companies",
      "/v1/premade-strategies/{id}/companies/{companyId}",
      "/v1/premade-strategies/{id}/evidences",
      "/v1/premade-strategies/{id}/historical-data/dates",
      "/v1/premade-strategies/{id}/historical-data",
      "/v1/helper/companies/search",
      "/v1/backtest",
      "/v1/benchmarks",
      "/v1/benchmarks/{symbol}",
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(Object.keys(doc.paths["/v1/premade-strategies/{id}/historical-data"]!.get!.responses).sort()).toEqual([
      "200",
      "400",
      "401",
      "404",
      "409",
    ]);
  });
});
