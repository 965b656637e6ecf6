/**
 * The full tear-sheet report (`tearSheetReport`: the metrics, every panel rendered to SVG, the
 * HTML page) on sample backtests of daily and weekly points: median wall time of warm runs after
 * one discarded run, per series. quantstats' `reports.html` on the same kind of series is the
 * comparison (bench/README.md).
 * Usage: `npx tsx --conditions=@thematic/source bench/charts/report.ts [runs=5]`.
 */
import { loadavg } from "node:os";
import { tearSheetReport } from "../../packages/charts/src/charts/tearSheetReport.ts";
import { sampleBacktest } from "../../packages/charts/src/_test/sampleBacktest.ts";

const runs = Number(process.argv[2] ?? 5);
const cases = [
  ["daily, 3 years", sampleBacktest(3, 7, "daily")],
  ["daily, 10 years", sampleBacktest(10, 7, "daily")],
  ["weekly, 5 years", sampleBacktest(5, 7, "weekly")],
] as const;
console.log(`load average ${loadavg().map((x) => x.toFixed(1)).join(" ")}`);
for (const [name, backtest] of cases) {
  await tearSheetReport(backtest);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await tearSheetReport(backtest);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(`${name} (${backtest.timeSeries.length} points): median ${times[Math.floor(runs / 2)]!.toFixed(0)} ms of ${runs}`);
}
