/**
 * A small buy-and-hold backtest with the engine's public API: three synthetic holdings (one listed
 * late), five years of business-day closes, a benchmark, then the weekly NAV summary and metadata.
 * Deterministic: every price comes from a seeded LCG.
 *
 * Run: npx tsx --conditions=@thematic/source packages/engine/demo/backtest-demo.ts
 */
import {
  buyAndHoldBacktest,
  conditionalValueAtRisk,
  simpleReturns,
  valueAtRisk,
  type BacktestInput,
  type PriceSeries,
} from "@thematic/engine";

/** Linear congruential generator (Numerical Recipes constants): uniform numbers in [0, 1). */
function lcg(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

/** A daily geometric random walk with the given annual drift and volatility (approximate normal draws). */
function walk(random: () => number, days: number, start: number, annualDrift: number, annualVol: number): Float64Array {
  const out = new Float64Array(days);
  const mu = annualDrift / 252;
  const sigma = annualVol / Math.sqrt(252);
  let price = start;
  for (let t = 0; t < days; t++) {
    out[t] = price;
    // Sum of 12 uniforms minus 6: mean 0, variance 1 (Irwin–Hall).
    let z = -6;
    for (let i = 0; i < 12; i++) z += random();
    price *= Math.exp(mu - (sigma * sigma) / 2 + sigma * z);
  }
  return out;
}

/** Monday-to-Friday dates (Unix seconds at 00:00 UTC) between two ISO dates, inclusive. */
function businessDays(from: string, to: string): number[] {
  const days: number[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`) / 1000; t <= Date.parse(`${to}T00:00:00Z`) / 1000; t += 86400) {
    const weekday = new Date(t * 1000).getUTCDay();
    if (weekday !== 0 && weekday !== 6) days.push(t);
  }
  return days;
}

const random = lcg(20240601);
const calendar = businessDays("2019-05-01", "2024-05-31");
const n = calendar.length;
const lateStart = calendar.findIndex((t) => t >= Date.parse("2021-03-01T00:00:00Z") / 1000);

const prices = new Map<string, PriceSeries>([
  ["SOLAR", { start: 0, closes: walk(random, n, 42, 0.12, 0.35) }],
  ["GRID", { start: 0, closes: walk(random, n, 118, 0.07, 0.2) }],
  ["HYDROGEN", { start: lateStart, closes: walk(random, n - lateStart, 15, 0.05, 0.55) }],
]);

const input: BacktestInput = {
  calendar,
  holdings: [
    { id: "SOLAR", weight: 0.5 },
    { id: "GRID", weight: 0.3 },
    { id: "HYDROGEN", weight: 0.2 },
  ],
  prices,
  benchmark: { symbol: "SPY", series: { start: 0, closes: walk(random, n, 280, 0.09, 0.17) } },
  years: 5,
  riskFreeRate: 0.02,
};

const result = buyAndHoldBacktest(input);
const day = (t: number) => new Date(t * 1000).toISOString().slice(0, 10);
const fmt = (x: number, digits = 4) => x.toFixed(digits);
const pct = (x: number) => `${(100 * x).toFixed(2)}%`;

console.log(
  `Buy-and-hold backtest, ${result.metadata.weekCount} weekly returns, ${result.metadata.stockCount} holdings\n`,
);
console.log("date        portfolio   benchmark");
const { timeSeries, benchmarkTimeSeries } = result;
for (let k = 0; k < timeSeries.length; k++) {
  // One line a quarter (every 13 weeks) and the last point.
  if (k % 13 !== 0 && k !== timeSeries.length - 1) continue;
  const [t, nav] = timeSeries[k]!;
  console.log(`${day(t)}  ${fmt(nav, 2).padStart(10)}  ${fmt(benchmarkTimeSeries[k]![1], 2).padStart(10)}`);
}

const weekly = simpleReturns(timeSeries.map(([, v]) => v));
const { metadata: m, benchmarkMetadata: b } = result;
console.log("\n                  portfolio   benchmark");
console.log(`returns           ${pct(m.returns).padStart(9)}   ${pct(b.returns).padStart(9)}`);
console.log(`annualizedReturn  ${pct(m.annualizedReturn).padStart(9)}   ${pct(b.annualizedReturn).padStart(9)}`);
console.log(`variance          ${fmt(m.variance).padStart(9)}   ${fmt(b.variance).padStart(9)}`);
console.log(`sharpeRatio       ${fmt(m.sharpeRatio).padStart(9)}   ${fmt(b.sharpeRatio).padStart(9)}`);
console.log(`maxDrawdown       ${pct(m.maxDrawdown).padStart(9)}   ${pct(b.maxDrawdown).padStart(9)}`);
console.log(
  `\nweekly VaR 95%  ${pct(valueAtRisk(weekly))}, CVaR 95%  ${pct(conditionalValueAtRisk(weekly))} (portfolio)`,
);
console.log(`benchmark: ${b.symbol}`);
console.log(`warnings:\n${m.warnings.map((w) => `  - ${w}`).join("\n") || "  (none)"}`);
