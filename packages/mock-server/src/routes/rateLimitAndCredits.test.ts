import { describe, expect, it } from "vitest";
import { body, makeMock } from "../_test/makeMock.ts";
import { id } from "../_test/testUniverse.ts";

const aliceQuantum = id("alice-quantum");

describe("historical-run credits", () => {
  it("a week's credits used up: 429 with Retry-After to Monday; LIVE runs stay free; the next week frees them", async () => {
    const m = makeMock({ historicalCredits: { weekly: 2, monthly: 100 }, buildDurationMs: 0 });
    const submit = (date?: string) =>
      m.alice.post(`/v2/strategies/${aliceQuantum}/submit`, date === undefined ? {} : { as_of_date: date });
    expect((await submit("2025-04-01")).status).toBe(200);
    expect((await submit("2025-04-02")).status).toBe(200);
    expect((await submit("2025-04-01")).status).toBe(200); // completed run of that date: kept, no credit spent
    const refused = await submit("2025-04-03");
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(7 * 86400);
    expect((await body<{ error: string }>(refused)).error).toMatch(
      /^historical-run credits used up: 2 of 2 this week; .*LIVE runs/,
    );
    expect((await submit()).status).toBe(200); // LIVE
    m.clock.advance(retryAfter * 1000);
    expect((await submit("2025-04-03")).status).toBe(200);
  });

  it("the monthly credits too", async () => {
    const m = makeMock({ historicalCredits: { weekly: 100, monthly: 1 }, buildDurationMs: 0 });
    expect((await m.alice.post(`/v2/strategies/${aliceQuantum}/submit`, { as_of_date: "2025-04-01" })).status).toBe(
      200,
    );
    const refused = await m.alice.post(`/v2/strategies/${aliceQuantum}/submit`, { as_of_date: "2025-04-02" });
    expect(refused.status).toBe(429);
    expect((await body<{ error: string }>(refused)).error).toMatch(/1 of 1 this month/);
  });
});

describe("optional rate limit", () => {
  it("off by default: no RateLimit headers", async () => {
    const r = await makeMock().alice.get("/v1/strategies");
    expect(r.headers.get("ratelimit")).toBeNull();
  });

  it("per API key: RateLimit headers on each answer, 429 with Retry-After beyond the limit, free again in the next window", async () => {
    const m = makeMock({ rateLimit: { limit: 2, windowSeconds: 60 } });
    const first = await m.alice.get("/v1/strategies");
    expect(first.headers.get("ratelimit-policy")).toBe('"default";q=2;w=60');
    expect(first.headers.get("ratelimit")).toMatch(/^"default";r=1;t=\d+$/);
    expect(first.headers.get("ratelimit-remaining")).toBe("1");
    expect((await m.alice.get("/v1/strategies")).status).toBe(200);
    const over = await m.alice.get("/v2/strategies");
    expect(over.status).toBe(429);
    const retryAfter = Number(over.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(over.headers.get("ratelimit-remaining")).toBe("0");
    expect((await body<{ error: string }>(over)).error).toMatch(/^rate limit: 2 requests per 60 s/);
    expect((await m.bob.get("/v1/strategies")).status).toBe(200); // another key, its own budget
    expect((await m.app.request("/v1/health")).status).toBe(200); // health is not counted
    m.clock.advance(retryAfter * 1000);
    expect((await m.alice.get("/v1/strategies")).status).toBe(200);
  });

  it("set and cleared by the control surface", async () => {
    const m = makeMock();
    const put = (rateLimit: unknown) =>
      m.app.request("/__mock/settings", {
        method: "PUT",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ rateLimit }),
      });
    const set = await put({ limit: 1, windowSeconds: 10 });
    expect(set.status).toBe(200);
    expect((await body<{ rateLimit: unknown }>(set)).rateLimit).toEqual({ limit: 1, windowSeconds: 10 });
    expect((await m.alice.get("/v1/strategies")).status).toBe(200);
    expect((await m.alice.get("/v1/strategies")).status).toBe(429);
    expect((await put(null)).status).toBe(200);
    expect((await m.alice.get("/v1/strategies")).status).toBe(200);
    expect((await put({ limit: 0, windowSeconds: 10 })).status).toBe(400);
  });
});
