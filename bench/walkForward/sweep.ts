/**
 * The parallel sweep's speed-up: a grid of walk-forward configurations (window kind and length,
 * rebalance interval, cost, turnover limit; inverse-variance re-estimation on 50 assets × 2,520
 * daily periods) run by the engine's `sweep` serially, then over a 2-thread tinypool
 * (`@thematic/engine/node`), with the results checked equal. Times are medians of ROUNDS rounds
 * (default 3); the pool is started once before timing (its start-up printed apart). Not a test.
 *
 * Usage: `npm run bench:sweep` (ROUNDS=n).
 */
import { loadavg } from "node:os";
import { isDeepStrictEqual } from "node:util";
import { sweep, type SweepTask } from "@thematic/engine";
import { tinypoolRunner } from "@thematic/engine/node";
import type { SweepBenchArgs } from "./sweepTask.ts";

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const MODULE = new URL("./sweepTask.ts", import.meta.url).href;

const tasks: SweepTask<SweepBenchArgs>[] = [];
for (const kind of ["trailing", "expanding"] as const)
  for (const periods of [126, 252])
    for (const every of [5, 21])
      for (const costBps of [0, 10])
        tasks.push({
          module: MODULE,
          export: "runConfiguration",
          args: { seed: 7, assets: 50, periods: 2520, window: { kind, periods }, every, costBps, turnoverLimit: 0.25 },
        });

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timed<T>(f: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await f();
  return { ms: performance.now() - start, value };
}

const warm = await sweep(tasks.slice(0, 2)); // module load and JIT warm-up in this thread
void warm;
const poolStart = performance.now();
const pool = tinypoolRunner({ threads: 2 });
await sweep(tasks.slice(0, 2), { runner: pool }); // the workers start and load the task module
const startup = performance.now() - poolStart;

const serialTimes: number[] = [];
const parallelTimes: number[] = [];
let equal = true;
for (let r = 0; r < ROUNDS; r++) {
  const serial = await timed(() => sweep(tasks));
  const parallel = await timed(() => sweep(tasks, { runner: pool }));
  serialTimes.push(serial.ms);
  parallelTimes.push(parallel.ms);
  equal &&= isDeepStrictEqual(serial.value, parallel.value);
}
await pool.close();

const s = median(serialTimes);
const p = median(parallelTimes);
console.log(
  `walk-forward sweep: ${tasks.length} configurations, 50 assets × 2520 periods, load ${loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}`,
);
console.log(
  `  serial        ${s.toFixed(0)} ms (median of ${ROUNDS}: ${serialTimes.map((x) => x.toFixed(0)).join(", ")})`,
);
console.log(
  `  tinypool × 2  ${p.toFixed(0)} ms (median of ${ROUNDS}: ${parallelTimes.map((x) => x.toFixed(0)).join(", ")}); pool start-up ${startup.toFixed(0)} ms apart`,
);
console.log(`  speed-up      ${(s / p).toFixed(2)}×; results equal: ${equal}`);
if (!equal) process.exitCode = 1;
