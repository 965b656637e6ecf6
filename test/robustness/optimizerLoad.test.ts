// Optimizer solves off the event loop: in the standalone server, mean-CVaR
// solves run on worker threads, so health is answered while they run; past the queue bound a
// solve is refused at once with 429 {error} and Retry-After, and so is a solve that could not
// start in time by the pool's estimates. Latency figures: bench/ (load).
import { type RunningServer, startServer } from "@thematic/mock-server/node";
import { afterEach, describe, expect, it } from "vitest";
import { createWorkerSolverRunner } from "../../packages/mock-server/src/adapters/node/workerSolverRunner.ts";
import type { SolverRunner } from "../../packages/mock-server/src/context/SolverRunner.ts";
import { fixtureUniverse } from "./_support/world.ts";

const universe = fixtureUniverse();
const key = universe.users.find((u) => u.active)!.apiKey;
const premadeIds = universe.premadeStrategies.map((p) => p.id);
let server: RunningServer | undefined;
/** Pools a test gave the server as its `solver` (the server closes only the pools it made). */
const pools: SolverRunner[] = [];
afterEach(async () => {
  await server?.close();
  server = undefined;
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

/** One distinct mean-CVaR solve per premade strategy (about a second each on the fixtures). */
function solve(
  url: string,
  id: string,
): Promise<{
  status: number;
  retryAfter: string | null;
  body: { error?: string; solver?: { status: string } };
  at: number;
}> {
  return fetch(`${url}/v1/strategies/${id}/optimized-portfolio`, {
    method: "POST",
    headers: { Authorization: `Bearer ${key}` },
  }).then(async (r) => ({
    status: r.status,
    retryAfter: r.headers.get("Retry-After"),
    body: (await r.json()) as { error?: string; solver?: { status: string } },
    at: performance.now(),
  }));
}

describe("optimizer solves in the standalone server", () => {
  it("health is answered while 8 solves are still running or queued", async () => {
    // The server's own pool (1 worker, 16 waiting), seen through a runner that says when the 8th solve reached it.
    const pool = createWorkerSolverRunner({ workers: 1, queueMax: 16 });
    let received = 0;
    let allIn!: () => void;
    const eightIn = new Promise<void>((resolve) => (allIn = resolve));
    const solver: SolverRunner = {
      run: (job, limit, signal) => {
        if (++received === 8) allIn();
        return pool.run(job, limit, signal);
      },
      close: () => pool.close(),
    };
    pools.push(pool);
    server = await startServer({ port: 0, quiet: true, universe, solver, optimizerTimeLimitMs: 0 });
    pool.warm();
    const url = server.url;
    const solves = premadeIds.slice(0, 8).map((id) => solve(url, id));
    await eightIn; // the 8 solves are running or queued
    const health = await fetch(`${url}/v1/health`).then((r) => ({ status: r.status, at: performance.now() }));
    const done = await Promise.all(solves);
    expect(health.status).toBe(200);
    expect(done.map((d) => d.status)).toEqual(Array(8).fill(200));
    // Inline on the event loop, health would wait for at least the solve in progress.
    expect(health.at).toBeLessThan(Math.min(...done.map((d) => d.at)));
  });

  it("refuses solves past the queue bound at once with 429, Retry-After and {error}", async () => {
    server = await startServer({
      port: 0,
      quiet: true,
      universe,
      optimizerWorkers: 1,
      optimizerQueue: 2,
      optimizerTimeLimitMs: 0,
      warmOptimizer: true,
    });
    const url = server.url;
    const replies = await Promise.all(premadeIds.slice(0, 8).map((id) => solve(url, id)));
    const refused = replies.filter((r) => r.status === 429);
    expect(replies.filter((r) => r.status === 200)).toHaveLength(3); // one running, two waiting
    expect(refused).toHaveLength(5);
    for (const r of refused) {
      expect(r.retryAfter).toMatch(/^\d+$/);
      expect(r.body.error).toMatch(/optimizer is busy/);
    }
    expect(Math.max(...refused.map((r) => r.at))).toBeLessThan(
      Math.min(...replies.filter((r) => r.status === 200).map((r) => r.at)),
    );
  });

  it("a time limit over the whole request: every answer is a result within the limit's terms or a 429/503 {error}, never a hang", async () => {
    server = await startServer({
      port: 0,
      quiet: true,
      universe,
      optimizerWorkers: 1,
      optimizerQueue: 16,
      optimizerTimeLimitMs: 200,
      warmOptimizer: true,
    });
    const url = server.url;
    const replies = await Promise.all(premadeIds.slice(8, 12).map((id) => solve(url, id)));
    for (const r of replies) {
      expect([200, 429, 503]).toContain(r.status);
      if (r.status !== 200) expect(r.body.error).toMatch(/time limit of 0\.2 s/);
    }
    expect(replies.some((r) => r.status !== 200)).toBe(true); // four ~1 s solves cannot all fit in 0.2 s on one worker
  });

  // Before the pool refused what could not start in time: with 1 worker and the 5 s limit, 16 solves at once gave 2 × 200 and 14 × 503, each after about 5 s.
  it("refuses at once with 429 the solves that could not start in time (1 worker, 5 s limit, 16 at once), before any solve is answered", async () => {
    server = await startServer({
      port: 0,
      quiet: true,
      universe,
      optimizerWorkers: 1,
      optimizerQueue: 16,
      optimizerTimeLimitMs: 5000,
      warmOptimizer: true,
    });
    const url = server.url;
    const replies = await Promise.all(premadeIds.slice(0, 16).map((id) => solve(url, id)));
    const refused = replies.filter((r) => r.status === 429);
    const answered = replies.filter((r) => r.status === 200);
    expect(refused.length).toBeGreaterThanOrEqual(8); // by the 1 s estimate, at most 5 can start with half the limit left
    expect(answered.length).toBeGreaterThanOrEqual(1);
    expect(refused.length + answered.length + replies.filter((r) => r.status === 503).length).toBe(16);
    expect(Math.max(...refused.map((r) => r.at))).toBeLessThan(Math.min(...answered.map((r) => r.at)));
    for (const r of refused) {
      expect(Number(r.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(r.body.error).toMatch(
        /optimizer is busy: this solve would start in about .* too late for the time limit of 5 s/,
      );
    }
  });
});
