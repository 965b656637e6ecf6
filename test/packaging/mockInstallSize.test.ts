// The mock alone in a fresh project, the way a user adds it (before publication, with the
// `mock server` line `npm run pack` prints): the installed size (disk usage of node_modules, what
// `du` shows) is at most 64 MB (docs/decisions.md, "Install size of the mock"), no installed package runs an install script or is a telemetry
// package, and the installed CLI serves the API, its reference page and, without the optional
// @thematic/charts, a 501 whose command adds the studio's charts.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { npmEnv, runOk } from "./_support/npmEnv.ts";
import { useFor } from "./_support/packOutput.ts";
import { startMock, type RunningMock } from "./_support/startMock.ts";

const ctx = inject("packaging");
const LIMIT_MB = 64;
/** Packages that report installs or usage (telemetry); none may be installed. */
const TELEMETRY = ["@scarf/scarf", "scarf", "@sentry/node", "posthog-node", "applicationinsights"];
const running: RunningMock[] = [];

afterAll(async () => {
  for (const mock of running) await mock.stop();
});

describe("the mock server's install line (npm install --save-dev @thematic/mock-server), alone", () => {
  const project = join(ctx.work, "mock-only");
  /** A registry without the @thematic packages, as before they are published, and a cache of this project's own. */
  const env = npmEnv(ctx.unpublishedRegistryUrl, join(ctx.work, "npm-cache-mock-only"));

  it(`is at most ${LIMIT_MB} MB on disk, with no install script and no telemetry package`, async () => {
    mkdirSync(project, { recursive: true });
    writeFileSync(
      join(project, "package.json"),
      `${JSON.stringify({ name: "mock-only", private: true, type: "module" }, null, 2)}\n`,
    );
    await runOk(useFor(ctx.pack, "npm install --save-dev @thematic/mock-server").line, project, env, 300_000);
    const modules = join(project, "node_modules");
    const diskKb = Number(execFileSync("du", ["-sk", modules], { encoding: "utf8" }).split("\t")[0]);
    const apparentKb = Number(
      execFileSync("du", ["-sk", "--apparent-size", modules], { encoding: "utf8" }).split("\t")[0],
    );
    const installed = (
      JSON.parse(readFileSync(join(modules, ".package-lock.json"), "utf8")) as {
        packages: Record<string, { hasInstallScript?: boolean }>;
      }
    ).packages;
    const names = Object.keys(installed).filter((p) => p.startsWith("node_modules/"));
    process.stdout.write(
      `[packaging] @thematic/mock-server alone: ${names.length} packages, ${(diskKb / 1024).toFixed(1)} MB on disk (${(apparentKb / 1024).toFixed(1)} MB of files)\n`,
    );
    expect(diskKb / 1024).toBeLessThanOrEqual(LIMIT_MB);
    expect(names.filter((p) => installed[p]!.hasInstallScript === true)).toEqual([]);
    expect(
      names.filter((p) => TELEMETRY.some((t) => p === `node_modules/${t}` || p.endsWith(`/node_modules/${t}`))),
    ).toEqual([]);
    // The optional peers stay out unless asked for.
    for (const optional of ["msw", "@thematic/charts", "vega", "vega-lite", "swagger-ui-dist", "date-fns"])
      expect(existsSync(join(modules, optional)), optional).toBe(false);
  });

  it("serves the API and /docs; the studio's chart answers 501 with a command that installs @thematic/charts, after which it draws", async () => {
    let mock = await startMock("npx thematic-mock --port 0 --quiet", project);
    running.push(mock);
    expect((await fetch(`${mock.url}/v1/health`)).status).toBe(200);
    const docs = await fetch(`${mock.url}/docs`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('fetch("openapi.json")');
    const snapshot = (await (await fetch(`${mock.url}/__mock/studio/snapshot`)).json()) as {
      premade: Array<{ id: string }>;
    };
    const chart = () =>
      fetch(`${mock.url}/__mock/studio/backtest-chart`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          source: { kind: "premade", id: snapshot.premade[0]!.id },
          benchmark: "SPY",
          years: 5,
          chart: "nav",
        }),
      });
    const missing = await chart();
    expect(missing.status).toBe(501);
    const { error } = (await missing.json()) as { error: string };
    // Installed from tarballs, the mock names the charts' and the engine's beside its own: the
    // registry of an unpublished package has none of them.
    const command = /: (npm install --save-dev [^,]+), then restart the mock/.exec(error)?.[1];
    const tarball = (name: string) => ctx.packages.find((p) => p.name === name)!.tarball;
    expect(command, error).toBe(`npm install --save-dev ${tarball("@thematic/charts")} ${tarball("@thematic/engine")}`);
    await runOk(command!, project, env, 300_000);
    await mock.stop();
    running.pop();
    mock = await startMock("npx thematic-mock --port 0 --quiet", project);
    running.push(mock);
    const drawn = await chart();
    expect(drawn.status).toBe(200);
    expect(await drawn.text()).toMatch(/^<svg[\s\S]*>NAV against SPY<[\s\S]*<\/svg>$/);
  });
});
