import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, inject, it } from "vitest";
import { npmEnv, run, runOk } from "./_support/npmEnv.ts";
import { portIsFree } from "./_support/portIsFree.ts";
import { beforePublication, readmeBlock } from "./_support/readmeBlock.ts";
import { startMock, type RunningMock } from "./_support/startMock.ts";

const ctx = inject("packaging");
const running: RunningMock[] = [];
afterEach(async () => {
  for (const mock of running.splice(0)) await mock.stop();
});

/** Every file under `dir` with its size and modification time. */
function snapshot(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (entry.isDirectory()) walk(path);
      else {
        const s = statSync(path);
        files.set(path, `${s.size}:${s.mtimeMs}`);
      }
    }
  };
  walk(dir);
  return files;
}

async function api<T>(
  mock: RunningMock,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${mock.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${mock.key}`, "Content-Type": "application/json" },
    ...(method === "GET" ? {} : { body: JSON.stringify(body ?? {}) }),
  });
  return { status: response.status, body: (await response.json()) as T };
}

describe("npx thematic-mock from the installed package", () => {
  it("starts with nothing bundled or written into its package, walks a strategy from create to optimize over HTTP, and serves the studio with its charts", async () => {
    const packageDir = join(ctx.project, "node_modules", "@thematic", "mock-server");
    const before = snapshot(packageDir);
    const mock = await startMock("npx thematic-mock --port 0 --build-seconds 1", ctx.project);
    running.push(mock);
    const health = await fetch(`${mock.url}/v1/health`);
    expect(health.status).toBe(200);

    const created = await api<{ id: string; status: number }>(mock, "POST", "/v1/strategies", {
      name: "Packaging walk",
      objective: "companies building grid-scale batteries",
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect((await api(mock, "POST", `/v1/strategies/${id}/submit`)).status).toBe(200);
    expect((await api(mock, "POST", "/__mock/builds/complete", {})).status).toBe(200);
    const built = await api<{ status: number }>(mock, "GET", `/v1/strategies/${id}`);
    expect(built.body.status).toBe(100);
    const optimized = await api<{ portfolio: Array<{ weight: number }>; solver?: { status: string } }>(
      mock,
      "POST",
      `/v1/strategies/${id}/optimized-portfolio?maxWeight=0.3&minMarketCap=100000000`,
    );
    expect(optimized.status).toBe(200);
    expect(optimized.body.portfolio.reduce((s, e) => s + e.weight, 0)).toBeCloseTo(1, 9);
    const docs = await fetch(`${mock.url}/docs`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('fetch("openapi.json")');

    // The studio page, and its backtest explorer's chart drawn by the installed @thematic/charts
    // (Vega and Vega-Lite imported at run time from the install, not bundled into dist/cli.js).
    const studio = await fetch(`${mock.url}/__mock/studio`);
    expect(studio.status).toBe(200);
    expect(studio.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await studio.text()).toMatch(/<title>[^<]*studio/i);
    const studioState = await api<{ premade: Array<{ id: string }> }>(mock, "GET", "/__mock/studio/snapshot");
    for (const chart of ["nav", "tear-sheet"]) {
      const drawn = await fetch(`${mock.url}/__mock/studio/backtest-chart`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          source: { kind: "premade", id: studioState.body.premade[0]!.id },
          benchmark: "SPY",
          years: 5,
          chart,
        }),
      });
      expect(drawn.status, chart).toBe(200);
      expect(drawn.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
      const svg = await drawn.text();
      expect(svg).toMatch(/^<svg[\s\S]*class="mark-text role-title-text"[\s\S]*<\/svg>$/);
      expect(svg).toMatch(/>NAV against SPY</);
    }

    await mock.stop();
    running.pop();
    await expect(fetch(`${mock.url}/v1/health`)).rejects.toThrow();
    expect(snapshot(packageDir)).toEqual(before);
  });

  it("loads at run time only packages the mock declares (the bundle's externals: highs, Vega, the MCP SDK…)", () => {
    const packageDir = join(ctx.project, "node_modules", "@thematic", "mock-server");
    const bundle = readFileSync(join(packageDir, "dist", "cli.js"), "utf8");
    const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
      peerDependencies: Record<string, string>;
    };
    // Declared: a dependency, or an optional peer (msw, Vega).
    const dependencies = { ...manifest.dependencies, ...manifest.peerDependencies };
    // Static and dynamic imports, and require.resolve of a package's files (the fixtures' data).
    const specifiers = [
      ...bundle.matchAll(
        /^\s*(?:import|export)\s[^;]*?\sfrom\s*"([^"]+)"|\bimport\(\s*"([^"]+)"\s*\)|\.resolve\(\s*["`]([^"`$]+)/gm,
      ),
    ].map((m) => (m[1] ?? m[2] ?? m[3])!);
    const packageName = /^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(\/.*)?$/;
    const packages = new Set(
      specifiers
        .filter((s) => packageName.test(s))
        .map((s) =>
          s
            .split("/")
            .slice(0, s.startsWith("@") ? 2 : 1)
            .join("/"),
        ),
    );
    // tsx runs the optimizer worker from TypeScript source, only under `npm start` in the repository.
    packages.delete("tsx");
    expect([...packages].sort()).toEqual(expect.arrayContaining(["@thematic/fixtures", "highs", "vega", "vega-lite"]));
    for (const name of packages) expect(dependencies[name], `dist/cli.js loads ${name}`).toBeDefined();
  });

  it("times launch to banner of the installed bin (5 starts, median printed; speed is not asserted here)", async () => {
    const bin = join(ctx.project, "node_modules", ".bin", "thematic-mock");
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const mock = await startMock(`exec "${bin}" --port 0 --quiet`, ctx.project);
      running.push(mock);
      expect((await fetch(`${mock.url}/v1/health`)).status).toBe(200);
      times.push(mock.bannerMs);
      await mock.stop();
      running.pop();
    }
    times.sort((a, b) => a - b);
    process.stdout.write(
      `[packaging] installed thematic-mock, launch to banner: ${times.map((t) => Math.round(t)).join(", ")} ms (median ${Math.round(times[2]!)} ms)\n`,
    );
    // Measured, not asserted in a shared-CPU test run: bench/ owns speed. The figure is printed.
    expect(times[2]).toBeGreaterThan(0);
  });

  it("starts from a global install (npm install --global, its own prefix)", async () => {
    const prefix = join(ctx.work, "global");
    await runOk(
      `npm install --global --prefix "${prefix}" @thematic/mock-server`,
      ctx.work,
      npmEnv(ctx.registryUrl, ctx.npmCache),
      300_000,
    );
    const packageDir = join(prefix, "lib", "node_modules", "@thematic", "mock-server");
    const before = snapshot(packageDir);
    const mock = await startMock(`exec "${join(prefix, "bin", "thematic-mock")}" --port 0 --quiet`, ctx.work);
    running.push(mock);
    expect((await fetch(`${mock.url}/v1/health`)).status).toBe(200);
    await mock.stop();
    running.pop();
    expect(snapshot(packageDir)).toEqual(before);
  });

  it("runs the README's mock quick start with the line `npm run pack` printed for it, as before publication (a frontend project, port 4010)", async () => {
    expect(await portIsFree(4010), "port 4010 must be free for the README's quick start").toBe(true);
    const folder = join(ctx.work, "readme-mock");
    await run(
      `mkdir -p "${folder}" && printf '{ "name": "my-frontend", "private": true }\\n' > "${folder}/package.json"`,
      ctx.work,
    );
    const mock = await startMock(
      beforePublication(readmeBlock(ctx.repo, "mock"), ctx.pack),
      folder,
      npmEnv(ctx.unpublishedRegistryUrl, ctx.npmCache),
      300_000,
    );
    running.push(mock);
    expect(mock.url).toBe("http://127.0.0.1:4010");
    const health = await run("curl -s localhost:4010/v1/health", folder);
    expect(JSON.parse(health.stdout)).toEqual({ status: "OK", message: "Service is running" });
  });
});
