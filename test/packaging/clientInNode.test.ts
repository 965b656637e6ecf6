import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, inject, it } from "vitest";
import { svgParts } from "../../packages/charts/src/_test/svgParts.ts";
import { runOk } from "./_support/npmEnv.ts";
import { portIsFree } from "./_support/portIsFree.ts";
import { runReadmePath } from "./_support/readmeBlock.ts";
import { startMock, type RunningMock } from "./_support/startMock.ts";

const ctx = inject("packaging");
let mock: RunningMock | undefined;
afterEach(async () => {
  await mock?.stop();
  mock = undefined;
});

describe("the installed @thematic/client in plain Node ESM, against the installed thematic-mock", () => {
  it("creates, submits, waits for the build and optimizes a strategy; errors carry the service's status and message", async () => {
    mock = await startMock("npx thematic-mock --port 0 --build-seconds 1 --quiet", ctx.project);
    writeFileSync(
      join(ctx.project, "client-check.mjs"),
      `import { ThematicClient, ThematicApiError, isThematicApiError } from "@thematic/client";
const [baseUrl, apiKey] = process.argv.slice(2);
const client = new ThematicClient({ baseUrl, apiKey });
const created = await client.post("/v1/strategies", { body: { name: "Client walk", objective: "Companies building grid-scale batteries and power electronics." } });
await client.post("/v1/strategies/{id}/submit", { params: { path: { id: created.id } } });
const polls = [];
const built = await client.waitForBuild(created.id, { initialDelayMs: 100, timeoutMs: 30_000, onPoll: (s) => polls.push(s.status) });
const optimized = await client.optimize(created.id, { query: { maxWeight: 0.3 } });
const missing = await client.get("/v1/strategies/{id}", { params: { path: { id: "00000000-0000-4000-8000-000000000000" } } }).catch((e) => e);
console.log(JSON.stringify({
  created: created.status, built: built.status, polls: polls.length,
  holdings: optimized.portfolio.length, weightSum: optimized.portfolio.reduce((s, e) => s + e.weight, 0), maxWeight: Math.max(...optimized.portfolio.map((e) => e.weight)),
  missing: { isError: missing instanceof ThematicApiError && isThematicApiError(missing, 404), status: missing.status, error: missing.error },
}));
`,
    );
    const { stdout } = await runOk(`node client-check.mjs "${mock.url}" "${mock.key}"`, ctx.project);
    const r = JSON.parse(stdout) as {
      created: number;
      built: number;
      polls: number;
      holdings: number;
      weightSum: number;
      maxWeight: number;
      missing: { isError: boolean; status: number; error: string };
    };
    expect(r.created).toBe(0);
    expect(r.built).toBe(100);
    expect(r.polls).toBeGreaterThan(0);
    expect(r.holdings).toBeGreaterThan(3);
    expect(r.weightSum).toBeCloseTo(1, 9);
    expect(r.maxWeight).toBeLessThanOrEqual(0.3 + 1e-9);
    expect(r.missing).toEqual({ isError: true, status: 404, error: expect.stringMatching(/not found/i) });
  });

  it("runs the README's client and charts quick start in an empty folder, with the line `npm run pack` printed for it (as before publication), against the installed mock on port 4010", async () => {
    expect(await portIsFree(4010), "port 4010 must be free for the README's quick start").toBe(true);
    mock = await startMock("npx thematic-mock", ctx.project);
    expect(mock.url).toBe("http://127.0.0.1:4010");
    const { folder, stdout } = await runReadmePath(ctx, "client");
    expect(stdout).toMatch(/build: \d+%/);
    expect(stdout).toMatch(/status 100; 5-year return -?\d+\.\d%; chart in nav\.svg/);
    expect(stdout).not.toMatch(/NaN|Infinity/);
    const parts = svgParts(readFileSync(join(folder, "nav.svg"), "utf8"));
    expect(parts.titles).toEqual(["Grid storage against SPY"]);
    expect(parts.axisTitles).toEqual(["Date (UTC)", "NAV (rebased to 10,000)"]);
    expect(parts.lines).toBe(2);
    expect(parts.legendLabels).toEqual(["Portfolio", "SPY"]);
  });
});
