import { beforeAll, describe, expect, it } from "vitest";
import { createMock } from "../../../app/createApp.ts";
import type { ServiceContext } from "../../../context/ServiceContext.ts";
import { realContext } from "../../../_test/realContext.ts";
import type { Universe } from "../../../_internal/fixtures.ts";
import { backtestJson } from "../backtestJson.ts";
import { runBacktest } from "../runBacktest.ts";
import { backtestResultCache, keyHash, RESULT_CACHE_CHARS, resultKey } from "./resultCache.ts";

describe("backtest result cache", () => {
  let universe: Universe;
  let ctx: ServiceContext;
  beforeAll(async () => {
    ({ universe, ctx } = await realContext());
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
    // The seen-keys set holds 53-bit hashes of the keys: distinct here too, integers, deterministic.
    const hashes = inputs.map((input) => keyHash(resultKey(input)));
    expect(new Set(hashes).size).toBe(inputs.length);
    for (const h of hashes) expect(Number.isSafeInteger(h) && h >= 0).toBe(true);
    expect(keyHash(resultKey(inputs[0]!))).toBe(hashes[0]);
  });

  it("keeps a text on a request's second sighting; a hit equals a fresh run", () => {
    const input = {
      holdings: ids()
        .slice(0, 10)
        .map((companyId, i) => ({ companyId, weight: i + 1 })),
      years: 5,
      benchmark: "SPY",
    };
    const cache = backtestResultCache(ctx);
    const first = backtestJson(ctx, input);
    expect(cache.has(resultKey(input))).toBe(false);
    const again = { ...input, holdings: input.holdings.map((h) => ({ ...h })) };
    expect(backtestJson(ctx, again)).toBe(first);
    expect(cache.get(resultKey(input))).toBe(first);
    expect(backtestJson(ctx, again)).toBe(first);
    expect(first).toBe(JSON.stringify(runBacktest(ctx, input)));
  });

  it("keeps nothing for a request that fails, however often", () => {
    const input = {
      holdings: [{ companyId: "00000000-0000-4000-8000-000000000000", weight: 1 }],
      years: 5,
      benchmark: "SPY",
    };
    for (let i = 0; i < 3; i++) expect(() => backtestJson(ctx, input)).toThrow();
    expect(backtestResultCache(ctx).has(resultKey(input))).toBe(false);
  });

  it("keeps nothing of one-off requests", () => {
    const own = createMock({ universe, quiet: true }).ctx;
    const [a] = ids();
    for (let i = 0; i < 50; i++)
      backtestJson(own, { holdings: [{ companyId: a!, weight: 1 + i / 1000 }], years: 5, benchmark: "SPY" });
    expect(backtestResultCache(own).size).toBe(0);
  });

  it("stays within its size bound, evicting the least recently used", () => {
    const own = createMock({ universe, quiet: true }).ctx;
    const cache = backtestResultCache(own);
    const [a] = ids();
    const input = (i: number) => ({ holdings: [{ companyId: a!, weight: 1 + i / 1000 }], years: 20, benchmark: "SPY" });
    // 20-year results (about 70 KB each), each asked twice: enough to overflow the bound.
    const one = backtestJson(own, input(0));
    const needed = Math.ceil(RESULT_CACHE_CHARS / one.length) + 20;
    for (let i = 0; i <= needed; i++) {
      backtestJson(own, input(i));
      backtestJson(own, input(i));
    }
    expect(cache.size).toBeGreaterThan(RESULT_CACHE_CHARS * 0.9);
    expect(cache.size).toBeLessThanOrEqual(RESULT_CACHE_CHARS);
    expect(cache.has(resultKey(input(0)))).toBe(false);
    expect(cache.has(resultKey(input(needed)))).toBe(true);
  });
});
