// The mock as a child process for the soak benchmark: the real launcher
// (`node scripts/thematic-mock-dev.mjs --port 0 --quiet`, what `npm start` runs), on loopback.
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { stopChild } from "../../_internal/stopChild.ts";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, "..", "..", "..");
const launcher = join(repo, "scripts", "thematic-mock-dev.mjs");

/** A running mock child. */
export interface MockProcess {
  child: ChildProcess;
  pid: number;
  url: string;
  /** First API key printed by the banner. */
  apiKey: string;
  /** Live heap (MB) after each full (Mark-Compact) GC of the child, in order, parsed from `--trace-gc`. */
  liveHeapAfterMajorGc: number[];
  /** Forces a full GC in the child (SIGUSR2, see gcOnSignal.mjs) and resolves with the live heap after it, MB. */
  fullGc(): Promise<number>;
  /** SIGTERM, then SIGKILL after 3 s; resolves when the child has exited. */
  stop(): Promise<void>;
}

/**
 * Starts the launcher (under `node --trace-gc`) with `extraArgs` and resolves once its banner
 * (URL, API keys) is printed. The GC trace feeds {@link MockProcess.liveHeapAfterMajorGc}.
 *
 * @throws Error when the child exits first or prints no banner within 30 s
 * @example
 * const mock = await startMockProcess([]); mock.url.startsWith("http://127.0.0.1:") // => true
 */
export function startMockProcess(extraArgs: readonly string[]): Promise<MockProcess> {
  const gcOnSignal = pathToFileURL(join(here, "gcOnSignal.mjs")).href;
  const child = spawn(
    process.execPath,
    [
      "--trace-gc",
      "--expose-gc",
      "--import",
      gcOnSignal,
      "--max-semi-space-size=64",
      launcher,
      "--port",
      "0",
      "--host",
      "127.0.0.1",
      "--quiet",
      ...extraArgs,
    ],
    {
      cwd: repo,
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const stop = () => stopChild(child);
  const liveHeapAfterMajorGc: number[] = [];
  let pending = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    const lines = (pending + chunk.toString()).split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      const live = /Mark-Compact [\d.]+ \([\d.]+\) -> ([\d.]+) /.exec(line)?.[1];
      if (live !== undefined) liveHeapAfterMajorGc.push(Number(live));
    }
  });
  const fullGc = () =>
    new Promise<number>((resolve, reject) => {
      const seen = liveHeapAfterMajorGc.length;
      const started = Date.now();
      child.kill("SIGUSR2");
      const poll = setInterval(() => {
        if (liveHeapAfterMajorGc.length > seen) {
          clearInterval(poll);
          resolve(liveHeapAfterMajorGc.at(-1)!);
        } else if (Date.now() - started > 10_000) {
          clearInterval(poll);
          reject(new Error("the mock did not report a full GC within 10 s of SIGUSR2"));
        }
      }, 50);
    });
  return new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error("the mock printed no banner within 30 s"));
    }, 30_000);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the mock exited (${code ?? signal})`));
    });
    child.stdout?.on("data", (chunk: Buffer) => {
      if (out.length > 100_000) return; // the banner comes first; the rest is the GC trace
      out += chunk.toString();
      const url = /listening on (http:\/\/[^\s]+)/.exec(out)?.[1];
      const apiKey = /API keys[^\n]*\n\s+(\S+)/.exec(out)?.[1];
      if (url === undefined || apiKey === undefined || child.pid === undefined) return;
      clearTimeout(timer);
      resolve({ child, pid: child.pid, url, apiKey, liveHeapAfterMajorGc, fullGc, stop });
    });
  });
}

/**
 * Resident set size of process `pid` in bytes, from `/proc/<pid>/status` (`VmRSS`); Linux only.
 *
 * @throws Error when `/proc/<pid>/status` is unreadable or has no VmRSS line
 * @example
 * residentBytes(process.pid) > 0 // => true
 */
export function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
  if (kb === undefined) throw new Error(`/proc/${pid}/status has no VmRSS line`);
  return Number(kb) * 1024;
}
