// Crash safety: the CLI, as a child process persisting to a file (`--data`), is killed
// with SIGKILL in the middle of a burst of concurrent writes, then restarted on the same file.
// Every write acknowledged with a 2xx before the kill must be there after the restart; writes
// in flight at the kill may or may not be. The same file goes through several crashes, each at
// a different point of its burst.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type MockChild, request, seededRandom, spawnMock, stateFileProblems } from "./_support/concurrencySupport.ts";

interface Strategy {
  id: string;
  name: string;
  objective: string;
  exclusions: string[];
}
interface Holding {
  org_id: string;
  weight: number;
}
interface Portfolio {
  id: string;
  name: string;
  holdings: Holding[];
}
interface ListItem {
  id: string;
  name: string;
  user_id: string | null;
}

/** What a strategy must look like after the restart: one of these (name, objective, exclusions) states. */
interface StrategyExpectation {
  /** Content as last acknowledged, plus the content of a PATCH in flight at the kill (maybe applied, maybe not). */
  allowed: Array<{ name: string; objective: string; exclusions: string[] }>;
}

const IN_FLIGHT = 12;
const dir = mkdtempSync(join(tmpdir(), "thematic-crash-"));
const file = join(dir, "state.json");
const running: MockChild[] = [];
afterAll(() => {
  for (const m of running) m.child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

async function start(): Promise<MockChild> {
  const mock = await spawnMock(file);
  running.push(mock);
  return mock;
}

const holdingsKey = (hs: readonly Holding[]) =>
  hs
    .map((h) => `${h.org_id}:${h.weight}`)
    .sort()
    .join(",");

describe("SIGKILL during a write burst, restart on the same file", () => {
  // Everything acknowledged so far, over all crashes (names are unique across the whole test).
  const strategies = new Map<string, StrategyExpectation>(); // by strategy id
  const portfolios = new Map<string, Holding[]>(); // acknowledged POSTs, by name
  let companyIds: string[] = [];

  /**
   * Runs IN_FLIGHT concurrent writers against `mock` until `killAfter` writes are acknowledged,
   * then SIGKILLs the server at once, with the other writers' requests still in flight.
   */
  async function burst(mock: MockChild, killAfter: number, seed: number): Promise<{ acks: number; failed: number }> {
    const random = seededRandom(seed);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
    let acks = 0;
    let failed = 0;
    let killed = false;
    let serial = 0;
    const busy = new Set<string>(); // strategies with a PATCH in flight (one at a time per strategy)
    const ack = () => {
      acks += 1;
      if (acks >= killAfter && !killed) {
        killed = true;
        mock.child.kill("SIGKILL");
      }
    };
    const call = async <T>(method: string, path: string, payload: unknown) => {
      try {
        return await request<T>(mock.url, mock.key, method, path, payload);
      } catch {
        failed += 1; // connection reset by the kill: not acknowledged
        return null;
      }
    };

    const writeOnce = async () => {
      const n = `${seed}-${serial++}`;
      const kind = random();
      const patchable = [...strategies.keys()].filter((id) => !busy.has(id));
      if (kind < 0.4) {
        const holdings = Array.from({ length: 1 + Math.floor(random() * 4) }, (_, j) => ({
          org_id: companyIds[(serial * 7 + j * 13) % companyIds.length]!,
          weight: j + 1,
        }));
        const reply = await call<Portfolio>("POST", "/v1/portfolios", { name: `crash portfolio ${n}`, holdings });
        if (reply !== null && reply.status === 201) {
          portfolios.set(`crash portfolio ${n}`, holdings);
          ack();
        } else if (reply !== null) throw new Error(`POST /v1/portfolios answered ${reply.status}`);
      } else if (kind < 0.7 || patchable.length === 0) {
        const body = { name: `crash strategy ${n}`, objective: `objective ${n}`, exclusions: [`exclusion ${n}`] };
        const reply = await call<Strategy>("POST", "/v1/strategies", body);
        if (reply !== null && reply.status === 201) {
          strategies.set(reply.body.id, { allowed: [body] });
          ack();
        } else if (reply !== null) throw new Error(`POST /v1/strategies answered ${reply.status}`);
      } else {
        const id = pick(patchable);
        const expectation = strategies.get(id)!;
        const current = expectation.allowed[0]!;
        const change = pick([
          { name: `renamed ${n}` },
          { objective: `objective ${n}` },
          { exclusions: [`exclusion ${n}`, "tobacco"] },
        ]);
        const next = { ...current, ...change };
        busy.add(id);
        expectation.allowed = [current, next]; // in flight: either may be on disk
        const reply = await call<Strategy>("PATCH", `/v1/strategies/${id}`, change);
        busy.delete(id);
        if (reply !== null && reply.status === 200) {
          expectation.allowed = [next];
          ack();
        } else if (reply !== null) throw new Error(`PATCH answered ${reply.status}`);
      }
    };

    const worker = async () => {
      while (!killed) await writeOnce();
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    await mock.exited;
    return { acks, failed };
  }

  /** The file parses and validates, and the restarted server serves every acknowledged write. */
  async function verify(mock: MockChild): Promise<void> {
    const state: unknown = JSON.parse(readFileSync(file, "utf8"));
    expect(stateFileProblems(state)).toEqual([]);

    expect((await request(mock.url, null, "GET", "/v1/health")).status).toBe(200);
    const listed = await request<Strategy[]>(mock.url, mock.key, "GET", "/v1/strategies");
    expect(listed.status).toBe(200);
    const byId = new Map(listed.body.map((s) => [s.id, s]));
    for (const [id, expectation] of strategies) {
      const s = byId.get(id);
      expect(s, `acknowledged strategy ${id}`).toBeDefined();
      const found = { name: s!.name, objective: s!.objective, exclusions: s!.exclusions };
      expect(expectation.allowed, `strategy ${id} content`).toContainEqual(found);
      expectation.allowed = [found]; // settled by the restart
    }

    const list = await request<ListItem[]>(mock.url, mock.key, "GET", "/v1/portfolios");
    const mine = new Map(list.body.filter((p) => p.user_id !== null).map((p) => [p.name, p.id]));
    await Promise.all(
      [...portfolios].map(async ([name, holdings]) => {
        const id = mine.get(name);
        expect(id, `acknowledged portfolio ${name}`).toBeDefined();
        const p = await request<Portfolio>(mock.url, mock.key, "GET", `/v1/portfolios/${id}`);
        expect(p.status).toBe(200);
        expect(holdingsKey(p.body.holdings), `holdings of ${name}`).toBe(holdingsKey(holdings));
      }),
    );
  }

  it("keeps every acknowledged write through four crashes at different points", async () => {
    let mock = await start();
    const premade = await request<Array<{ id: string }>>(mock.url, mock.key, "GET", "/v1/premade-strategies");
    const companies = await request<Array<{ id: string }>>(
      mock.url,
      mock.key,
      "GET",
      `/v1/premade-strategies/${premade.body[0]!.id}/companies`,
    );
    companyIds = companies.body.map((c) => c.id);
    expect(companyIds.length).toBeGreaterThan(5);

    const killPoints = [1, 25, 80, 160];
    let interrupted = 0;
    for (const [round, killAfter] of killPoints.entries()) {
      const { acks, failed } = await burst(mock, killAfter, round + 1);
      expect(acks).toBeGreaterThanOrEqual(killAfter);
      interrupted += failed;
      mock = await start();
      await verify(mock);
    }
    expect(interrupted).toBeGreaterThan(0); // the kills really cut requests in flight
    expect(strategies.size + portfolios.size).toBeGreaterThan(100);
    mock.child.kill("SIGKILL");
    await mock.exited;
  }, 600_000); // five start-ups and four bursts, each waited on by its events: the bound only ends a hung run (vitest's 30 s default failed under load)
});
