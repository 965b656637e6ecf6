// Presigned factsheet addresses need no API key, so the signature alone decides what they open.
// Strategy ids are deterministic (the same seed and counter in every sandbox session and after a
// reset), so an address must be bound to the caller it was issued to, the session (the mock
// instance) that issued it and the state it was issued in, and be judged on that session's clock.
// In-process, through the session dispatcher, on a manual base clock.
import { describe, expect, it } from "vitest";
import { createSessionDispatcher } from "../../packages/mock-server/src/app/createSessionDispatcher.ts";
import { createManualClock } from "../../packages/mock-server/src/clock/ManualClock.ts";
import { PRESIGNED_TTL_SECONDS } from "../../packages/mock-server/src/services/factsheets/presignedFactsheet.ts";
import { id, keys, testUniverse, users } from "../../packages/mock-server/src/_test/testUniverse.ts";

const BUILD_MS = 4000;
const DAY_MS = 86_400_000;

function setup() {
  const clock = createManualClock(Date.UTC(2025, 5, 2, 12));
  const d = createSessionDispatcher({ universe: testUniverse, clock, quiet: true, buildDurationMs: BUILD_MS });
  /** A request in `session` (undefined: the default state) with `key` (null: none). */
  const send = (
    method: string,
    path: string,
    { session, key = null, body }: { session?: string | undefined; key?: string | null; body?: unknown } = {},
  ) => {
    const headers: Record<string, string> = {};
    if (key !== null) headers.Authorization = `Bearer ${key}`;
    if (session !== undefined) headers["X-Mock-Session"] = session;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    return d.fetch(
      new Request(`http://127.0.0.1${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
  };
  /** A new private strategy of `key`'s user in `session`, submitted with a factsheet; its id once the factsheet is ready. */
  const privateStrategyWithFactsheet = async (
    session: string | undefined,
    key: string,
    name: string,
  ): Promise<string> => {
    const created = await send("POST", "/v2/strategies", {
      session,
      key,
      body: { name, objective: "Quantum computing hardware makers." },
    });
    expect(created.status).toBe(201);
    const strategyId = ((await created.json()) as { id: string }).id;
    expect(
      (await send("POST", `/v2/strategies/${strategyId}/submit`, { session, key, body: { create_factsheet: true } }))
        .status,
    ).toBe(200);
    clock.advance(2 * BUILD_MS);
    return strategyId;
  };
  /** The presigned address GET factsheet redirects `key`'s user to, as a path with its query. */
  const address = async (session: string | undefined, key: string, strategyId: string): Promise<string> => {
    const r = await send("GET", `/v2/strategies/${strategyId}/factsheet`, { session, key });
    expect(r.status).toBe(302);
    const url = new URL(r.headers.get("location") ?? "");
    return `${url.pathname}${url.search}`;
  };
  /** Asks for the factsheet of an existing strategy as its owner and waits until it is ready. */
  const requestFactsheet = async (session: string | undefined, key: string, strategyId: string) => {
    expect((await send("POST", `/v2/strategies/${strategyId}/factsheet`, { session, key, body: {} })).status).toBe(200);
    clock.advance(BUILD_MS);
  };
  /** Opens `path` without an API key, as a presigned address is used: the status, and the PDF's title line or the error. */
  const open = async (path: string, session?: string) => {
    const r = await send("GET", path, { session });
    if (r.headers.get("content-type") !== "application/pdf")
      return { status: r.status, text: ((await r.json()) as { error: string }).error };
    const pdf = new TextDecoder().decode(new Uint8Array(await r.arrayBuffer()));
    return { status: r.status, text: `PDF titled ${/\/F2 18 Tf [\d ]+Td \((.*?)\) Tj/.exec(pdf)?.[1]}` };
  };
  return { d, clock, send, privateStrategyWithFactsheet, address, requestFactsheet, open };
}

describe("presigned factsheet addresses are bound to their session", () => {
  it("an address Alice gets in session A opens neither Bob's strategy of the same id in session B nor the default state's", async () => {
    const m = setup();
    const inA = await m.privateStrategyWithFactsheet("a", keys.alice, "Alice's secret plan");
    const inB = await m.privateStrategyWithFactsheet("b", keys.bob, "Bob's secret plan");
    const inDefault = await m.privateStrategyWithFactsheet(undefined, keys.bob, "Bob's default plan");
    expect(new Set([inA, inB, inDefault]).size).toBe(1); // deterministic ids: the same in every session
    const alices = await m.address("a", keys.alice, inA);
    const own = await m.open(alices, "a");
    expect(own.status).toBe(200);
    expect(own.text).toBe("PDF titled Alice's secret plan");
    for (const elsewhere of ["b", undefined]) {
      const r = await m.open(alices, elsewhere);
      expect(r.text).not.toContain("secret plan");
      expect(r.text).not.toContain("default plan");
      expect(r.status).toBe(403);
      expect(r.text).toMatch(/^query\.signature: /);
    }
  });

  it("a session deleted and made again under the same name does not honour the old session's addresses", async () => {
    const m = setup();
    const first = await m.privateStrategyWithFactsheet("w1", keys.alice, "Alice's first-life plan");
    const old = await m.address("w1", keys.alice, first);
    expect((await m.send("DELETE", "/__mock/sessions/w1", { body: {} })).status).toBe(200);
    const second = await m.privateStrategyWithFactsheet("w1", keys.bob, "Bob's second-life plan");
    expect(second).toBe(first);
    const r = await m.open(old, "w1");
    expect(r.text).not.toContain("second-life plan");
    expect(r.status).toBe(403);
  });
});

describe("presigned factsheet addresses are bound to the state they were issued in", () => {
  it("an address made before a reset does not open the strategy that re-used its id after it", async () => {
    const m = setup();
    const before = await m.privateStrategyWithFactsheet(undefined, keys.alice, "Alice's pre-reset plan");
    const old = await m.address(undefined, keys.alice, before);
    expect((await m.send("POST", "/__mock/reset", { body: {} })).status).toBe(200);
    const after = await m.privateStrategyWithFactsheet(undefined, keys.bob, "Bob's post-reset plan");
    expect(after).toBe(before);
    const r = await m.open(old);
    expect(r.text).not.toContain("post-reset plan");
    expect(r.status).toBe(403);
  });

  it("a reset does not revive an address that had expired", async () => {
    const m = setup();
    const quantum = id("alice-quantum");
    await m.send("POST", "/__mock/clock/advance", { body: { ms: DAY_MS } });
    await m.requestFactsheet(undefined, keys.alice, quantum);
    const path = await m.address(undefined, keys.alice, quantum);
    expect((await m.open(path)).status).toBe(200);
    await m.send("POST", "/__mock/clock/advance", { body: { ms: (PRESIGNED_TTL_SECONDS + 1) * 1000 } });
    expect((await m.open(path)).status).toBe(403);
    expect((await m.send("POST", "/__mock/reset", { body: {} })).status).toBe(200); // the clock goes back a day
    await m.requestFactsheet(undefined, keys.alice, quantum); // the same run's factsheet is ready again
    expect((await m.open(path)).status).toBe(403);
  });
});

describe("presigned factsheet addresses are bound to their caller", () => {
  it("the address names its user, who must still see the strategy; another user's name in it is refused", async () => {
    const m = setup();
    const water = id("bob-water"); // Bob's public strategy
    await m.requestFactsheet(undefined, keys.bob, water);
    const alices = await m.address(undefined, keys.alice, water);
    expect((await m.open(alices)).status).toBe(200);
    const url = new URL(alices, "http://x");
    expect(url.searchParams.get("userId")).toBe(users[0]!.id);
    url.searchParams.set("userId", users[1]!.id);
    expect((await m.open(`${url.pathname}${url.search}`)).status).toBe(403);
    expect((await m.send("DELETE", `/v2/strategies/${water}`, { key: keys.bob })).status).toBeLessThan(300); // archived: only Bob sees it now
    expect((await m.send("GET", `/v2/strategies/${water}`, { key: keys.alice })).status).toBe(404);
    const hidden = await m.open(alices);
    expect(hidden.status).toBe(404);
    expect(hidden.text).not.toMatch(/^PDF/);
  });
});

describe("presigned factsheet addresses on a session's clock", () => {
  it("an address made in a session 99 years ahead is refused everywhere else, and lives 300 s of its session's clock", async () => {
    const m = setup();
    const quantum = id("alice-quantum");
    for (const years of [10, 10, 10, 10, 10, 10, 10, 10, 10, 9]) {
      expect(
        (await m.send("POST", "/__mock/clock/advance", { session: "future", body: { ms: years * 365 * DAY_MS } }))
          .status,
      ).toBe(200); // at most 10 years a call
    }
    await m.requestFactsheet("future", keys.alice, quantum);
    const path = await m.address("future", keys.alice, quantum);
    await m.requestFactsheet(undefined, keys.alice, quantum); // the default state has the same run ready
    await m.requestFactsheet("other", keys.alice, quantum);
    expect((await m.open(path, "future")).status).toBe(200);
    expect((await m.open(path)).status).toBe(403);
    expect((await m.open(path, "other")).status).toBe(403);
    m.clock.advance((PRESIGNED_TTL_SECONDS + 1) * 1000);
    const late = await m.open(path, "future");
    expect(late.status).toBe(403);
    expect(late.text).toMatch(/^query\.expires: /);
  });

  it("an address is never honoured for longer than its lifetime ahead of the clock, even when the base clock steps back", async () => {
    const m = setup();
    const quantum = id("alice-quantum");
    await m.requestFactsheet(undefined, keys.alice, quantum);
    m.clock.advance(60 * 60_000);
    const path = await m.address(undefined, keys.alice, quantum);
    m.clock.set(m.clock.now() - 30 * 60_000); // the host's clock corrected half an hour back (the factsheet stays ready)
    const r = await m.open(path);
    expect(r.status).toBe(403);
    expect(r.text).toMatch(/^query\.expires: /);
  });
});
