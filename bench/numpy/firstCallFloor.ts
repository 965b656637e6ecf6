/**
 * How close the engine's first call (a new days array and a new Map of daily series: nothing
 * prepared) is to the least such a call can cost on this machine, at 500 holdings × 20 years on
 * the data of `npm run bench:numpy`. The weekly points are about 5 trading days apart, so every
 * 64-byte line (8 closes) of every daily series holds a close the backtest reads: a first call
 * must bring all 20 MB of daily closes to the core, as numpy's product does. The floor timed
 * here is one read per line of every series (every 8th close, four series side by side, no
 * other work), on one core as the engine runs. Not a test.
 *
 * Usage: `npx tsx --conditions=@thematic/source bench/numpy/firstCallFloor.ts` (about 10 s;
 * ROUNDS=n to change the 9 rounds).
 */
import { loadavg } from "node:os";
import { buyAndHoldBacktest, type BacktestInput, type PriceSeries } from "@thematic/engine";
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

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const floor: number[] = [];
const first: number[] = [];
let sink = 0;
const load = loadavg();
for (let r = 0; r < ROUNDS + 1; r++) {
  let t = performance.now();
  for (let i = 0; i < CALLS; i++) sink += readEveryLine(closes);
  const f = (performance.now() - t) / CALLS;
  let total = 0;
  for (let i = 0; i < CALLS; i++) {
    const fresh = { ...input, calendar: Array.from(calendar), prices: new Map(prices) };
    t = performance.now();
    buyAndHoldBacktest(fresh);
    total += performance.now() - t;
  }
  // The first round warms the JIT up and is not counted.
  if (r === 0) continue;
  floor.push(f);
  first.push(total / CALLS);
}
const f = median(floor);
const e = median(first);
console.log(
  `Node ${process.version}; ${ROUNDS} rounds of ${CALLS}; load average ${load.map((x) => x.toFixed(2)).join(", ")} (sum ${sink > 0 ? "ok" : "?"})`,
);
console.log("| one read per 64-byte line of the daily closes, ms | engine first call, ms | first call − floor, ms |");
console.log("|---:|---:|---:|");
console.log(`| ${f.toFixed(3)} | ${e.toFixed(3)} | ${(e - f).toFixed(3)} |`);
