/**
 * Start-up of the installed `thematic-mock` (issue 23): milliseconds from spawning the command to
 * the first answer of `GET /v1/health`, and to the banner, over RUNS starts (default 9), with the
 * load average before and after (the machine is shared: read the figures against it). The server
 * listens on port 0; the benchmark reads the URL from the banner and asks at once. Also the CPU
 * time the server process had used when it answered (user + system, from /proc on Linux): less
 * sensitive to a busy machine than the elapsed time. Target: a median under 400 ms from process
 * start to first answer. Not a test.
 *
 * Usage:
 *   npm run bench:startup -- <path to an installed node_modules/.bin/thematic-mock>
 *   npm run bench:startup            (builds packages/mock-server/dist first when it is missing)
 * RUNS=n changes the number of starts.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { stopChild } from "../_internal/stopChild.ts";

const repo = join(import.meta.dirname, "..", "..");
const RUNS = Number(process.env.RUNS ?? 9);
let bin = process.argv[2];
if (bin === undefined) {
  bin = join(repo, "packages", "mock-server", "bin", "thematic-mock.mjs");
  if (!existsSync(join(repo, "packages", "mock-server", "dist", "cli.js"))) {
    process.stderr.write("building packages/mock-server (dist/cli.js) ...\n");
    const built = spawnSync(
      "npm",
      [
        "run",
        "build",
        "-w",
        "@thematic/engine",
        "-w",
        "@thematic/fixtures",
        "-w",
        "@thematic/charts",
        "-w",
        "@thematic/mock-server",
      ],
      { cwd: repo, stdio: "inherit" },
    );
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
}

/** CPU milliseconds (user + system) used so far by process `pid` and its threads; NaN where /proc is missing. */
function cpuMsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    // utime and stime are fields 14 and 15 of stat (12 and 13 after the name), in clock ticks (100 Hz on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

/** The node process serving: the spawned one, or the child of a `#!/bin/sh` wrapper. */
function serverPid(pid: number): number {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
    return children === "" ? pid : Number(children.split(" ")[0]);
  } catch {
    return pid;
  }
}

/** One start: spawn → banner → first 200 on /v1/health, in ms from the spawn, and the server's CPU ms then. */
async function startOnce(): Promise<{ bannerMs: number; answerMs: number; cpuMs: number }> {
  const started = performance.now();
  const child = spawn(bin!, ["--port", "0", "--quiet"], { stdio: ["ignore", "pipe", "pipe"] });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = "";
      let err = "";
      child.stderr!.on("data", (c: Buffer) => (err += c.toString()));
      child.once("exit", (code) => reject(new Error(`thematic-mock exited (${code}) before its banner: ${out}${err}`)));
      child.stdout!.on("data", (c: Buffer) => {
        out += c.toString();
        const found = /listening on (http:\/\/\S+)/.exec(out)?.[1];
        if (found !== undefined) resolve(found);
      });
    });
    const bannerMs = performance.now() - started;
    const response = await fetch(`${url}/v1/health`);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`/v1/health answered ${response.status}`);
    const answerMs = performance.now() - started;
    return { bannerMs, answerMs, cpuMs: cpuMsOf(serverPid(child.pid!)) };
  } finally {
    await stopChild(child);
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 === 1 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

const before = loadavg();
await startOnce(); // warm the file cache, as a user's second start would be
const runs: Array<{ bannerMs: number; answerMs: number; cpuMs: number }> = [];
for (let i = 0; i < RUNS; i++) runs.push(await startOnce());
const after = loadavg();
const answers = runs.map((r) => r.answerMs);
const banners = runs.map((r) => r.bannerMs);
console.log(`Node ${process.version}, ${process.platform}/${process.arch}; ${bin}`);
console.log(
  `load average ${before.map((x) => x.toFixed(2)).join(", ")} before, ${after.map((x) => x.toFixed(2)).join(", ")} after; ${RUNS} starts after one warm-up`,
);
console.log(
  `first answer on /v1/health: median ${median(answers).toFixed(0)} ms (min ${Math.min(...answers).toFixed(0)}, max ${Math.max(...answers).toFixed(0)}); banner: median ${median(banners).toFixed(0)} ms`,
);
console.log(`server CPU time up to that answer: median ${median(runs.map((r) => r.cpuMs)).toFixed(0)} ms`);
console.log(`target: median under 400 ms → ${median(answers) < 400 ? "met" : "not met"}`);
