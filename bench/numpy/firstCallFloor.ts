/**
 * How close the engine's first call (a new days array and a new Map of daily series: nothing
 * prepared) is to the least such a call can cost on this machine, at 500 holdings × 20 years on
 * the data of `npm run bench:numpy`. The weekly points are about 5 trading days apart, so every
 * 64-byte line (8 closes) of every daily series holds a close the backtest reads: a first call
 * must bring all 20 MB of daily closes to the core, as numpy's product does. Floors timed here,
 * each on one core as the engine runs and with no other work: one read per line of every series
 * (every 8th close, four series side by side); every close read and summed, unchecked (what V8
 * takes to load 2.52 million doubles one by one); and every close checked finite and > 0 with
 * the fastest pure check loop found (docs/maths.md#price-validation: the least a first call on
 * closes the engine has never seen can cost, since it must check them all). Beside them, the
 * engine's first call on closes it has checked before and on closes it has never seen (made to
 * forget them). Not a test.
 *
 * Usage: `npx tsx --conditions=@thematic/source bench/numpy/firstCallFloor.ts` (about 30 s;
 * ROUNDS=n to change the 9 rounds).
 */
import { loadavg } from "node:os";
// The backtest area's entry, not the package root (see backtestVsNumpy.ts: under tsx the root's
// CSV parser slows every typed-array loop of the process).
import { buyAndHoldBacktest, type BacktestInput, type PriceSeries } from "../../packages/engine/src/backtest/index.ts";
import { forgetCheckedCloses } from "../../packages/engine/src/backtest/validatePriceSeries.ts";
import { generatedCase } from "./_internal/generatedCase.ts";

const ROUNDS = Number(process.env.ROUNDS ?? 9);
const CALLS = 50;
const { calendar, closes, benchmark, weights, years } = generatedCase(500, 5040, 20, 11);
const prices = new Map<string, PriceSeries>(closes.map((c, h) => [`S${h}`, { start: 0, closes: c }]));
const holdings = Array.from(weights, (weight, h) => ({ id: `S${h}`, weight }));
const input: BacktestInput = {
  calendar,
  holdings,
  prices,
  benchmark: { symbol: "SPY", series: { start: 0, closes: benchmark } },
  years,
};

/** One read per 64-byte line of every series; returns a sum so that the reads are not dropped. */
function readEveryLine(series: Float64Array[]): number {
  let total = 0;
  for (let h = 0; h + 4 <= series.length; h += 4) {
    const a = series[h]!,
      b = series[h + 1]!,
      c = series[h + 2]!,
      d = series[h + 3]!;
    let sa = 0,
      sb = 0,
      sc = 0,
      sd = 0;
    for (let i = 0; i < a.length; i += 8) {
      sa += a[i]!;
      sb += b[i]!;
      sc += c[i]!;
      sd += d[i]!;
    }
    total += sa + sb + sc + sd;
  }
  return total;
}

/** Every close of every series read and summed, nothing checked (eight at a time, one sum per series). */
function readEveryClose(series: Float64Array[]): number {
  let total = 0;
  for (let h = 0; h < series.length; h++) total += sumOf(series[h]!);
  return total;
}

/** The sum of one series' closes, eight a step. */
function sumOf(c: Float64Array): number {
  const n = c.length;
  let s = 0;
  let i = 0;
  for (; i + 8 <= n; i += 8)
    s += c[i]! + c[i + 1]! + (c[i + 2]! + c[i + 3]!) + (c[i + 4]! + c[i + 5]! + (c[i + 6]! + c[i + 7]!));
  for (; i < n; i++) s += c[i]!;
  return s;
}

/**
 * True when every close of every series is a finite number > 0: sixteen closes a step, `P > 0`
 * each (false for NaN) and their sum kept in two accumulators, checked finite at the end (an
 * infinite close makes it infinite or NaN). The fastest pure check loop found on this machine
 * (eight a step, one sum, as the engine's, was about 6 % slower here alone and no slower inside a
 * call; a check on the high 32-bit words through an Int32Array view, branchless or a branch per
 * eight, 10–30 % slower, one word a step 90 %; a minimum by Math.min, slower; by
 * `a < b ? a : b`, eight times slower). It stops at the first step holding a bad close without
 * saying which (the floor of a check, not a check the engine could use as is).
 */
function checkEveryClose(series: Float64Array[]): boolean {
  let ok = true;
  for (let h = 0; h < series.length; h++) ok = allGood(series[h]!) && ok;
  return ok;
}

/** True when every close of `c` is a finite number > 0 (see {@link checkEveryClose}). */
function allGood(c: Float64Array): boolean {
  const n = c.length;
  let s0 = 0;
  let s1 = 0;
  let i = 0;
  for (; i + 16 <= n; i += 16) {
    const a = c[i]!,
      b = c[i + 1]!,
      d = c[i + 2]!,
      e = c[i + 3]!,
      f = c[i + 4]!,
      g = c[i + 5]!,
      h = c[i + 6]!,
      k = c[i + 7]!;
    const a2 = c[i + 8]!,
      b2 = c[i + 9]!,
      d2 = c[i + 10]!,
      e2 = c[i + 11]!,
      f2 = c[i + 12]!,
      g2 = c[i + 13]!,
      h2 = c[i + 14]!,
      k2 = c[i + 15]!;
    if (
      !(
        a > 0 &&
        b > 0 &&
        d > 0 &&
        e > 0 &&
        f > 0 &&
        g > 0 &&
        h > 0 &&
        k > 0 &&
        a2 > 0 &&
        b2 > 0 &&
        d2 > 0 &&
        e2 > 0 &&
        f2 > 0 &&
        g2 > 0 &&
        h2 > 0 &&
        k2 > 0
      )
    )
      return false;
    s0 += a + b + (d + e) + (f + g + (h + k));
    s1 += a2 + b2 + (d2 + e2) + (f2 + g2 + (h2 + k2));
  }
  for (; i < n; i++) {
    const v = c[i]!;
    if (!(v > 0 && v < Infinity)) return false;
  }
  return s0 + s1 < Infinity;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const floor: number[] = [];
const everyClose: number[] = [];
const checkFloor: number[] = [];
const first: number[] = [];
const unseen: number[] = [];
let sink = 0;
let checked = true;
const load = loadavg();
/** Mean ms per call of `fn` over CALLS calls. */
function perCall(fn: () => void): number {
  const t = performance.now();
  for (let i = 0; i < CALLS; i++) fn();
  return (performance.now() - t) / CALLS;
}
/** Mean ms of CALLS engine first calls (a new Map and days array each), only the calls timed; `forget`: on closes never checked. */
function firstCalls(forget: boolean): number {
  let total = 0;
  for (let i = 0; i < CALLS; i++) {
    if (forget) forgetCheckedCloses();
    const fresh = { ...input, calendar: Array.from(calendar), prices: new Map(prices) };
    const t = performance.now();
    buyAndHoldBacktest(fresh);
    total += performance.now() - t;
  }
  return total / CALLS;
}
for (let r = 0; r < ROUNDS + 1; r++) {
  const f = perCall(() => {
    sink += readEveryLine(closes);
  });
  const a = perCall(() => {
    sink += readEveryClose(closes);
  });
  const c = perCall(() => {
    checked = checkEveryClose(closes) && checked;
  });
  const e = firstCalls(false);
  const u = firstCalls(true);
  // The first round warms the JIT up and is not counted.
  if (r === 0) continue;
  floor.push(f);
  everyClose.push(a);
  checkFloor.push(c);
  first.push(e);
  unseen.push(u);
}
const [f, a, c, e, u] = [floor, everyClose, checkFloor, first, unseen].map(median) as [
  number,
  number,
  number,
  number,
  number,
];
console.log(
  `Node ${process.version}; ${ROUNDS} rounds of ${CALLS}; load average ${load.map((x) => x.toFixed(2)).join(", ")} before, ${loadavg()
    .map((x) => x.toFixed(2))
    .join(", ")} after (sum ${sink > 0 ? "ok" : "?"}, closes ${checked ? "all good" : "?"})`,
);
console.log(
  "| one read per 64-byte line of the daily closes, ms | every close read and summed, unchecked, ms | every close checked (fastest check loop), ms | engine first call, closes checked before, ms | engine first call, closes never seen, ms | never seen − checked before, ms | never seen − check floor, ms |",
);
console.log("|---:|---:|---:|---:|---:|---:|---:|");
console.log(
  `| ${f.toFixed(3)} | ${a.toFixed(3)} | ${c.toFixed(3)} | ${e.toFixed(3)} | ${u.toFixed(3)} | ${(u - e).toFixed(3)} | ${(u - c).toFixed(3)} |`,
);
