/**
 * The storeWrite suite's tasks, timed one by one for their median and 90th percentile (on a
 * shared, loaded machine the mean mostly measures pauses). Usage:
 * `npx tsx --conditions=@thematic/source bench/storeWriteMedians.ts` (about 1 min).
 */
import suite from "./suites/storeWrite.ts";

type Hooks = { beforeAll?: () => void; afterAll?: (mode: string) => void };
const tasks: Array<[string, () => Promise<void>, Hooks]> = [];
await suite.register({
  add: (name: string, fn: () => Promise<void>, hooks: Hooks = {}) => tasks.push([name, fn, hooks]),
} as never);
for (const [name, fn, hooks] of tasks) {
  hooks.beforeAll?.();
  for (let i = 0; i < 100; i++) await fn();
  const ms: number[] = [];
  for (let i = 0; i < 400; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  hooks.afterAll?.("run");
  ms.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(48)} median ${ms[200]!.toFixed(3)} ms  p90 ${ms[360]!.toFixed(3)} ms  mean ${(ms.reduce((a, b) => a + b) / ms.length).toFixed(3)} ms`,
  );
}
