import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { expectLeavingStopsTheSolve, waitingSolver } from "../../_test/waitingSolver.ts";
import { expectStrategyV1 } from "../../_test/contractShapes.ts";
import { id, keys, testUniverse } from "../../_test/testUniverse.ts";
import { type RunningServer, startServer } from "./startServer.ts";

const auth = { Authorization: `Bearer ${keys.alice}` };
const servers: RunningServer[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function start(options: Parameters<typeof startServer>[0] = {}): Promise<RunningServer> {
  const server = await startServer({ port: 0, universe: testUniverse, quiet: true, ...options });
  servers.push(server);
  return server;
}

function tempFile(): string {
  const dir = mkdtempSync(join(tmpdir(), "thematic-mock-"));
  dirs.push(dir);
  return join(dir, "state.json");
}

describe("startServer (real HTTP)", () => {
  it("serves health, auth, strategies and CORS over HTTP on an ephemeral port", async () => {
    const server = await start();
    expect(server.port).toBeGreaterThan(0);
    const health = await fetch(`${server.url}/v1/health`);
    expect(health.status).toBe(200);
    expect((await fetch(`${server.url}/v1/strategies`)).status).toBe(401);
    const list = await fetch(`${server.url}/v1/strategies`, { headers: auth });
    expect(list.status).toBe(200);
    ((await list.json()) as unknown[]).forEach(expectStrategyV1);
    const preflight = await fetch(`${server.url}/v1/strategies`, {
      method: "OPTIONS",
      headers: { Origin: "http://localhost:3000", "Access-Control-Request-Method": "PATCH" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("http://localhost:3000");
  });

  it("serves the API reference page and the OpenAPI document it renders, nothing from elsewhere", async () => {
    const server = await start();
    const page = await (await fetch(`${server.url}/docs`)).text();
    expect(page).toContain('fetch("openapi.json")');
    expect(page).not.toMatch(/https?:\/\//);
    const doc = await fetch(new URL("openapi.json", `${server.url}/docs`));
    expect(doc.status).toBe(200);
    expect(((await doc.json()) as { openapi: string }).openapi).toBe("3.1.0");
  });

  it("persists writes to the data file and reads them back in a new server", async () => {
    const file = tempFile();
    const first = await start({ dataFile: file });
    const created = await fetch(`${first.url}/v1/strategies`, {
      method: "POST",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Persisted", objective: "water" }),
    });
    expect(created.status).toBe(201);
    const { id: newId } = (await created.json()) as { id: string };
    await fetch(`${first.url}/__mock/clock/advance`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ms: 86_400_000 }),
    });
    const onDisk = () =>
      readFileSync(file, "utf8") + (existsSync(`${file}.journal`) ? readFileSync(`${file}.journal`, "utf8") : "");
    expect(onDisk()).toContain(newId); // on disk (snapshot or journal) before the response was sent
    await first.close();
    servers.splice(servers.indexOf(first), 1);

    const second = await start({ dataFile: file });
    const read = await fetch(`${second.url}/v1/strategies/${newId}`, { headers: auth });
    expect(read.status).toBe(200);
    expect(((await read.json()) as { name: string }).name).toBe("Persisted");
    expect(
      ((await (await fetch(`${second.url}/__mock/state`)).json()) as { clockOffsetMs: number }).clockOffsetMs,
    ).toBe(86_400_000);
    // a reset is persisted too
    await fetch(`${second.url}/__mock/reset`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    expect(onDisk()).not.toContain(newId);
  });

  it("an acknowledged write survives SIGKILL and a restart", async () => {
    const file = tempFile();
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "--conditions=@thematic/source",
        join(import.meta.dirname, "../../_test/serveTestUniverse.ts"),
        file,
      ],
      {
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    const url = await new Promise<string>((resolve, reject) => {
      let out = "";
      child.stdout.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes("\n")) resolve(out.trim());
      });
      child.once("exit", (code) => reject(new Error(`child exited early with ${code}`)));
    });
    const archived = await fetch(`${url}/v1/strategies/${id("alice-quantum")}`, { method: "DELETE", headers: auth });
    expect(archived.status).toBe(200);
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;

    const restarted = await start({ dataFile: file });
    expect((await fetch(`${restarted.url}/v1/strategies/${id("alice-quantum")}`, { headers: auth })).status).toBe(404);
    expect((await fetch(`${restarted.url}/v2/strategies/${id("alice-quantum")}`, { headers: auth })).status).toBe(200);
  });

  it("a port already in use is refused naming the port, --port and how to find the process that holds it", async () => {
    const first = await start();
    const error = await startServer({ port: first.port, universe: testUniverse }).then(
      () => null,
      (e: unknown) => e as Error & { code?: string },
    );
    expect(error?.code).toBe("EADDRINUSE");
    expect(error?.message).toBe(
      `port ${first.port} on 127.0.0.1 is already in use (another thematic-mock, or another server): start on another port with --port <n> (the \`port\` option; 0 picks a free one), ` +
        `or stop the process that holds it, found with \`lsof -i :${first.port}\` (macOS, Linux) or \`netstat -ano | findstr :${first.port}\` (Windows)`,
    );
  });

  it("refuses an option it does not have, naming the closest of its own and the app's", async () => {
    await expect(startServer({ port: 0, universe: testUniverse, maxConnection: 8 } as never)).rejects.toThrow(
      /options\.maxConnection: not an option \(did you mean maxConnections\?\)/,
    );
    await expect(startServer({ port: 0, universe: testUniverse, host: "127.0.0.1" } as never)).rejects.toThrow(
      /options\.host: not an option \(did you mean hostname\?\)/,
    );
  });

  it("a client that leaves an optimizer request takes its solve with it: the solver's signal aborts", async () => {
    const { solver, signal: seen } = waitingSolver();
    const server = await start({ solver });
    await expectLeavingStopsTheSolve(seen, (signal) =>
      fetch(`${server.url}/v1/strategies/${id("premade-quantum")}/optimized-portfolio?maxWeight=0.6`, {
        method: "POST",
        headers: { ...auth, "Content-Type": "application/json" },
        body: "{}",
        signal,
      }),
    );
    // The server goes on serving.
    expect((await fetch(`${server.url}/v1/health`)).status).toBe(200);
  });
});
