import { spawn } from "node:child_process";

/**
 * Environment of every npm command the packaging tests run in a fresh project: the local
 * registry (see localRegistry.ts), a cache of its own in the temporary folder, and no audit,
 * fund or update notices.
 */
export function npmEnv(registryUrl: string, cache: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    npm_config_registry: registryUrl,
    npm_config_cache: cache,
    npm_config_audit: "false",
    npm_config_fund: "false",
    npm_config_update_notifier: "false",
    npm_config_loglevel: "error",
  };
}

/** Output of a finished command. */
export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/**
 * Runs `command` through `sh -c` in `cwd` and resolves when it exits (never rejects; check `code`).
 * @param timeoutMs the process is killed (SIGKILL) after this long
 */
export function run(
  command: string,
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
  timeoutMs = 180_000,
): Promise<RunResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn("sh", ["-c", command], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.once("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: performance.now() - started });
    });
  });
}

/** Like {@link run}, but throws with the output when the command fails. */
export async function runOk(
  command: string,
  cwd: string,
  env?: NodeJS.ProcessEnv,
  timeoutMs?: number,
): Promise<RunResult> {
  const result = await run(command, cwd, env, timeoutMs);
  if (result.code !== 0)
    throw new Error(`\`${command}\` in ${cwd} exited with ${result.code}:\n${result.stdout}\n${result.stderr}`);
  return result;
}
