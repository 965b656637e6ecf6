import { loadUniverse } from "@thematic/fixtures";
import { beforeAll, describe, expect, it } from "vitest";
import { createMock } from "../../../app/createApp.ts";
import type { ServiceContext } from "../../../app/ServiceContext.ts";
import type { Universe } from "../../../_internal/fixtures.ts";
import { backtestJson } from "../backtestJson.ts";
import { runBacktest } from "../runBacktest.ts";
import { backtestResultCache, RESULT_CACHE_CHARS, resultKey } from "./resultCache.ts";

describe("backtest result cache", () => {
  let universe: Universe;
  let ctx: ServiceContext;
  beforeAll(async () => {
    universe = await loadUniverse();
    ctx = createMock({ universe, quiet: true }).ctx;
  });
  const ids = () => universe.premadeStrategies[0]!.constituents.map((c) => c.companyId);

  it("gives distinct requests distinct keys: order, duplicates, benchmark spelling and years all count", () => {
    const [a, b] = ids();
    const h = (...pairs: Array<[string, number]>) => pairs.map(([companyId, weight]) => ({ companyId, weight }));
    const inputs = [
      { holdings: h([a!, 1], [b!, 2]), years: 5, benchmark: "SPY" },
      { holdings: h([b!, 2], [a!, 1]), years: 5, benchmark: "SPY" },
      { holdings: h([a!, 1], [a!, 2]), years: 5, benchmark: "SPY" },
      { holdings: h([a!, 3]), years: 5, benchmark: "SPY" },
      { holdings: h([a!, 1], [b!, 2]), years: 5, benchmark: "spy" },
      { holdings: h([a!, 1], [b!, 2]), years: 4, benchmark: "SPY" },
      { holdings: h([a!, 1], [b!, 2]), years: 5, benchmark: 'SPY",[1' },
    ];
    expect(new Set(inputs.map(resultKey)).size).toBe(inputs.length);
  });

  it("answers a repeated request with the text of the first run, equal to a fresh run", () => {
    const input = { holdings: ids().slice(0, 10).map((companyId, i) => ({ companyId, weight: i + 1 })), years: 5, benchmark: "SPY" };
    const first = backtestJson(ctx, input);
    expect(backtestResultCache(ctx).get(resultKey(input))).toBe(first);
    expect(backtestJson(ctx, { ...input, holdings: input.holdings.map((h) => ({ ...h })) })).toBe(first);
    expect(first).toBe(JSON.stringify(runBacktest(ctx, input)));
  });

  it("keeps nothing for a request that fails", () => {
    const input = { holdings: [{ companyId: "00000000-0000-4000-8000-000000000000", weight: 1 }], years: 5, benchmark: "SPY" };
    expect(() => backtestJson(ctx, input)).toThrow();
    expect(backtestResultCache(ctx).has(resultKey(input))).toBe(false);
  });

  it("stays within its size bound, evicting the least recently used", () => {
    const own = createMock({ universe, quiet: true }).ctx;
    const cache = backtestResultCache(own);
    const [a] = ids();
    // 20-year results (about 70 KB each): enough distinct ones to overflow the bound.
    const one = backtestJson(own, { holdings: [{ companyId: a!, weight: 1 }], years: 20, benchmark: "SPY" });
    const needed = Math.ceil(RESULT_CACHE_CHARS / one.length) + 20;
    for (let i = 1; i <= needed; i++) backtestJson(own, { holdings: [{ companyId: a!, weight: 1 + i / 1000 }], years: 20, benchmark: "SPY" });
    expect(cache.calculatedSize).toBeLessThanOrEqual(RESULT_CACHE_CHARS);
    expect(cache.size).toBeLessThan(needed);
    expect(cache.has(resultKey({ holdings: [{ companyId: a!, weight: 1 }], years: 20, benchmark: "SPY" }))).toBe(false);
    expect(cache.has(resultKey({ holdings: [{ companyId: a!, weight: 1 + needed / 1000 }], years: 20, benchmark: "SPY" }))).toBe(true);
  });
});
