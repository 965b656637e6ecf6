/**
 * The full tear-sheet report (`tearSheetReport`: the metrics, every panel rendered to SVG, the
 * HTML page) on sample backtests of daily and weekly points: median wall and CPU time of warm runs
 * after one discarded run, per series; beside it, the engine's `tearSheet()` alone (every metric
 * row) and a numpy implementation of the same rows on the same series
 * (bench/charts/report_rows_numpy.py, numpy and the standard library, timed in its own process),
 * with three of its figures checked against the engine's. quantstats itself is not timed here
 * (it cannot be installed on this machine: bench/README.md).
 * Usage: `npx tsx --conditions=@thematic/source bench/charts/report.ts [runs=5]`.
 */
import { spawnSync } from "node:child_process";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { tearSheet } from "@thematic/engine";
import { tearSheetReport } from "../../packages/charts/src/charts/tearSheetReport.ts";
import { sampleBacktest } from "../../packages/charts/src/_test/sampleBacktest.ts";

const runs = Number(process.argv[2] ?? 5);
const cases = [
  { name: "daily, 3 years", backtest: sampleBacktest(3, 7, "daily"), p: 252 },
  { name: "daily, 10 years", backtest: sampleBacktest(10, 7, "daily"), p: 252 },
  { name: "weekly, 5 years", backtest: sampleBacktest(5, 7, "weekly"), p: 52 },
];
const cpuMs = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
const median = (x: number[]) => [...x].sort((a, b) => a - b)[Math.floor(x.length / 2)]!;

// The numpy peer first, in its own process, so it does not share the CPU with the report's runs.
const peer = spawnSync("python3", [fileURLToPath(new URL("./report_rows_numpy.py", import.meta.url))], {
  input: JSON.stringify({
    cases: cases.map((c) => ({
      name: c.name,
      t: c.backtest.timeSeries.map((x) => x[0]),
      portfolio: c.backtest.timeSeries.map((x) => x[1]),
      benchmark: c.backtest.benchmarkTimeSeries.map((x) => x[1]),
      periodsPerYear: c.p,
      runs,
    })),
  }),
  encoding: "utf8",
  maxBuffer: 1 << 24,
});
const numpy = new Map<string, { ms: number; check: Record<string, number> }>();
if (peer.status === 0)
  for (const line of peer.stdout.trim().split("\n")) numpy.set(JSON.parse(line).name, JSON.parse(line));
else console.log(`numpy peer failed: ${peer.stderr || peer.error}`);

console.log(
  `load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(" ")}`,
);
console.log("| series | report ms (wall) | report ms (CPU) | engine tearSheet() ms | numpy rows ms | rows checked |");
console.log("|---|---:|---:|---:|---:|---|");
for (const { name, backtest, p } of cases) {
  await tearSheetReport(backtest);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c0 = cpuMs();
    const start = performance.now();
    await tearSheetReport(backtest);
    wall.push(performance.now() - start);
    cpu.push(cpuMs() - c0);
  }
  const options = { periodsPerYear: p, rollingWindow: p / 2, drawdowns: 10 };
  const sheet = tearSheet(backtest, options);
  const rows: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    tearSheet(backtest, options);
    rows.push(performance.now() - start);
  }
  const peerCase = numpy.get(name);
  const engine = { cagr: sheet.portfolio.cagr, sharpeRatio: sheet.portfolio.sharpeRatio, beta: sheet.beta };
  const checked =
    peerCase === undefined
      ? "–"
      : Object.entries(engine).every(([k, x]) => Math.abs(x - peerCase.check[k]!) <= 1e-9 * Math.max(1, Math.abs(x)))
        ? "equal to 1e-9"
        : `DIFFER ${JSON.stringify({ engine, numpy: peerCase.check })}`;
  console.log(
    `| ${name} (${backtest.timeSeries.length} points) | ${median(wall).toFixed(0)} | ${median(cpu).toFixed(0)} | ${median(rows).toFixed(1)} | ${peerCase === undefined ? "–" : peerCase.ms.toFixed(1)} | ${checked} |`,
  );
}
