import { buyAndHoldBacktest, cagrSharpeRatio } from "@thematic/engine";
import { loadUniverse } from "@thematic/fixtures";
import { beforeAll, describe, expect, it } from "vitest";
import type { Universe } from "../_internal/fixtures.ts";
import { expectError } from "../_test/contractShapes.ts";
import { body, makeMock } from "../_test/makeMock.ts";
import { id, testUniverse } from "../_test/testUniverse.ts";
import { navCents } from "../services/_internal/navCents.ts";

interface Stats {
  returns: number;
  annualizedReturn: number;
  variance: number;
  sharpeRatio: number;
  maxDrawdown: number;
}
interface Result {
  metadata: Stats & { stockCount: number; weekCount: number; warnings: string[] };
  timeSeries: Array<[number, number]>;
  benchmarkMetadata: Stats & { symbol: string };
  benchmarkTimeSeries: Array<[number, number]>;
}

const run = async (m: ReturnType<typeof makeMock>, input: unknown) => {
  const r = await m.alice.post("/v1/backtest", input);
  return { status: r.status, json: await body<Result & { error?: string }>(r) };
};

/** Close of a company's primary listing on Unix day `t` (read straight from the fixture table). */
function close(u: Universe, companyId: string, t: number): number {
  const company = u.companyById.get(companyId)!;
  const s = u.prices.series.get(company.securities.find((x) => x.isPrimary)!.id)!;
  const i = u.prices.calendar.indexOf(t);
  return s.closes[i - s.start]!;
}

/** The test universe where "Defunct Quantum Inc" stopped trading 40 trading days before the end. */
function withDelisting(): Universe {
  const series = new Map(testUniverse.prices.series);
  const sec = testUniverse.companyById.get(id("gone"))!.securities[0]!;
  const s = series.get(sec.id)!;
  series.set(sec.id, { start: s.start, closes: s.closes.slice(0, s.closes.length - 40) });
  return { ...testUniverse, prices: { calendar: testUniverse.prices.calendar, series } };
}

describe("POST /v1/backtest", () => {
  it("buy-and-hold NAV from 10000 on weekly dates, benchmark on the same dates (1 year: 52 weeks)", async () => {
    const { status, json } = await run(makeMock(), {
      holdings: [
        { companyId: id("qbit"), weight: 3 },
        { companyId: id("cryo"), weight: 1 },
      ],
      years: 1,
    });
    expect(status).toBe(200);
    expect(Object.keys(json).sort()).toEqual(["benchmarkMetadata", "benchmarkTimeSeries", "metadata", "timeSeries"]);
    expect(json.metadata).toMatchObject({ stockCount: 2, weekCount: 52, warnings: [] });
    expect(json.timeSeries).toHaveLength(53);
    expect(json.timeSeries[0]![1]).toBe(10000);
    expect(json.benchmarkTimeSeries.map(([t]) => t)).toEqual(json.timeSeries.map(([t]) => t));
    expect(json.benchmarkMetadata.symbol).toBe("SPY");
    expect(json.timeSeries.at(-1)![0]).toBe(Date.UTC(2025, 4, 30) / 1000); // as-of, a Friday
    // Oracle: NAV_T = 10000 · Σ w_i P_i(T) / P_i(0), with weights 0.75 / 0.25, from the raw closes.
    const [t0, tN] = [json.timeSeries[0]![0], json.timeSeries.at(-1)![0]];
    const expected =
      10000 *
      (0.75 * (close(testUniverse, id("qbit"), tN) / close(testUniverse, id("qbit"), t0)) +
        0.25 * (close(testUniverse, id("cryo"), tN) / close(testUniverse, id("cryo"), t0)));
    // Points are sent to cents (docs/maths.md#nav-in-responses); the statistics come from the unrounded NAV.
    expect(json.timeSeries.at(-1)![1]).toBe(navCents(expected));
    expect(json.metadata.returns).toBeCloseTo(expected / 10000 - 1, 9);
  });

  it("defaults: 5 years and SPY; a short history is reported in the warnings", async () => {
    const { status, json } = await run(makeMock(), { holdings: [{ companyId: id("aqua"), weight: 1 }] });
    expect(status).toBe(200);
    expect(json.benchmarkMetadata.symbol).toBe("SPY");
    expect(json.metadata.warnings.some((w) => /price history starts/.test(w))).toBe(true);
  });

  it("drops unknown companies with a warning naming them; delisted companies turn to cash with a warning", async () => {
    const unknown = id("no-such-company");
    const { status, json } = await run(makeMock({ universe: withDelisting() }), {
      holdings: [
        { companyId: id("qbit"), weight: 1 },
        { companyId: unknown, weight: 1 },
        { companyId: id("gone"), weight: 1 },
      ],
      years: 1,
    });
    expect(status).toBe(200);
    expect(json.metadata.stockCount).toBe(2);
    expect(json.metadata.warnings.some((w) => w.includes(unknown))).toBe(true);
    expect(json.metadata.warnings.some((w) => w.includes(id("gone")) && /stopped trading/.test(w))).toBe(true);
  });

  it("accepts a benchmark symbol case-insensitively", async () => {
    const { status, json } = await run(makeMock(), {
      holdings: [{ companyId: id("qbit"), weight: 1 }],
      years: 1,
      benchmark: "spy",
    });
    expect(status).toBe(200);
    expect(json.benchmarkMetadata.symbol).toBe("SPY");
  });

  it("400 naming the field, the symbol and where to look for an unknown benchmark", async () => {
    const { status, json } = await run(makeMock(), {
      holdings: [{ companyId: id("qbit"), weight: 1 }],
      benchmark: "NOPE",
    });
    expect(status).toBe(400);
    expect(json.error).toMatch(/^body\.benchmark: .*NOPE/);
    expect(json.error).toContain("GET /v1/benchmarks");
    expect(json.error).toContain("/v1/helper/companies/search");
    const long = await run(makeMock(), { holdings: [{ companyId: id("qbit"), weight: 1 }], benchmark: "X".repeat(21) });
    expect(long.status).toBe(400);
    expect(long.json.error).toMatch(/benchmark/);
  });

  it("a company ticker is a benchmark too (case-insensitive): the benchmark series is that listing's closes, rebased", async () => {
    const m = makeMock();
    const { status, json } = await run(m, {
      holdings: [{ companyId: id("cryo"), weight: 1 }],
      years: 1,
      benchmark: "qbit",
    });
    expect(status).toBe(200);
    expect(json.benchmarkMetadata.symbol).toBe("QBIT");
    // Against itself the benchmark is the portfolio.
    const self = await run(m, { holdings: [{ companyId: id("qbit"), weight: 1 }], years: 1, benchmark: "QBIT" });
    self.json.benchmarkTimeSeries.forEach(([t, v], k) => {
      expect(t).toBe(self.json.timeSeries[k]![0]);
      // Both are the same NAV to the last ulps, then sent to cents: equal, or a cent apart at a half cent.
      expect(Math.abs(v - self.json.timeSeries[k]![1])).toBeLessThanOrEqual(0.010001);
    });
    const [t0, t1] = [json.benchmarkTimeSeries[0]![0], json.benchmarkTimeSeries.at(-1)![0]];
    expect(
      Math.abs(
        json.benchmarkTimeSeries.at(-1)![1] -
          (10000 * close(testUniverse, id("qbit"), t1)) / close(testUniverse, id("qbit"), t0),
      ),
    ).toBeLessThanOrEqual(0.005000001);
  });

  it("`variance` is the annualised volatility σ of the weekly returns, as in the service's reference (not σ²)", async () => {
    // From the points sent (to cents: each weekly return off by up to 1e-6), so σ to about 1e-5.
    const { json } = await run(makeMock(), {
      holdings: [
        { companyId: id("qbit"), weight: 1 },
        { companyId: id("cryo"), weight: 2 },
      ],
      years: 1,
    });
    for (const [series, stats] of [
      [json.timeSeries, json.metadata],
      [json.benchmarkTimeSeries, json.benchmarkMetadata],
    ] as const) {
      const r = series.slice(1).map(([, v], k) => v / series[k]![1] - 1);
      const mean = r.reduce((a, b) => a + b, 0) / r.length;
      const s2 = r.reduce((a, b) => a + (b - mean) ** 2, 0) / (r.length - 1);
      expect(stats.variance).toBeCloseTo(Math.sqrt(s2 * 52), 4);
    }
  });

  it("`sharpeRatio` is annualizedReturn / variance, as in the reference's examples", async () => {
    const m = makeMock();
    for (const v of ["v1", "v2"]) {
      const r = await m.alice.post(`/${v}/backtest`, {
        holdings: [
          { companyId: id("qbit"), weight: 1 },
          { companyId: id("cryo"), weight: 2 },
        ],
        years: 1,
      });
      const json = await body<Result>(r);
      expect(json.metadata.variance).toBeGreaterThan(0.01);
      expect(json.metadata.sharpeRatio).toBe(json.metadata.annualizedReturn / json.metadata.variance);
      // The test universe's benchmark grows smoothly (σ ≈ 0): the degenerate case, 0 as the engine's rule.
      const b = json.benchmarkMetadata;
      expect(b.sharpeRatio).toBe(
        b.variance > 1e-9 * Math.abs(b.annualizedReturn) ? b.annualizedReturn / b.variance : 0,
      );
    }
  });

  it("400 when no company can be resolved", async () => {
    const { status, json } = await run(makeMock(), { holdings: [{ companyId: id("x"), weight: 1 }], years: 1 });
    expect(status).toBe(400);
    expectError(json);
  });

  it.each([
    [{}],
    [{ holdings: [] }],
    [{ holdings: [{ companyId: "AAPL", weight: 1 }] }],
    [{ holdings: [{ companyId: id("qbit") }] }],
    [{ holdings: [{ companyId: id("qbit"), weight: -1 }] }],
    [{ holdings: [{ companyId: id("qbit"), weight: 0 }] }],
    [{ holdings: [{ companyId: id("qbit"), weight: 1 }], years: 0 }],
    [{ holdings: [{ companyId: id("qbit"), weight: 1 }], years: 21 }],
    [{ holdings: [{ companyId: id("qbit"), weight: 1 }], years: 2.5 }],
    [{ holdings: [{ companyId: id("qbit"), weight: 1 }], benchmark: 5 }],
  ])("400 {error} for %j", async (input) => {
    const { status, json } = await run(makeMock(), input);
    expect(status).toBe(400);
    expectError(json);
  });

  it("401 without a credential", async () => {
    expect(
      (await makeMock().anonymous.post("/v1/backtest", { holdings: [{ companyId: id("qbit"), weight: 1 }] })).status,
    ).toBe(401);
  });
});

describe("POST /v2/backtest (as v1, docs/parity.md)", () => {
  it("answers exactly what v1 answers, and refuses the same inputs", async () => {
    const m = makeMock();
    const input = {
      holdings: [
        { companyId: id("qbit"), weight: 1 },
        { companyId: id("cryo"), weight: 3 },
      ],
      years: 1,
      benchmark: "SPY",
    };
    const [v1, v2] = await Promise.all([m.alice.post("/v1/backtest", input), m.alice.post("/v2/backtest", input)]);
    expect(v2.status).toBe(200);
    expect(await body(v2)).toEqual(await body(v1));
    const bad = await m.alice.post("/v2/backtest", { holdings: [{ companyId: id("qbit"), weight: 1 }], years: 21 });
    expect(bad.status).toBe(400);
    expectError(await body(bad));
    expect((await m.anonymous.post("/v2/backtest", input)).status).toBe(401);
  });
});

describe("backtest on the real fixtures", () => {
  let real: Universe;
  let m: ReturnType<typeof makeMock>;
  beforeAll(async () => {
    real = await loadUniverse();
    m = makeMock({ universe: real });
  });
  const post = async (input: unknown) => {
    const r = await m.client(real.users.find((u) => u.active)!.apiKey).post("/v1/backtest", input);
    return { status: r.status, json: await body<Result & { error?: string }>(r) };
  };

  it("5 years of 10 holdings: 260 weekly returns, one point a week, ending on the as-of date", async () => {
    const holdings = real.premadeStrategies[0]!.constituents.slice(0, 10).map((c, i) => ({
      companyId: c.companyId,
      weight: i + 1,
    }));
    const { status, json } = await post({ holdings, benchmark: "QQQ" });
    expect(status).toBe(200);
    expect(json.metadata.weekCount).toBe(260);
    expect(json.timeSeries).toHaveLength(261);
    expect(json.benchmarkMetadata.symbol).toBe("QQQ");
    expect(json.timeSeries.at(-1)![0]).toBe(Date.parse(`${real.asOf}T00:00:00Z`) / 1000);
    for (let k = 1; k < json.timeSeries.length; k++) {
      const gap = json.timeSeries[k]![0] - json.timeSeries[k - 1]![0];
      expect(gap % 86400).toBe(0);
      expect(gap / 86400 >= 3 && gap / 86400 <= 11).toBe(true); // one ISO week apart, holidays shift the day
    }
    expect(json.metadata.maxDrawdown).toBeLessThanOrEqual(0);
  });

  it("a delisted company in the window produces a warning", async () => {
    const end = Date.parse(`${real.asOf}T00:00:00Z`);
    const delisted = real.companies.find((c) => {
      const p = c.securities.find((s) => s.isPrimary)!;
      return (
        !c.securities.some((s) => s.active) &&
        p.delistedOn !== null &&
        Date.parse(p.delistedOn) > end - 4 * 365 * 86400e3
      );
    });
    expect(delisted).toBeDefined();
    const { status, json } = await post({
      holdings: [
        { companyId: delisted!.id, weight: 1 },
        { companyId: real.premadeStrategies[0]!.constituents[0]!.companyId, weight: 1 },
      ],
    });
    expect(status).toBe(200);
    expect(json.metadata.warnings.some((w) => w.includes(delisted!.id))).toBe(true);
  });

  it("equals the engine run on the plain full calendar (the service passes a prepared one)", async () => {
    const end = Date.parse(`${real.asOf}T00:00:00Z`);
    const primary = (c: (typeof real.companies)[number]) => c.securities.find((s) => s.isPrimary)!;
    const delisted = real.companies.filter((c) => !c.securities.some((s) => s.active)).slice(0, 3);
    const late = real.companies
      .filter((c) => c.securities.some((s) => s.active) && Date.parse(primary(c).listedOn) > end - 6 * 365 * 86400e3)
      .slice(0, 3);
    expect(delisted.length).toBe(3);
    expect(late.length).toBeGreaterThan(0);
    const picks = [
      ...real.premadeStrategies[2]!.constituents.slice(0, 6).map((c) => real.companyById.get(c.companyId)!),
      ...delisted,
      ...late,
    ];
    for (const years of [1, 5, 20]) {
      const holdings = picks.map((c, i) => ({ companyId: c.id, weight: 1 + (i % 4) }));
      const { status, json } = await post({ holdings, years, benchmark: "EFA" });
      expect(status).toBe(200);
      const expected = buyAndHoldBacktest({
        calendar: real.prices.calendar,
        holdings: holdings.map((h) => ({ id: h.companyId, weight: h.weight })),
        prices: new Map(
          picks.map((c) => {
            const listing =
              c.securities.find((s) => s.isPrimary && s.active) ?? c.securities.find((s) => s.active) ?? primary(c);
            return [c.id, real.prices.series.get(listing.id)!] as const;
          }),
        ),
        benchmark: { symbol: "EFA", series: real.prices.series.get(real.benchmarkBySymbol.get("EFA")!.securityId)! },
        years,
      });
      const sent = (series: Array<[number, number]>) => series.map(([t, v]) => [t, navCents(v)]);
      // The engine keeps its own Sharpe ratio; the service reports CAGR / σ (docs/maths.md#service-sharpe-ratio).
      const service = <T extends Stats>(s: T): T => ({
        ...s,
        sharpeRatio: cagrSharpeRatio(s.annualizedReturn, s.variance),
      });
      expect(json).toEqual(
        JSON.parse(
          JSON.stringify({
            metadata: service(expected.metadata),
            timeSeries: sent(expected.timeSeries),
            benchmarkMetadata: service(expected.benchmarkMetadata),
            benchmarkTimeSeries: sent(expected.benchmarkTimeSeries),
          }),
        ),
      );
    }
  });

  it("accepts a real company's ticker as the benchmark (a guide's NVDA), priced from that listing", async () => {
    const nvidia = real.companies.find((c) => c.securities[0]!.symbol === "NVDA")!;
    const holdings = real.premadeStrategies[0]!.constituents.slice(0, 5).map((c) => ({
      companyId: c.companyId,
      weight: 1,
    }));
    const { status, json } = await post({ holdings, benchmark: "nvda", years: 3 });
    expect(status).toBe(200);
    expect(json.benchmarkMetadata.symbol).toBe("NVDA");
    const alone = await post({ holdings: [{ companyId: nvidia.id, weight: 1 }], years: 3 });
    json.benchmarkTimeSeries.forEach(([t, v], k) => {
      expect(t).toBe(alone.json.timeSeries[k]![0]);
      expect(v).toBeCloseTo(alone.json.timeSeries[k]![1], 6);
    });
  });

  it("SPY over 5 years: the Sharpe ratio is CAGR / σ (about 0.55), not the engine's mean-return ratio (about 0.62)", async () => {
    const holdings = [{ companyId: real.premadeStrategies[0]!.constituents[0]!.companyId, weight: 1 }];
    const { json } = await post({ holdings, years: 5, benchmark: "SPY" });
    const b = json.benchmarkMetadata;
    expect(b.sharpeRatio).toBe(b.annualizedReturn / b.variance);
    const engine = buyAndHoldBacktest({
      calendar: real.prices.calendar,
      holdings: [{ id: "SPY", weight: 1 }],
      prices: new Map([["SPY", real.prices.series.get(real.benchmarkBySymbol.get("SPY")!.securityId)!]]),
      benchmark: { symbol: "SPY", series: real.prices.series.get(real.benchmarkBySymbol.get("SPY")!.securityId)! },
      years: 5,
    });
    expect(engine.benchmarkMetadata.sharpeRatio).not.toBeCloseTo(b.sharpeRatio, 2);
  });

  it("real ETF and index symbols work as benchmarks; an unknown one is 400 with the closest matches", async () => {
    const holdings = [{ companyId: real.premadeStrategies[1]!.constituents[0]!.companyId, weight: 1 }];
    for (const symbol of ["DIA", "VTI", "VOO", "GLD", "ARKK", "SMH", "^GSPC", "^gspc", "voo"]) {
      const { status, json } = await post({ holdings, benchmark: symbol, years: 2 });
      expect(status, symbol).toBe(200);
      expect(json.benchmarkMetadata.symbol).toBe(symbol.toUpperCase());
    }
    const spx = await post({ holdings, benchmark: "SPX", years: 2 });
    expect(spx.status).toBe(400);
    expect(spx.json.error).toMatch(/^body\.benchmark: unknown symbol "SPX"; closest: .*SPY/);
    expect(spx.json.error).toContain("GET /v1/benchmarks");
  });

  it("accepts every listed benchmark", async () => {
    for (const b of real.benchmarks) {
      const { status } = await post({
        holdings: [{ companyId: real.premadeStrategies[1]!.constituents[0]!.companyId, weight: 1 }],
        benchmark: b.symbol,
        years: 2,
      });
      expect(status, b.symbol).toBe(200);
    }
  });
});
