import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const children: ChildProcess[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
});

/**
 * Starts the real CLI and resolves with its banner once it listens: through the `thematic-mock`
 * launcher that `npm start` runs (scripts/thematic-mock-dev.mjs, an esbuild bundle of the source), or straight from the TypeScript source.
 */
function startCli(args: string[], via: "launcher" | "source" = "launcher"): Promise<string> {
  const entry =
    via === "launcher"
      ? [join(import.meta.dirname, "../../../../../scripts/thematic-mock-dev.mjs")]
      : ["--import", "tsx", "--conditions=@thematic/source", join(import.meta.dirname, "cli.ts")];
  const child = spawn(process.execPath, [...entry, ...args], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (/API keys[^\n]*\n(.*\n)+/.test(out)) resolve(out);
    });
    child.once("exit", (code) => reject(new Error(`thematic-mock exited with ${code}: ${out}`)));
  });
}

/** Runs the CLI from the TypeScript source until it exits: its status and what it wrote to stderr. */
function runCliToExit(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "--conditions=@thematic/source", join(import.meta.dirname, "cli.ts"), ...args],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, stderr })));
}

describe("thematic-mock CLI", () => {
  it("starts on a free port with the fixtures, prints URL and keys, accepts --add-key and stops on SIGTERM", async () => {
    const banner = await startCli(["--port", "0", "--quiet", "--build-seconds", "0", "--add-key", "cli-test-key-123"]);
    const url = /listening on (http:\/\/\S+)/.exec(banner)?.[1];
    expect(url).toBeDefined();
    const key = /^\s{4}(\S+)\s/m.exec(banner)?.[1];
    expect(key).toMatch(/\S{8,}/);
    expect((await fetch(`${url}/v1/health`)).status).toBe(200);
    expect((await fetch(`${url}/v1/strategies`, { headers: { Authorization: `Bearer ${key}` } })).status).toBe(200);
    const added = await fetch(`${url}/v1/strategies`, { headers: { Authorization: "Bearer cli-test-key-123" } });
    expect(added.status).toBe(200);
    expect(await added.json()).toEqual([]);
    expect((await fetch(`${url}/__mock/state`)).status).toBe(200);
  });

  it("--no-control removes the control surface", async () => {
    const banner = await startCli(["--port", "0", "--quiet", "--no-control"], "source");
    const url = /listening on (http:\/\/\S+)/.exec(banner)?.[1];
    expect((await fetch(`${url}/__mock/state`)).status).toBe(404);
  });

  it("a port in use: status 1 and one line naming the port, --port and how to find the process; a misspelled flag: status 2 and the closest flag", async () => {
    const banner = await startCli(["--port", "0", "--quiet"], "source");
    const port = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(banner)?.[1];
    const taken = await runCliToExit(["--port", port!, "--quiet"]);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toMatch(
      new RegExp(`^thematic-mock: port ${port} on 127\\.0\\.0\\.1 is already in use .*--port <n>.*lsof -i :${port}`),
    );
    const typo = await runCliToExit(["--prot", "4011"]);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/^thematic-mock: unknown flag --prot \(did you mean --port or --proxy\?\)\n/);
  });
});
