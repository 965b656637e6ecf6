import { availableParallelism, loadavg } from "node:os";

/**
 * How much slower than an idle machine this one is taken to be: the 1-minute load average per
 * core when the test run starts (at least 1), or TEST_TIME_SCALE when set (CI, a known-slow
 * machine). Every wall-clock allowance of the tests (vitest's timeouts, a wait for a child
 * process, a poll in a browser page) is multiplied by it, so that a loaded machine (load 6–10 on
 * 2 cores: ×3–5) makes the tests slower, not failing. The allowances are hang guards, not budgets:
 * no test asserts that something is fast (benchmarks in bench/ measure that).
 *
 * @example
 * // load average 8 on 2 cores: TIME_SCALE = 4
 * scaled(30_000) // => 120000
 */
export const TIME_SCALE: number = (() => {
  const set = Number(process.env.TEST_TIME_SCALE);
  if (Number.isFinite(set) && set > 0) return set;
  return Math.max(1, loadavg()[0]! / availableParallelism());
})();

/** `ms` stretched by {@link TIME_SCALE}, rounded to the millisecond. */
export function scaled(ms: number): number {
  return Math.round(ms * TIME_SCALE);
}
