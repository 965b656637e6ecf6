import { Worker } from "node:worker_threads";
import { isEngineError } from "@thematic/engine";
import { afterEach, describe, expect, it } from "vitest";
import { isApiError } from "../../errors/ApiError.ts";
import { inlineSolverRunner } from "../../services/optimize/inlineSolverRunner.ts";
import type { SolverJob, SolverRunner } from "../../services/optimize/SolverRunner.ts";
import { createWorkerSolverRunner } from "./workerSolverRunner.ts";

const companies = ["A", "B", "C"].map((id, i) => ({ id, marketCap: 1e10, linguisticBeta: 0.5 + 0.1 * i, marketBuzz: 1 + i, convictionScore: 0.5 }));
const returns = new Float64Array([0.01, -0.02, 0.03, -0.01, 0.02, 0.01, 0.02, 0.01, -0.03, 0, 0.01, 0.02]);
const scenarios = { assetIds: ["A", "B", "C"], returns, periods: 4 };
const meanCvar: SolverJob = { kind: "mean-cvar", companies, scenarios, options: { maxWeight: 0.5 } };

/** A worker that loads, accepts jobs and never answers (a solve that hangs). */
const hanging = () => new Worker("const p = require('node:worker_threads').parentPort; p.on('message', () => {}); p.postMessage({ ready: true });", { eval: true });

const runners: SolverRunner[] = [];
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.close()));
});
function pool(options: Parameters<typeof createWorkerSolverRunner>[0]) {
  const runner = createWorkerSolverRunner(options);
  runners.push(runner);
  return runner;
}
const rejection = (p: Promise<unknown>) => p.then(() => undefined, (e: unknown) => e);

describe("createWorkerSolverRunner", () => {
  it("solves on a worker thread exactly what the inline runner solves, for both optimizers", async () => {
    const runner = pool({ workers: 1 });
    const tilt: SolverJob = { kind: "score-tilt", companies, scenarios, options: { maxWeight: 0.5 } };
    for (const job of [meanCvar, tilt]) expect(await runner.run(job, 0)).toEqual(await inlineSolverRunner.run(job, 0));
  });

  it("rebuilds the engine's errors as EngineError (a 400), with code and field", async () => {
    const error = await rejection(pool({ workers: 1 }).run({ ...meanCvar, options: { maxWeight: 0.2 } }, 0));
    expect(isEngineError(error, "INFEASIBLE")).toBe(true);
    expect((error as { field?: string }).field).toBe("maxWeight");
  });

  it("refuses a job past the queue bound at once with 429 and Retry-After", async () => {
    const runner = pool({ workers: 1, queueMax: 2, spawn: hanging });
    const held = [runner.run(meanCvar, 0), runner.run(meanCvar, 0), runner.run(meanCvar, 0)].map(rejection);
    const refused = await rejection(runner.run(meanCvar, 3000));
    expect(isApiError(refused) && refused.status).toBe(429);
    expect(isApiError(refused) && refused.headers["Retry-After"]).toBe("3");
    await runner.close();
    for (const e of await Promise.all(held)) expect(isApiError(e) && e.status).toBe(503); // closing ends them
  });

  it("terminates a worker past the time limit (503) and answers the next job on a fresh thread", async () => {
    let spawned = 0;
    const runner = pool({ workers: 1, spawn: () => (++spawned === 1 ? hanging() : new Worker("const p = require('node:worker_threads').parentPort; p.on('message', (m) => p.postMessage({ id: m.id, ok: true, result: 'fresh' })); p.postMessage({ ready: true });", { eval: true })) });
    const stuck = await rejection(runner.run(meanCvar, 2000)); // the thread loads well within 2 s, then hangs
    expect(isApiError(stuck) && stuck.status).toBe(503);
    expect((stuck as Error).message).toMatch(/time limit of 2 s \(--optimizer-seconds\) and the solve was stopped/);
    expect(await runner.run(meanCvar, 5000)).toBe("fresh");
    expect(spawned).toBe(2);
  });

  it("posts a job only once its worker has loaded, and counts the loading time against the job's limit", async () => {
    const slow = () => new Worker("setTimeout(() => { const p = require('node:worker_threads').parentPort; p.on('message', (m) => p.postMessage({ id: m.id, ok: true, result: m.timeLimitMs })); p.postMessage({ ready: true }); }, 300);", { eval: true });
    const engineLimit = (await pool({ workers: 1, spawn: slow }).run(meanCvar, 1000)) as unknown as number;
    expect(engineLimit).toBeGreaterThan(0);
    expect(engineLimit).toBeLessThan(0.8 * 1000 * (1000 - 300) / 1000 + 1); // 80 % of what was left after the 300 ms load
    const late = await rejection(pool({ workers: 1, spawn: slow }).run(meanCvar, 100));
    expect(isApiError(late) && late.status).toBe(503);
    expect((late as Error).message).toMatch(/while an optimizer worker started/);
  });

  it("a worker that cannot be started fails its job (a bug: 500) and leaves the slot free", async () => {
    let attempts = 0;
    const runner = pool({
      workers: 1,
      spawn: () => {
        if (++attempts === 1) throw new Error("optimizer worker entry not found");
        return new Worker("const p = require('node:worker_threads').parentPort; p.on('message', (m) => p.postMessage({ id: m.id, ok: true, result: 'second' })); p.postMessage({ ready: true });", { eval: true });
      },
    });
    const failed = await rejection(runner.run(meanCvar, 0));
    expect(isApiError(failed)).toBe(false);
    expect((failed as Error).message).toMatch(/entry not found/);
    expect(await runner.run(meanCvar, 0)).toBe("second");
  });

  it("answers 503 to a queued job whose time limit ran out while it waited, without running it", async () => {
    const runner = pool({ workers: 1, queueMax: 4, spawn: hanging });
    runner.run(meanCvar, 0).catch(() => {}); // occupies the only worker until close
    const first = rejection(runner.run(meanCvar, 400)).then((e) => ({ which: "first", e }));
    const second = rejection(runner.run(meanCvar, 50)).then((e) => ({ which: "queued", e }));
    const earliest = await Promise.race([first, second]);
    expect(earliest.which).toBe("queued"); // at its own deadline, not when the worker frees up
    const queued = earliest.e;
    expect(isApiError(queued) && queued.status).toBe(503);
    expect((queued as Error).message).toMatch(/waited for a free optimizer worker/);
    const late = (await first).e;
    expect(isApiError(late) && late.status).toBe(503);
  });

  it("drops a queued job whose client left (499) without running it, and runs the next one", async () => {
    const posted: string[] = [];
    const recording = () => {
      const w = new Worker("const p = require('node:worker_threads').parentPort; p.on('message', (m) => p.postMessage({ id: m.id, ok: true, result: m.job.options.tag })); p.postMessage({ ready: true });", { eval: true });
      const post = w.postMessage.bind(w);
      w.postMessage = (m: { job: { options: { tag: string } } }) => (posted.push(m.job.options.tag), post(m));
      return w;
    };
    const runner = pool({ workers: 1, queueMax: 4, spawn: recording });
    const job = (tag: string) => ({ ...meanCvar, options: { ...meanCvar.options, tag } }) as unknown as SolverJob;
    const leaving = new AbortController();
    const first = runner.run(job("first"), 0);
    const gone = rejection(runner.run(job("gone"), 0, leaving.signal));
    const next = runner.run(job("next"), 0);
    leaving.abort();
    const error = await gone;
    expect(isApiError(error) && error.status).toBe(499);
    expect(await first).toBe("first");
    expect(await next).toBe("next");
    expect(posted).toEqual(["first", "next"]);
  });

  it("stops the worker of a running job whose client left (499) and answers the next job on a fresh thread", async () => {
    let spawned = 0;
    const runner = pool({
      workers: 1,
      spawn: () => (++spawned === 1 ? hanging() : new Worker("const p = require('node:worker_threads').parentPort; p.on('message', (m) => p.postMessage({ id: m.id, ok: true, result: 'fresh' })); p.postMessage({ ready: true });", { eval: true })),
    });
    const leaving = new AbortController();
    const running = rejection(runner.run(meanCvar, 0, leaving.signal));
    await new Promise((r) => setTimeout(r, 200)); // the hanging worker has the job
    leaving.abort();
    const error = await running;
    expect(isApiError(error) && error.status).toBe(499);
    expect(await runner.run(meanCvar, 0)).toBe("fresh");
    expect(spawned).toBe(2);
    expect(isApiError(await rejection(runner.run(meanCvar, 0, AbortSignal.abort()))) ).toBe(true);
  });
});
