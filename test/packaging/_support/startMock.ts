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
  /** SIGTERM to the process group; resolves with the shell's exit code once every process of the group has exited. */
  stop(): Promise<number | null>;
}

/**
 * Runs `command` through `sh -c` in its own process group and resolves once it prints the
 * thematic-mock banner (URL and API keys).
 * @throws Error when it exits first or prints no banner within `timeoutMs`
 */
export function startMock(
  command: string,
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
  timeoutMs = 120_000,
): Promise<RunningMock> {
  const started = performance.now();
  const child = spawn("sh", ["-c", command], { cwd, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let out = "";
  let err = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  /** True while any process of the group (sh, npx, node) is alive. */
  const groupAlive = () => {
    try {
      process.kill(-child.pid!, 0);
      return true;
    } catch {
      return false;
    }
  };
  const stop = async () => {
    if (groupAlive()) process.kill(-child.pid!, "SIGTERM");
    const code = await exited;
    // The shell dies at once; wait for the server it started to finish its graceful close.
    for (let waited = 0; groupAlive(); waited += 50) {
      if (waited >= 10_000) process.kill(-child.pid!, "SIGKILL");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return code;
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
