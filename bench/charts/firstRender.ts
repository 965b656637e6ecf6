/**
 * Cold first render of a chart (issue 24: "the first chart renders in under 500 ms"): each sample
 * is a fresh Node process that imports Vega and Vega-Lite and draws one NAV chart (log scale) of a
 * 5-year weekly backtest, the spec built before the clock starts. Two kinds of process: plain
 * Node running renderSvg's calls (what an installed @thematic/charts does) and Node with the tsx
 * loader on the TypeScript source (what the repository's scripts and notebooks do). Prints the
 * import time, the first render after it, their sum and a second render, medians of the runs.
 * Usage: `npx tsx --conditions=@thematic/source bench/charts/firstRender.ts [runs=7]`.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { navChartSpec } from "../../packages/charts/src/charts/navChart.ts";
import { sampleBacktest } from "../../packages/charts/src/_test/sampleBacktest.ts";

const runs = Number(process.argv[2] ?? 7);
const child = join(import.meta.dirname, "firstRenderChild.ts");
const specFile = join(tmpdir(), `first-render-spec-${process.pid}.json`);
writeFileSync(specFile, JSON.stringify(navChartSpec(sampleBacktest(5), { logScale: true })));
type Sample = { importMs: number; firstMs: number; secondMs: number };
const sample = (args: string[]): Sample => {
  const out = spawnSync(process.execPath, args, {
    encoding: "utf8",
    cwd: join(import.meta.dirname, "..", "..", "packages", "charts"),
  });
  if (out.status !== 0) throw new Error(out.stderr);
  return JSON.parse(out.stdout.trim().split("\n").pop()!) as Sample;
};
const kinds: Array<[string, string[]]> = [
  ["plain Node, renderSvg's calls", [join(import.meta.dirname, "firstRenderPlain.mjs"), specFile]],
  ["Node + tsx, TypeScript source", ["--import", "tsx", "--conditions=@thematic/source", child]],
];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const f = (x: number) => x.toFixed(0);
const load = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
console.log(`Node ${process.version}, ${runs} cold processes per row, load average ${load()} before`);
console.log("| process | import ms | first render ms | import + first ms | second render ms |");
console.log("|---|---:|---:|---:|---:|");
for (const [name, args] of kinds) {
  const s: Sample[] = [];
  // Interleaving is not needed: each row is its own set of fresh processes.
  for (let i = 0; i < runs; i++) s.push(sample(args));
  console.log(
    `| ${name} | ${f(median(s.map((x) => x.importMs)))} | ${f(median(s.map((x) => x.firstMs)))} | ${f(median(s.map((x) => x.importMs + x.firstMs)))} | ${f(median(s.map((x) => x.secondMs)))} |`,
  );
}
console.log(`load average ${load()} after`);
