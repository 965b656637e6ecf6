import { Worker } from "node:worker_threads";
import { isEngineError } from "@thematic/engine";
import { afterEach, describe, expect, it } from "vitest";
import { isApiError } from "../../errors/ApiError.ts";
import { inlineSolverRunner } from "../../services/optimize/inlineSolverRunner.ts";
import type { SolverJob, SolverRunner } from "../../context/SolverRunner.ts";
import { createWorkerSolverRunner } from "./workerSolverRunner.ts";

const companies = ["A", "B", "C"].map((id, i) => ({
  id,
  marketCap: 1e10,
  linguisticBeta: 0.5 + 0.1 * i,
  marketBuzz: 1 + i,
  convictionScore: 0.5,
}));
const returns = new Float64Array([0.01, -0.02, 0.03, -0.01, 0.02, 0.01, 0.02, 0.01, -0.03, 0, 0.01, 0.02]);
const scenarios = { assetIds: ["A", "B", "C"], returns, periods: 4 };
const meanCvar: SolverJob = { kind: "mean-cvar", companies, scenarios, options: { maxWeight: 0.5 } };

/** A worker that loads, accepts jobs and never answers (a solve that hangs). */
const hanging = () =>
  new Worker(
    "const p = require('node:worker_threads').parentPort; p.on('message', () => {}); p.postMessage({ ready: true });",
    { eval: true },
  );

/**
 * `worker`, and a promise settled when the runner hands it its first job (its `postMessage`):
 * the event the tests wait on, rather than a time that a busy machine can outlast.
 */
function cued(worker: Worker): { worker: Worker; dispatched: Promise<void> } {
  let dispatched!: () => void;
  const promise = new Promise<void>((resolve) => (dispatched = resolve));
  const post = worker.postMessage.bind(worker);
  worker.postMessage = (message: unknown, transfer?: never) => {
    post(message, transfer);
    dispatched();
  };
  return { worker, dispatched: promise };
}

const runners: SolverRunner[] = [];
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.close()));
});
function pool(options: Parameters<typeof createWorkerSolverRunner>[0]) {
  const runner = createWorkerSolverRunner(options);
  runners.push(runner);
  return runner;
}
const rejection = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e,
  );

describe("createWorkerSolverRunner", () => {
  it("solves on a worker thread exactly what the inline runner solves, for both optimizers", async () => {
    const runner = pool({ workers: 1 });
    const tilt: SolverJob = { kind: "score-tilt", companies, scenarios, options: { maxWeight: 0.5 } };
    for (const job of [meanCvar, tilt]) expect(await runner.run(job, 0)).toEqual(await inlineSolverRunner.run(job, 0));
  });

  it("rebuilds the engine's errors as EngineError (a 400), with code, field and details", async () => {
    const job: SolverJob = { ...meanCvar, options: { maxWeight: 0.2 } };
    const error = await rejection(pool({ workers: 1 }).run(job, 0));
    expect(isEngineError(error, "INFEASIBLE")).toBe(true);
    expect((error as { field?: string }).field).toBe("maxWeight");
    const inline = await rejection(inlineSolverRunner.run(job, 0));
    expect((inline as { details?: unknown }).details).toMatchObject({ maxWeight: 0.2, defaults: [] });
    expect((error as { details?: unknown }).details).toEqual((inline as { details?: unknown }).details);
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
    const runner = pool({
      workers: 1,
      spawn: () =>
        ++spawned === 1
          ? hanging()
          : new Worker(
              "const p = require('node:worker_threads').parentPort; p.on('message', (m) => p.postMessage({ id: m.id, ok: true, result: 'fresh' })); p.postMessage({ ready: true });",
              { eval: true },
            ),
    });
    const stuck = await rejection(runner.run(meanCvar, 2000)); // the thread loads well within 2 s, then hangs
    expect(isApiError(stuck) && stuck.status).toBe(503);
    expect((stuck as Error).message).toMatch(/time limit of 2 s \(--optimizer-seconds\) and the solve was stopped/);
    expect(await runner.run(meanCvar, 5000)).toBe("fresh");
    expect(spawned).toBe(2);
  });

  it("posts a job only once its worker has loaded, and counts the loading time against the job's limit", async () => {
    const slow = () =>
      new Worker(
        "setTimeout(() => { const p = require('node:worker_threads').parentPort; p.on('message', (m) => p.postMessage({ id: m.id, ok: true, result: m.timeLimitMs })); p.postMessage({ ready: true }); }, 300);",
        { eval: true },
      );
    const engineLimit = (await pool({ workers: 1, spawn: slow }).run(meanCvar, 1000)) as unknown as number;
    expect(engineLimit).toBeGreaterThan(0);
    expect(engineLimit).toBeLessThan((0.8 * 1000 * (1000 - 300)) / 1000 + 1); // 80 % of what was left after the 300 ms load
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
        return new Worker(
          "const p = require('node:worker_threads').parentPort; p.on('message', (m) => p.postMessage({ id: m.id, ok: true, result: 'second' })); p.postMessage({ ready: true });",
          { eval: true },
        );
      },
    });
    const failed = await rejection(runner.run(meanCvar, 0));
    expect(isApiError(failed)).toBe(false);
    expect((failed as Error).message).toMatch(/entry not found/);
    expect(await runner.run(meanCvar, 0)).toBe("second");
  });

  it("answers 503 to a queued job whose time limit ran out while it waited, without running it", async () => {
    // Solves assumed to take 1 ms, so both jobs are admitted: the deadline, not the forecast, ends their wait.
    const runner = pool({ workers: 1, queueMax: 4, spawn: hanging, estimates: { "mean-cvar": 1, "score-tilt": 1 } });
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
      const w = new Worker(
        "const p = require('node:worker_threads').parentPort; p.on('message', (m) => p.postMessage({ id: m.id, ok: true, result: m.job.options.tag })); p.postMessage({ ready: true });",
        { eval: true },
      );
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
    const first = cued(hanging());
    const runner = pool({
      workers: 1,
      spawn: () =>
        ++spawned === 1
          ? first.worker
          : new Worker(
              "const p = require('node:worker_threads').parentPort; p.on('message', (m) => p.postMessage({ id: m.id, ok: true, result: 'fresh' })); p.postMessage({ ready: true });",
              { eval: true },
            ),
    });
    const leaving = new AbortController();
    const running = rejection(runner.run(meanCvar, 0, leaving.signal));
    await first.dispatched; // the hanging worker has the job
    leaving.abort();
    const error = await running;
    expect(isApiError(error) && error.status).toBe(499);
    expect(await runner.run(meanCvar, 0)).toBe("fresh");
    expect(spawned).toBe(2);
    expect(isApiError(await rejection(runner.run(meanCvar, 0, AbortSignal.abort())))).toBe(true);
  });

  it("refuses at once (429, Retry-After) the jobs that would start too late for their limit, by the solve estimates (1 worker, 5 s, 16 at once)", async () => {
    const runner = pool({ workers: 1, spawn: hanging }); // mean-CVaR solves assumed to take 1 s until one is timed
    const settled: Array<{ i: number; error: unknown }> = [];
    const jobs = Array.from({ length: 16 }, (_, i) =>
      rejection(runner.run(meanCvar, 5000)).then((error) => settled.push({ i, error })),
    );
    await new Promise((resolve) => setImmediate(resolve));
    // Starts forecast at 0, 1, 2, 3 and 4 s leave at least half the limit (2.5 s) or a whole solve (1 s): those five wait; the rest are refused now.
    expect(settled.map((s) => s.i)).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    for (const { error } of settled) {
      expect(isApiError(error) && error.status).toBe(429);
      expect(isApiError(error) && Number(error.headers["Retry-After"])).toBeGreaterThanOrEqual(4);
      expect((error as Error).message).toMatch(
        /would start in about [45](\.\d)? s \(1 running, 4 waiting, about 1 s each\), too late for the time limit of 5 s/,
      );
    }
    await runner.close();
    await Promise.all(jobs);
  });

  it("admits any job on an idle pool, however short its limit (the engine stops at the limit with its best weights)", async () => {
    const answering = () =>
      new Worker(
        "const p = require('node:worker_threads').parentPort; p.on('message', (m) => p.postMessage({ ok: true, result: m.timeLimitMs })); p.postMessage({ ready: true });",
        { eval: true },
      );
    const runner = pool({ workers: 1, spawn: answering });
    await runner.run(meanCvar, 0); // the worker has loaded
    expect(await runner.run(meanCvar, 10)).toBeGreaterThan(0);
  });

  it("refuses at once (503, Retry-After) a job whose worker is restarting when its start, as timed, outlasts the limit", async () => {
    const slowHanging = () =>
      new Worker(
        "setTimeout(() => { const p = require('node:worker_threads').parentPort; p.on('message', () => {}); p.postMessage({ ready: true }); }, 300);",
        { eval: true },
      );
    const firstWorker = cued(slowHanging());
    let spawned = 0;
    const runner = pool({ workers: 1, spawn: () => (++spawned === 1 ? firstWorker.worker : slowHanging()) });
    const leaving = new AbortController();
    const first = rejection(runner.run(meanCvar, 0, leaving.signal));
    await firstWorker.dispatched; // loaded (timed at about 300 ms) and solving
    leaving.abort(); // its worker is stopped and a replacement starts loading
    expect(isApiError(await first) && ((await first) as { status: number }).status).toBe(499);
    const refused = await rejection(runner.run(meanCvar, 100));
    expect(isApiError(refused) && refused.status).toBe(503);
    expect(isApiError(refused) && refused.headers["Retry-After"]).toBe("1");
    expect((refused as Error).message).toMatch(
      /an optimizer worker is still starting \(about 0\.\d s more\), too long for the time limit of 0\.1 s/,
    );
  });

  it("a job waiting for its worker to load is answered 503 at its deadline, not when the worker is ready", async () => {
    const neverReady = () => new Worker("setInterval(() => {}, 1000);", { eval: true });
    const runner = pool({ workers: 1, spawn: neverReady });
    const late = await rejection(runner.run(meanCvar, 50)); // before: waited for a `ready` that never comes
    expect(isApiError(late) && late.status).toBe(503);
    expect((late as Error).message).toMatch(/time limit of 0\.05 s .* while an optimizer worker started/);
  }, 10_000);

  it("answers 503 at once the queued jobs that fall too far behind when a solve outlasts its estimate", async () => {
    const workers: Worker[] = [];
    const jobs: Array<Promise<void>> = [];
    const onCue = () => {
      const { worker, dispatched } = cued(
        new Worker(
          "const p = require('node:worker_threads').parentPort; p.on('message', (m) => { if (m.go) p.postMessage({ ok: true, result: 'done' }); }); p.postMessage({ ready: true });",
          { eval: true },
        ),
      );
      workers.push(worker);
      jobs.push(dispatched);
      return worker;
    };
    const runner = pool({ workers: 1, queueMax: 16, spawn: onCue, estimates: { "mean-cvar": 100, "score-tilt": 100 } });
    const running = runner.run(meanCvar, 0);
    await jobs[0]; // the worker has loaded and holds the job
    const settled: Array<{ i: number; error: unknown }> = [];
    const queued = Array.from({ length: 16 }, (_, i) =>
      rejection(runner.run(meanCvar, 5000)).then((error) => settled.push({ i, error })),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toEqual([]); // forecast at 100 ms a solve: all 16 fit in 5 s
    await new Promise((resolve) => setTimeout(resolve, 1500));
    workers[0]!.postMessage({ go: true }); // the first solve took about 1.8 s: the estimate grows to about 0.6 s
    expect(await running).toBe("done");
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled.length).toBeGreaterThan(0);
    const refused = settled.map((s) => s.i).sort((a, b) => a - b);
    expect(refused).toEqual(Array.from({ length: refused.length }, (_, k) => 16 - refused.length + k)); // the back of the queue
    for (const { error } of settled) {
      expect(isApiError(error) && error.status).toBe(503);
      expect((error as Error).message).toMatch(/as the solves ahead of it take longer than expected/);
    }
    await runner.close();
    await Promise.all(queued);
  }, 20_000);
});
