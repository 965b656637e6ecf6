import { type ChildProcess, spawn } from "node:child_process";
import { stopChild } from "../../_internal/stopChild.ts";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, "..", "..", "..");

/** A child process serving HTTP on loopback. */
export interface ChildServer {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** The young-generation size the server runs with (npm start sets it too): fewer scavenges, a shorter latency tail. */
const SERVER_GC_FLAG = "--max-semi-space-size=64";

/**
 * Starts the mock (Node adapter's startServer, quiet) in its own process; resolves with its URL and an API key.
 * `env` reaches the child (mockChild.ts reads MOCK_SOLVER=inline and MOCK_OPTIMIZER_SECONDS).
 */
export function startMockChild(env: Record<string, string> = {}): Promise<ChildServer & { apiKey: string }> {
  const tsx = join(repo, "node_modules", "tsx", "dist", "cli.mjs");
  const child = spawn(
    process.execPath,
    [SERVER_GC_FLAG, tsx, "--conditions=@thematic/source", join(here, "mockChild.ts")],
    {
      cwd: repo,
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, ...env },
    },
  );
  return new Promise((resolve, reject) => {
    let buffer = "";
    const timer = setTimeout(() => reject(new Error("the mock did not start within 60 s")), 60_000);
    child.once("exit", (code) => reject(new Error(`the mock exited with code ${code}`)));
    child.stdout?.on("data", (chunk: Buffer) => {
      buffer += chunk.toString();
      const line = buffer.split("\n")[0];
      if (line === undefined || !buffer.includes("\n")) return;
      clearTimeout(timer);
      const { url, apiKey } = JSON.parse(line) as { url: string; apiKey: string };
      resolve({ url, apiKey, child, stop: () => stopChild(child) });
    });
  });
}

/** A free TCP port on 127.0.0.1 (bound then released). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Starts json-server 0.17 (its CLI, quiet, read-only) on loopback serving `dbFile`; resolves once `probePath` answers 200. */
export async function startJsonServerChild(dbFile: string, probePath: string): Promise<ChildServer> {
  const require = createRequire(import.meta.url);
  const bin = join(dirname(require.resolve("json-server/package.json")), "lib", "cli", "bin.js");
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [bin, "--host", "127.0.0.1", "--port", String(port), "--quiet", "--read-only", dbFile],
    {
      cwd: repo,
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`json-server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}${probePath}`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error("json-server did not start within 30 s");
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, child, stop: () => stopChild(child) };
}
