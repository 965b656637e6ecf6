import { type ChildProcess, spawn } from "node:child_process";

/** A `thematic-mock` (or any command printing its banner) running as a child process. */
export interface RunningMock {
  child: ChildProcess;
  url: string;
  /** First API key of the banner. */
  key: string;
  /** Milliseconds from spawn to the banner. */
  bannerMs: number;
  output(): string;
  /** SIGTERM to the process group; resolves with the exit code once it has exited. */
  stop(): Promise<number | null>;
}

/**
 * Runs `command` through `sh -c` in its own process group and resolves once it prints the
 * thematic-mock banner (URL and API keys).
 * @throws Error when it exits first or prints no banner within `timeoutMs`
 */
export function startMock(command: string, cwd: string, env: NodeJS.ProcessEnv = process.env, timeoutMs = 120_000): Promise<RunningMock> {
  const started = performance.now();
  const child = spawn("sh", ["-c", command], { cwd, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let out = "";
  let err = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, "SIGTERM");
    return exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`no banner within ${timeoutMs} ms from \`${command}\`:\n${out}\n${err}`));
    }, timeoutMs);
    child.stderr!.on("data", (chunk: Buffer) => (err += chunk.toString()));
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`\`${command}\` exited (${code}) before its banner:\n${out}\n${err}`));
    });
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      const key = /API keys[^\n]*\n\s+(\S+)/.exec(out)?.[1];
      if (url === undefined || key === undefined) return;
      clearTimeout(timer);
      resolve({ child, url, key, bannerMs: performance.now() - started, output: () => out + err, stop });
    });
  });
}
