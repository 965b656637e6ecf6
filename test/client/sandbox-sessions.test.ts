import { Worker } from "node:worker_threads";
import { loadUniverse } from "@thematic/fixtures/load";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startServer, type RunningServer } from "../../packages/mock-server/src/adapters/node/startServer.ts";
import { createManualClock } from "../../packages/mock-server/src/clock/ManualClock.ts";

/**
 * Sandbox sessions under parallel load: WORKERS worker threads hammer ONE standalone server, each
 * in its own `X-Mock-Session`, interleaving their writes; each must see exactly the fixtures plus
 * its own writes, its own clock, and the default state must be untouched.
 */
const WORKERS = 8;
const STRATEGIES = 12;
const universe = loadUniverse();
const ines = universe.users.find((u) => u.name.startsWith("Ines"))!;
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({
    port: 0,
    universe,
    clock: createManualClock(Date.parse(`${universe.asOf}T12:00:00Z`)),
    quiet: true,
    latencyMs: 0,
  });
});
afterAll(() => server.close());

interface Report {
  session: string;
  before: number;
  after: string[];
  createdIds: string[];
  portfolios: string[];
  clockOffsetMs: number;
}

function runWorker(index: number, symbol: string): Promise<Report> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./_support/sessionWorker.mjs", import.meta.url), {
      workerData: { baseUrl: server.url, session: `w${index}`, apiKey: ines.apiKey, strategies: STRATEGIES, symbol },
    });
    worker.once("message", resolve);
    worker.once("error", reject);
    worker.once("exit", (code) => code !== 0 && reject(new Error(`worker w${index} exited with ${code}`)));
  });
}

it(`${WORKERS} workers in parallel, one session each, see only their own writes`, async () => {
  const defaultBefore = server.ctx.store.state.strategies.length;
  const auth = { headers: { Authorization: `Bearer ${ines.apiKey}` } };
  const [company] = (await (
    await fetch(`${server.url}/v1/premade-strategies/${universe.premadeStrategies[0]!.id}/companies`, auth)
  ).json()) as { symbol: string }[];
  const symbol = company!.symbol;
  const reports = await Promise.all(Array.from({ length: WORKERS }, (_, i) => runWorker(i, symbol)));

  for (const report of reports) {
    const own = report.after.filter((name) => /^w\d+-/.test(name));
    expect(
      own.every((name) => name.startsWith(`${report.session}-`)),
      `${report.session} saw ${own.filter((n) => !n.startsWith(`${report.session}-`)).join(", ")}`,
    ).toBe(true);
    expect(own).toHaveLength(STRATEGIES);
    expect(report.after).toHaveLength(report.before + STRATEGIES);
    expect(report.portfolios.filter((name) => /^w\d+-/.test(name))).toEqual([`${report.session}-portfolio`]);
    expect(report.clockOffsetMs).toBe(1000 * (1 + Number(report.session.slice(1))));
  }
  // each session is a fresh mock of the same seed: the same requests give the same ids in each
  for (const report of reports) expect(report.createdIds).toEqual(reports[0]!.createdIds);

  // the default state saw none of it; the registry holds every session with its own state
  expect(server.ctx.store.state.strategies).toHaveLength(defaultBefore);
  expect(server.ctx.clock.offset()).toBe(0);
  const sessions = server.dispatcher.sessions.list();
  expect(sessions.map((s) => s.name).sort()).toEqual(reports.map((r) => r.session).sort());
  for (const s of sessions) expect(s.strategies).toBe(defaultBefore + STRATEGIES);
});
