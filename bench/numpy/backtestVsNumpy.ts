/**
 * The engine's buy-and-hold backtest against a numpy peer (bench/numpy/backtest_peer.py) on
 * identical data, in one run: the data is generated here once, written as raw float64 files to a
 * temporary directory, and read by the Python peers; each first returns its NAVs and
 * statistics (checked against the engine's), then all are timed in alternating rounds. Each
 * round times a batch of runs of each side; the medians of the rounds' per-run times (elapsed
 * and CPU) and their ratio are printed with the machine's load averages. The peer is the issue's:
 * numpy computing the NAV on every day (a days × holdings matrix-vector product) plus the weekly
 * statistics, run with OpenBLAS on every core and on one thread (the faster counts). A last
 * column gives numpy on closes pre-gathered at the weekly points, the preparation the engine's
 * weeklyPriceTable makes, for information. The engine is also timed in the README's form, a
 * plain array of days and a Map of daily series: on a first call (a new Map and a new days array
 * each time, so nothing prepared before is found; preparation included) and on repeated calls with
 * the same Map (its weekly closes gathered behind the call, docs/maths.md#map-price-cache); both
 * with their ratio to numpy (targets: at most 1.5× and 1.0×), the first call also against numpy
 * on one thread; and once more on a first call on closes arrays the engine has never checked (it
 * is made to forget them: the only call that pays for checking every close,
 * docs/maths.md#price-validation), elapsed and CPU, against numpy on one thread. Not a test.
 *
 * Usage: `npm run bench:numpy` (about 40 s; ROUNDS=n to change the 9 rounds).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
// The backtest area's own entry, not the package root: under tsx (how benches run), loading the
// root also loads the CSV parser's CommonJS module, and from then on every typed-array loop in the
// process runs about 25 % slower (seen with tsx 4 on Node 20; plain Node, which runs the built
// package, does not do this). Same functions, as a user's process runs them.
import {
  buyAndHoldBacktest,
  tradingCalendar,
  weeklyPriceTable,
  type BacktestInput,
  type PriceSeries,
} from "../../packages/engine/src/backtest/index.ts";
import { forgetCheckedCloses } from "../../packages/engine/src/backtest/validatePriceSeries.ts";
import { stopChild } from "../_internal/stopChild.ts";
import { generatedCase, type GeneratedCase } from "./_internal/generatedCase.ts";

interface Case {
  name: string;
  label: string;
  data: GeneratedCase;
  runs: number;
}

const ROUNDS = Number(process.env.ROUNDS ?? 9);
const CASES: Case[] = [
  { name: "h500y20", label: "500 holdings × 5,040 days (20 y)", data: generatedCase(500, 5040, 20, 11), runs: 200 },
  { name: "h50y5", label: "50 holdings × 1,260 days (5 y)", data: generatedCase(50, 1260, 5, 12), runs: 3000 },
];

function writeCase(dir: string, c: Case): void {
  const { calendar, closes, benchmark, weights, years } = c.data;
  const H = weights.length;
  const D = calendar.length;
  const dayMajor = new Float64Array(D * H);
  for (let h = 0; h < H; h++) for (let d = 0; d < D; d++) dayMajor[d * H + h] = closes[h]![d]!;
  const raw = (a: Float64Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
  writeFileSync(join(dir, `${c.name}.json`), JSON.stringify({ days: D, holdings: H, years }));
  writeFileSync(join(dir, `${c.name}.closes.f64`), raw(dayMajor));
  writeFileSync(join(dir, `${c.name}.benchmark.f64`), raw(benchmark));
  writeFileSync(join(dir, `${c.name}.weights.f64`), raw(weights));
  writeFileSync(join(dir, `${c.name}.calendar.f64`), raw(Float64Array.from(calendar)));
}

function inputs(c: Case): { plain: BacktestInput; tabled: Parameters<typeof buyAndHoldBacktest>[0] } {
  const { calendar: days, closes, benchmark, weights, years } = c.data;
  const prices = new Map<string, PriceSeries>();
  const holdings = [];
  for (let h = 0; h < weights.length; h++) {
    prices.set(`S${h}`, { start: 0, closes: closes[h]! });
    holdings.push({ id: `S${h}`, weight: weights[h]! });
  }
  const bench = { symbol: "SPY", series: { start: 0, closes: benchmark } };
  const calendar = tradingCalendar(days);
  return {
    plain: { calendar: days, holdings, prices, benchmark: bench, years },
    tabled: { calendar, holdings, prices: weeklyPriceTable(calendar, prices), benchmark: bench, years },
  };
}

/**
 * Elapsed and CPU milliseconds per first call: `n` calls, each on inputs made fresh by `make` (a
 * new Map and days array: nothing the engine prepared before applies), only the call itself timed.
 */
function timeFirstCalls(make: () => BacktestInput, n: number): { ms: number; cpuMs: number } {
  let total = 0;
  let cpuTotal = 0;
  for (let i = 0; i < n; i++) {
    const input = make();
    const cpu = process.cpuUsage();
    const start = performance.now();
    buyAndHoldBacktest(input);
    total += performance.now() - start;
    const used = process.cpuUsage(cpu);
    cpuTotal += (used.user + used.system) / 1000;
  }
  return { ms: total / n, cpuMs: cpuTotal / n };
}

/** Elapsed and CPU milliseconds per call of `fn`, over a batch of `n` calls after a warm-up batch of n / 10. */
function timeBatch(fn: () => unknown, n: number): { ms: number; cpuMs: number } {
  for (let i = 0; i < Math.max(1, n / 10); i++) fn();
  const start = performance.now();
  const cpu = process.cpuUsage();
  for (let i = 0; i < n; i++) fn();
  const used = process.cpuUsage(cpu);
  return { ms: (performance.now() - start) / n, cpuMs: (used.user + used.system) / 1000 / n };
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 === 1 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

function maxRelativeDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let worst = 0;
  for (let i = 0; i < a.length; i++)
    worst = Math.max(worst, Math.abs(a[i]! - b[i]!) / Math.max(Math.abs(a[i]!), Math.abs(b[i]!), 1e-300));
  return worst;
}

const dir = mkdtempSync(join(tmpdir(), "bench-numpy-"));

/** One numpy peer process; `threads` caps OpenBLAS's threads (undefined: numpy's default, every core). */
function startPeer(threads: number | undefined) {
  const env =
    threads === undefined
      ? process.env
      : { ...process.env, OPENBLAS_NUM_THREADS: String(threads), OMP_NUM_THREADS: String(threads) };
  const child = spawn(
    "python3",
    [join(dirname(fileURLToPath(import.meta.url)), "backtest_peer.py"), dir, ...CASES.map((c) => c.name)],
    {
      stdio: ["pipe", "pipe", "inherit"],
      env,
    },
  );
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const ask = async (command: string): Promise<Record<string, unknown>> => {
    child.stdin!.write(`${command}\n`);
    const next = await lines.next();
    if (next.done === true) throw new Error(`the numpy peer exited before answering "${command}"`);
    const answer = JSON.parse(next.value) as Record<string, unknown>;
    if (typeof answer.error === "string") throw new Error(answer.error);
    return answer;
  };
  return { child, ask };
}
// numpy as installed (OpenBLAS on every core), and numpy on one thread (no thread hand-off: often
// faster on a busy machine); the engine is compared with the faster of the two in each round.
const peer = startPeer(undefined);
const peer1 = startPeer(1);
const ask = peer.ask;

try {
  for (const c of CASES) writeCase(dir, c);
  const uptimeBefore = loadavg();
  const rows: string[] = [];
  for (const c of CASES) {
    const { plain, tabled } = inputs(c);
    // Same answers first: the peer's weekly NAVs and statistics against the engine's.
    const engine = buyAndHoldBacktest(tabled);
    const check = await ask(`check ${c.name}`);
    await peer1.ask(`check ${c.name}`);
    const stats = check.stats as Record<string, number>;
    const navDiff = maxRelativeDifference(
      engine.timeSeries.map(([, v]) => v),
      check.nav as number[],
    );
    const statKeys = ["returns", "annualizedReturn", "variance", "sharpeRatio", "maxDrawdown"] as const;
    const statDiff = Math.max(...statKeys.map((k) => maxRelativeDifference([engine.metadata[k]], [stats[k]!])));
    if (!(navDiff < 1e-9 && statDiff < 1e-9))
      throw new Error(`${c.label}: the engine and numpy disagree (NAV ${navDiff}, statistics ${statDiff})`);

    const engineTable: number[] = [];
    const engineCpu: number[] = [];
    const enginePlain: number[] = [];
    const engineFirst: number[] = [];
    const engineFirstCpu: number[] = [];
    const fresh = (): BacktestInput => ({
      ...plain,
      calendar: Array.from(plain.calendar as number[]),
      prices: new Map(plain.prices),
    });
    // As `fresh`, the engine having forgotten every closes array it checked: the first call that checks every close.
    const unseen = (): BacktestInput => {
      forgetCheckedCloses();
      return fresh();
    };
    const engineUnseen: number[] = [];
    const engineUnseenCpu: number[] = [];
    const numpy: number[] = [];
    const numpyCpu: number[] = [];
    const numpyAll: number[] = [];
    const numpyWeekly: number[] = [];
    const numpyOne: number[] = [];
    const numpyOneCpu: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const e = timeBatch(() => buyAndHoldBacktest(tabled), c.runs);
      engineTable.push(e.ms);
      engineCpu.push(e.cpuMs);
      const p = await ask(`time ${c.name} ${c.runs}`);
      const p1 = await peer1.ask(`time ${c.name} ${c.runs}`);
      numpyAll.push(p.ms as number);
      numpyOne.push(p1.ms as number);
      numpyOneCpu.push(p1.cpuMs as number);
      numpy.push(Math.min(p.ms as number, p1.ms as number));
      numpyWeekly.push((await peer1.ask(`time_weekly ${c.name} ${c.runs}`)).ms as number);
      numpyCpu.push(Math.min(p.cpuMs as number, p1.cpuMs as number));
      enginePlain.push(timeBatch(() => buyAndHoldBacktest(plain), Math.max(10, c.runs / 4)).ms);
      const first = timeFirstCalls(fresh, Math.max(10, c.runs / 4));
      engineFirst.push(first.ms);
      engineFirstCpu.push(first.cpuMs);
      const never = timeFirstCalls(unseen, Math.max(10, c.runs / 4));
      engineUnseen.push(never.ms);
      engineUnseenCpu.push(never.cpuMs);
    }
    const e = median(engineTable);
    const p = median(numpy);
    const range = (xs: number[]) => `${Math.min(...xs).toFixed(3)}–${Math.max(...xs).toFixed(3)}`;
    rows.push(
      `| ${c.label} | ${e.toFixed(4)} | ${p.toFixed(4)} | **${(e / p).toFixed(2)}×** | ${median(numpyAll).toFixed(4)} | ${median(numpyOne).toFixed(4)} | ${median(engineCpu).toFixed(4)} | ${median(numpyCpu).toFixed(4)} | ${(median(engineCpu) / median(numpyCpu)).toFixed(2)}× | ${median(engineFirst).toFixed(4)} (**${(median(engineFirst) / p).toFixed(2)}×**; ${(median(engineFirst) / median(numpyOne)).toFixed(2)}× 1 thread) | ${median(engineUnseen).toFixed(4)} (**${(median(engineUnseen) / median(numpyOne)).toFixed(2)}×** numpy 1 thread; CPU ${median(engineUnseenCpu).toFixed(4)} ms, ${(median(engineUnseenCpu) / median(numpyOneCpu)).toFixed(2)}× numpy 1 thread's CPU) | ${median(engineFirstCpu).toFixed(4)} (${(median(engineFirstCpu) / median(numpyCpu)).toFixed(2)}×) | ${median(enginePlain).toFixed(4)} (**${(median(enginePlain) / p).toFixed(2)}×**) | ${median(numpyWeekly).toFixed(4)} | ${range(engineTable)} | ${range(numpy)} | ${navDiff.toExponential(1)} |`,
    );
  }
  const uptimeAfter = loadavg();
  console.log(
    `Node ${process.version}, ${process.platform}/${process.arch}; ${ROUNDS} alternating rounds; load average ${uptimeBefore.map((x) => x.toFixed(2)).join(", ")} before, ${uptimeAfter.map((x) => x.toFixed(2)).join(", ")} after\n`,
  );
  console.log(
    "| case | engine ms (median) | numpy ms (median, faster peer each round) | engine / numpy | numpy all cores ms | numpy 1 thread ms | engine CPU ms | numpy CPU ms | CPU ratio | engine, days array + Map, first call, ms (/ numpy; / numpy 1 thread) | first call on closes arrays never seen, ms (/ numpy 1 thread) | first call, CPU ms (/ numpy CPU) | engine, days array + Map, repeated calls, ms (/ numpy) | numpy on pre-gathered weekly closes, 1 thread, ms (informational) | engine range ms | numpy range ms | max rel. NAV difference |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|---:|");
  for (const row of rows) console.log(row);
} finally {
  for (const p of [peer, peer1]) {
    p.child.stdin!.end();
    await stopChild(p.child);
  }
  rmSync(dir, { recursive: true, force: true });
}
