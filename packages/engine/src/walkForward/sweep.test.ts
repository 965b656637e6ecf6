import { describe, expect, it } from "vitest";
import { isEngineError } from "../errors/EngineError.ts";
import { tinypoolRunner } from "../node/tinypoolRunner.ts";
import { runSweepTask, serialRunner, sweep, type SweepProgress, type SweepRunner, type SweepTask } from "./sweep.ts";
import { monthEnds } from "./_test/estimators.ts";
import { seededRandom } from "../_test/seededRandom.ts";
import type { WalkForwardTaskArgs } from "./_test/sweepTasks.ts";

const MODULE = new URL("./_test/sweepTasks.ts", import.meta.url).href;

/** A grid of walk-forward configurations over one seeded data set. */
function grid(): SweepTask<WalkForwardTaskArgs>[] {
  const random = seededRandom(42);
  const T = 48;
  const rows = Array.from({ length: T }, () => Array.from({ length: 4 }, () => 0.08 * (random() - 0.5)));
  const dates = monthEnds(T);
  const tasks: SweepTask<WalkForwardTaskArgs>[] = [];
  for (const estimator of ["equal", "inverse-variance"] as const)
    for (const kind of ["trailing", "expanding"] as const)
      for (const every of [1, 3])
        for (const costBps of [0, 20])
          tasks.push({
            module: MODULE,
            export: "walkForwardTask",
            args: { rows, dates, estimator, window: { kind, periods: 12 }, every, costBps, turnoverLimit: 0.2 },
          });
  return tasks;
}

async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error("expected a rejection");
}

describe("sweep", () => {
  it("gives, over a 2-thread tinypool, exactly the serial run's results, in task order, with progress for each task", async () => {
    const tasks = grid();
    const serialProgress: SweepProgress[] = [];
    const serial = await sweep(tasks, { onProgress: (p) => serialProgress.push(p) });
    expect(serialProgress.map((p) => p.index)).toEqual(tasks.map((_, k) => k));
    const pool = tinypoolRunner({ threads: 2 });
    try {
      const progress: SweepProgress[] = [];
      const parallel = await sweep(tasks, { runner: pool, onProgress: (p) => progress.push(p) });
      expect(parallel).toEqual(serial);
      // Bit for bit: every number of every result.
      parallel.forEach((r, k) => {
        const a = r as { nav: Float64Array };
        const b = serial[k] as { nav: Float64Array };
        expect(a.nav).toBeInstanceOf(Float64Array);
        a.nav.forEach((v, j) => expect(Object.is(v, b.nav[j])).toBe(true));
      });
      expect(progress.map((p) => p.done)).toEqual(tasks.map((_, k) => k + 1));
      expect(progress.map((p) => p.index).sort((x, y) => x - y)).toEqual(tasks.map((_, k) => k));
      expect(progress.every((p) => p.total === tasks.length)).toBe(true);
    } finally {
      await pool.close();
    }
  }, 120_000);

  it("stops on abort: no task starts after it and the sweep rejects with the signal's reason", async () => {
    const tasks = grid();
    const started: number[] = [];
    const counting: SweepRunner = {
      concurrency: 1,
      run: (task) => (
        started.push(tasks.indexOf(task as SweepTask<WalkForwardTaskArgs>)), serialRunner.run(task, undefined)
      ),
    };
    const controller = new AbortController();
    const reason = new Error("stopped by the user");
    const error = await rejection(
      sweep(tasks, {
        runner: counting,
        signal: controller.signal,
        onProgress: (p) => p.done === 2 && controller.abort(reason),
      }),
    );
    expect(error).toBe(reason);
    expect(started).toEqual([0, 1]);
  });

  it("stops a pool sweep on abort with the signal's reason", async () => {
    const pool = tinypoolRunner({ threads: 2 });
    try {
      const controller = new AbortController();
      const progress: number[] = [];
      const error = await rejection(
        sweep(grid(), {
          runner: pool,
          signal: controller.signal,
          onProgress: (p) => (progress.push(p.done), controller.abort(new Error("enough"))),
        }),
      );
      expect((error as Error).message).toBe("enough");
      expect(progress).toEqual([1]);
    } finally {
      await pool.close();
    }
  }, 120_000);

  it("refuses a signal already aborted, a relative module, function args, and reports a task's error", async () => {
    const controller = new AbortController();
    controller.abort(new Error("already"));
    expect(((await rejection(sweep(grid(), { signal: controller.signal }))) as Error).message).toBe("already");
    const field = async (p: Promise<unknown>) => {
      const e = await rejection(p);
      return isEngineError(e) ? e.field : String(e);
    };
    expect(await field(sweep([{ module: "./sweepTasks.ts", export: "walkForwardTask", args: {} }]))).toBe(
      "tasks[0].module",
    );
    expect(await field(sweep([{ module: MODULE, export: "walkForwardTask", args: { f: () => 1 } }]))).toBe(
      "tasks[0].args.f",
    );
    expect(await field(runSweepTask({ module: MODULE, export: "nothing", args: 1 }))).toBe("task.export");
    expect(
      ((await rejection(sweep([{ module: MODULE, export: "failingTask", args: "broken" }]))) as Error).message,
    ).toBe("broken");
  });
});
