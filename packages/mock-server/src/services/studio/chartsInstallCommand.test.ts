import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { CHARTS_REGISTRY_COMMAND, chartsInstallCommand } from "./chartsInstallCommand.ts";

/**
 * A user's project with the mock installed as npm leaves it: `node_modules/.package-lock.json`
 * naming where each package was resolved from, and the tarballs folder `npm run pack` made.
 */
function project(options: { resolved?: Record<string, string>; tarballs?: string[]; folder?: string } = {}): {
  root: string;
  cli: string;
  tarballs: string;
} {
  const root = mkdtempSync(join(tmpdir(), options.folder ?? "charts-hint-"));
  const tarballs = join(root, "my tarballs");
  mkdirSync(tarballs);
  for (const file of options.tarballs ?? [
    "thematic-mock-server-0.1.0.tgz",
    "thematic-engine-0.1.0.tgz",
    "thematic-fixtures-0.1.0.tgz",
    "thematic-charts-0.1.0.tgz",
  ])
    writeFileSync(join(tarballs, file), "");
  const app = join(root, "app");
  const own = join(app, "node_modules", "@thematic", "mock-server", "dist");
  mkdirSync(own, { recursive: true });
  const resolved = options.resolved ?? {
    "node_modules/@thematic/mock-server": "file:../my tarballs/thematic-mock-server-0.1.0.tgz",
    "node_modules/@thematic/engine": "file:../my tarballs/thematic-engine-0.1.0.tgz",
  };
  const packages = Object.fromEntries(
    Object.entries(resolved).map(([key, from]) => [
      key,
      {
        version: "0.1.0",
        resolved: from,
        ...(key.endsWith("mock-server") ? { peerDependencies: { "@thematic/charts": "0.1.0", msw: "^2.15.0" } } : {}),
      },
    ]),
  );
  writeFileSync(
    join(app, "node_modules", ".package-lock.json"),
    JSON.stringify({ name: "app", lockfileVersion: 3, packages }),
  );
  return { root, cli: pathToFileURL(join(own, "cli.js")).href, tarballs };
}

describe("chartsInstallCommand (the studio's 501 when @thematic/charts is missing)", () => {
  it("names the charts and engine tarballs, by absolute path and quoted, when the mock was installed from tarballs", () => {
    const { cli, tarballs } = project();
    expect(chartsInstallCommand(cli)).toBe(
      `npm install --save-dev '${tarballs}/thematic-charts-0.1.0.tgz' '${tarballs}/thematic-engine-0.1.0.tgz'`,
    );
  });

  it("takes the engine's tarball beside the mock's when the lockfile does not resolve the engine from a file", () => {
    const { cli, tarballs } = project({
      resolved: { "node_modules/@thematic/mock-server": "file:../my tarballs/thematic-mock-server-0.1.0.tgz" },
    });
    expect(chartsInstallCommand(cli)).toBe(
      `npm install --save-dev '${tarballs}/thematic-charts-0.1.0.tgz' '${tarballs}/thematic-engine-0.1.0.tgz'`,
    );
  });

  it("is the registry command for a mock installed from the registry, without a charts tarball, outside node_modules or from a URL that is no file", () => {
    expect(
      chartsInstallCommand(
        project({
          resolved: {
            "node_modules/@thematic/mock-server":
              "https://registry.npmjs.org/@thematic/mock-server/-/mock-server-0.1.0.tgz",
          },
        }).cli,
      ),
    ).toBe(CHARTS_REGISTRY_COMMAND);
    expect(
      chartsInstallCommand(project({ tarballs: ["thematic-mock-server-0.1.0.tgz", "thematic-engine-0.1.0.tgz"] }).cli),
    ).toBe(CHARTS_REGISTRY_COMMAND);
    expect(
      chartsInstallCommand(pathToFileURL(join(tmpdir(), "repo", "packages", "mock-server", "src", "x.ts")).href),
    ).toBe(CHARTS_REGISTRY_COMMAND);
    expect(chartsInstallCommand("https://example.test/assets/index.js")).toBe(CHARTS_REGISTRY_COMMAND);
    expect(CHARTS_REGISTRY_COMMAND).toBe("npm install --save-dev @thematic/charts");
  });

  it("is the registry command when the lockfile cannot be read", () => {
    const { root } = project();
    const cli = pathToFileURL(join(root, "app", "node_modules", "@thematic", "mock-server", "dist", "cli.js")).href;
    writeFileSync(join(root, "app", "node_modules", ".package-lock.json"), "{ not json");
    expect(chartsInstallCommand(cli)).toBe(CHARTS_REGISTRY_COMMAND);
  });
});
