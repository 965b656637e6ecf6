import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createMock } from "../app/createApp.ts";
import { body, makeMock } from "../_test/makeMock.ts";
import { keys } from "../_test/testUniverse.ts";

const json = (payload: unknown) => ({
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify(payload),
});

describe("studio routes", () => {
  it("serves the page, its script and stylesheet from the mock with a strict CSP", async () => {
    const { app } = makeMock();
    const page = await app.request("/__mock/studio");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).toContain('<script type="module" src="/__mock/studio/studio.js">');
    expect(html).toMatch(/id="explorer-years" name="years" type="number" min="1" max="20"/); // from the backtest schema
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//); // nothing from elsewhere
    for (const asset of ["studio.js", "studio.css"])
      expect((await app.request(`/__mock/studio/${asset}`)).status).toBe(200);
    expect((await app.request("/__mock/studio/")).headers.get("location")).toBe("/__mock/studio");
  });

  it("snapshot: users with keys, strategies with build status that moves with the clock", async () => {
    const { app, alice, clock } = makeMock();
    const created = await body<{ id: string }>(
      await alice.post("/v1/strategies", { name: "Batteries", objective: "grid-scale battery storage" }),
    );
    expect((await alice.post(`/v1/strategies/${created.id}/submit`)).status).toBeLessThan(300);
    const read = async () =>
      await body<{
        users: Array<{ apiKey: string }>;
        strategies: Array<{ id: string; status: number; building: boolean }>;
      }>(await app.request("/__mock/studio/snapshot"));
    const before = await read();
    expect(before.users.map((u) => u.apiKey)).toContain(keys.alice);
    expect(before.strategies.find((s) => s.id === created.id)).toMatchObject({ status: 0, building: true });
    clock.advance(2000);
    expect((await read()).strategies.find((s) => s.id === created.id)!.status).toBe(48);
    clock.advance(2000);
    expect((await read()).strategies.find((s) => s.id === created.id)).toMatchObject({ building: false });
  });

  it("request log: records other requests with the caller, not the studio's own, and pages by seq", async () => {
    const { app, alice, anonymous } = makeMock();
    await alice.get("/v1/strategies");
    await anonymous.get("/v1/strategies?x=1");
    await app.request("/__mock/studio/snapshot");
    const log = await body<{
      requests: Array<{ seq: number; path: string; status: number; userId: string | null }>;
      latestSeq: number;
    }>(await app.request("/__mock/requests"));
    expect(log.requests.map((r) => [r.path, r.status])).toEqual([
      ["/v1/strategies", 200],
      ["/v1/strategies?x=1", 401],
    ]);
    expect(log.requests[0]!.userId).not.toBeNull();
    expect(log.requests[1]!.userId).toBeNull();
    const later = await body<{ requests: unknown[] }>(await app.request(`/__mock/requests?after=${log.latestSeq}`));
    expect(later.requests).toEqual([]);
    expect((await app.request("/__mock/requests?limit=0")).status).toBe(400);
  });

  it("backtest chart: draws a premade strategy and a saved portfolio against a benchmark; bad input is 400/404 naming the field", async () => {
    const { app, ctx } = createMock({ quiet: true });
    const premade = ctx.universe.premadeStrategies[0]!;
    const svg = await app.request(
      "/__mock/studio/backtest-chart",
      json({ source: { kind: "premade", id: premade.id }, benchmark: "QQQ", years: 3, chart: "drawdown" }),
    );
    expect(svg.status).toBe(200);
    expect(svg.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    const text = await svg.text();
    expect(text).toMatch(/^<svg/);
    expect(text).toContain("QQQ");
    const portfolio = ctx.universe.portfolios.find((p) => p.holdings.length > 0)!;
    expect(
      (await app.request("/__mock/studio/backtest-chart", json({ source: { kind: "portfolio", id: portfolio.id } })))
        .status,
    ).toBe(200);
    // The full report: one self-contained HTML page (no script, nothing loaded from elsewhere) with every panel inline.
    const report = await app.request(
      "/__mock/studio/backtest-chart",
      json({ source: { kind: "premade", id: premade.id }, benchmark: "QQQ", years: 3, chart: "full-report" }),
    );
    expect(report.status).toBe(200);
    expect(report.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await report.text();
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(html).not.toMatch(/<script|\bsrc=|href="http/i);
    expect(html).toMatch(new RegExp(`<h1>${premade.name}.* against QQQ</h1>`));
    expect((html.match(/<svg/g) ?? []).length).toBeGreaterThanOrEqual(10);
    expect(html).not.toMatch(/NaN|Infinity/);
    // The studio frames it from its own page, under a policy that allows the inline styles and nothing else.
    const framed = await app.request(`/__mock/studio/report?kind=premade&id=${premade.id}&benchmark=QQQ&years=3`);
    expect(framed.status).toBe(200);
    expect(framed.headers.get("content-security-policy")).toMatch(/^default-src 'none'; style-src 'unsafe-inline'/);
    expect((await framed.text()).startsWith("<!doctype html>")).toBe(true);
    const refused = await app.request(`/__mock/studio/report?kind=premade&id=${premade.id}&years=30`);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toMatch(/^query.years/);
    const bad = async (payload: unknown) => {
      const r = await app.request("/__mock/studio/backtest-chart", json(payload));
      return [r.status, ((await r.json()) as { error: string }).error];
    };
    expect(await bad({ source: { kind: "premade", id: premade.id }, years: 21 })).toEqual([
      400,
      expect.stringMatching(/^body.years/),
    ]);
    // The chart's benchmark is the backtest's: any listed symbol (an ETF or a company ticker), else 400.
    const ticker = ctx.universe.companies
      .flatMap((c) => c.securities)
      .find((x) => x.active && !["SPY", "QQQ"].includes(x.symbol))!.symbol;
    const byTicker = await app.request(
      "/__mock/studio/backtest-chart",
      json({ source: { kind: "premade", id: premade.id }, benchmark: ticker, years: 1 }),
    );
    expect(byTicker.status).toBe(200);
    expect(await byTicker.text()).toContain(ticker);
    expect(await bad({ source: { kind: "premade", id: premade.id }, benchmark: "NOPE" })).toEqual([
      400,
      expect.stringMatching(/^body.benchmark: unknown symbol "NOPE"/),
    ]);
    expect(await bad({ source: { kind: "premade", id: premade.id }, benchmark: "X".repeat(17) })).toEqual([
      400,
      expect.stringMatching(/^body.benchmark/),
    ]);
    expect(await bad({ source: { kind: "premade", id: premade.id }, chart: "pie" })).toEqual([
      400,
      expect.stringMatching(/^body.chart/),
    ]);
    expect(await bad({ source: { kind: "strategy", id: premade.id } })).toEqual([404, expect.any(String)]);
    expect(await bad({ source: { kind: "premade", id: premade.id }, extra: 1 })).toEqual([400, expect.any(String)]);
    const neverBuilt = ctx.store.state.strategies.find((s) => s.activeVersionId === null);
    expect(neverBuilt).toBeDefined();
    expect(await bad({ source: { kind: "strategy", id: neverBuilt!.id } })).toEqual([
      400,
      expect.stringMatching(/body.source: .* has no completed build/),
    ]);
  });

  it("backtest chart: any body gets a chart or a 400/404 {error}, never a 5xx", async () => {
    const { app, ctx } = createMock({ quiet: true });
    const ids = [
      ctx.universe.premadeStrategies[1]!.id,
      ctx.universe.portfolios[0]!.id,
      ctx.store.state.strategies[0]!.id,
      "not-a-uuid",
    ];
    const usually = <T>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<unknown>) =>
      fc.oneof({ arbitrary: good, weight: 4 }, { arbitrary: bad, weight: 1 });
    const source = usually(
      fc.constantFrom({ kind: "premade", id: ids[0]! }, { kind: "portfolio", id: ids[1]! }),
      fc.record({
        kind: fc.oneof(fc.constantFrom("portfolio", "premade", "strategy"), fc.string()),
        id: fc.oneof(fc.constantFrom(...ids), fc.uuid()),
      }),
    );
    const bodies = fc.oneof(
      {
        weight: 5,
        arbitrary: fc.record(
          {
            source,
            benchmark: usually(fc.constantFrom("SPY", "TLT"), fc.string({ maxLength: 20 })),
            years: usually(fc.integer({ min: 1, max: 3 }), fc.oneof(fc.integer({ min: -1, max: 22 }), fc.double())),
            chart: usually(fc.constantFrom("nav", "drawdown"), fc.string()),
          },
          { requiredKeys: ["source"] },
        ),
      },
      { weight: 1, arbitrary: fc.jsonValue() },
    );
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(bodies, async (payload) => {
        const r = await app.request("/__mock/studio/backtest-chart", json(payload));
        seen.add(r.status);
        if (r.status === 200) expect(await r.text()).toMatch(/^<svg[\s\S]*<\/svg>$/);
        else {
          expect([400, 404]).toContain(r.status);
          expect(await r.json()).toEqual({ error: expect.any(String) });
        }
      }),
      { numRuns: 40, seed: 16 },
    );
    expect([...seen].sort()).toEqual([200, 400, 404]); // the run reached charts and both refusals
  });

  it("answers the studio's own requests without the simulated latency", async () => {
    const { app } = makeMock({ latencyMs: 60_000 }); // a delayed request would outlast the test's timeout
    expect((await app.request("/__mock/studio/snapshot")).status).toBe(200);
    expect((await app.request("/__mock/requests")).status).toBe(200);
  });

  it("is not mounted without the control surface", async () => {
    const { app } = makeMock({ controlEnabled: false });
    for (const path of ["/__mock/studio", "/__mock/studio/studio.js", "/__mock/studio/snapshot", "/__mock/requests"])
      expect((await app.request(path)).status).toBe(404);
  });
});
