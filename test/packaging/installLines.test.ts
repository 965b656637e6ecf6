// `npm run pack`: the install lines it prints are the way in before the packages are published.
// Each names every @thematic tarball its use needs (one tarball alone fails), the READMEs point
// every `npm install @thematic/…` at one of them, and the tarballs' default folder is git-ignored.
// The README quick starts themselves run with these lines in engineInNode, mockCli and clientInNode.
import { mkdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { npmEnv, run, runOk } from "./_support/npmEnv.ts";

const ctx = inject("packaging");

/** The package.json inside a tarball, as npm reads it when installing. */
async function tarballManifest(file: string): Promise<{
  name: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}> {
  return JSON.parse((await runOk(`tar -xzOf "${file}" package/package.json`, ctx.work)).stdout);
}

/** The tarball paths of a printed line (absolute, possibly quoted). */
function lineTarballs(line: string): string[] {
  return [...line.matchAll(/'([^']+\.tgz)'|(\S+\.tgz)/g)].map((m) => (m[1] ?? m[2])!);
}

describe("npm run pack", () => {
  it("prints one line per use, each naming by absolute path every @thematic tarball the use needs", async () => {
    expect(ctx.pack.uses.map((u) => u.title)).toEqual(["engine", "mock server", "client and charts", "notebooks"]);
    expect(ctx.pack.packages.map((p) => p.name).sort()).toEqual(ctx.packages.map((p) => p.name).sort());
    for (const use of ctx.pack.uses) {
      const files = lineTarballs(use.line);
      expect(files.length, use.line).toBeGreaterThan(0);
      const names = new Set<string>();
      for (const file of files) {
        expect(file.startsWith("/"), file).toBe(true);
        expect(
          ctx.packages.some((p) => p.tarball === file),
          `${file} is a tarball npm run pack made`,
        ).toBe(true);
        names.add((await tarballManifest(file)).name);
      }
      // The published command's packages are the line's first tarballs…
      expect([...names].slice(0, use.published.split(" ").filter((w) => w.startsWith("@thematic/")).length)).toEqual(
        use.published.split(" ").filter((w) => w.startsWith("@thematic/")),
      );
      // …and every @thematic package a listed one needs (dependency or required peer) is listed too.
      for (const file of files) {
        const m = await tarballManifest(file);
        const required = [
          ...Object.keys(m.dependencies ?? {}),
          ...Object.keys(m.peerDependencies ?? {}).filter((p) => m.peerDependenciesMeta?.[p]?.optional !== true),
        ];
        for (const dep of required.filter((d) => d.startsWith("@thematic/")))
          expect(names.has(dep), `${use.title}: ${m.name} needs ${dep}`).toBe(true);
      }
      // The same command and flags as once published, the package names replaced by the tarballs.
      expect(use.line.startsWith(`${use.published.replace(/( @thematic\/\S+)+$/, "")} `), use.line).toBe(true);
    }
  });

  it("is needed: a tarball alone does not install without a registry that has the @thematic packages", async () => {
    // The printed lines do: the README quick starts, the mock alone (mockInstallSize) and the
    // notebooks install with them through the same registry.
    const alone = join(ctx.work, "tarball-alone");
    mkdirSync(alone);
    await runOk("npm init -y", alone);
    const mockTarball = lineTarballs(ctx.pack.uses.find((u) => u.title === "mock server")!.line)[0]!;
    const failed = await run(
      `npm install --save-dev ${mockTarball}`,
      alone,
      npmEnv(ctx.unpublishedRegistryUrl, ctx.npmCache),
    );
    expect(failed.code).not.toBe(0);
    expect(failed.stderr).toMatch(/404[\s\S]*@thematic(\/|%2f)(engine|fixtures)/i);
  });

  it("packs into dist/tarballs by default, which git ignores", async () => {
    const usage = await runOk("npm run pack --silent -- --help", ctx.repo);
    expect(usage.stdout).toMatch(/default folder: dist\/tarballs/);
    const ignored = await run("git check-ignore -q dist/tarballs/thematic-engine-0.1.0.tgz", ctx.repo);
    expect(ignored.code).toBe(0);
    const unknown = await run("npm run pack --silent -- --outt x", ctx.repo);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toMatch(/unknown argument --outt/);
  });
});

describe("the READMEs' install commands before publication", () => {
  const readmes = [
    "README.md",
    "packages/engine/README.md",
    "packages/charts/README.md",
    "packages/client/README.md",
    "packages/mock-server/README.md",
    "fixtures/README.md",
    "examples/README.md",
  ];

  it.each(readmes)(
    "%s: each `npm install @thematic/…` is a printed use's, or the README names a printed line that installs its packages",
    (file) => {
      const text = readFileSync(join(ctx.repo, file), "utf8").replace(/\s+/g, " ");
      const commands = [...text.matchAll(/npm install(?: --save-dev)?((?:\s+@thematic\/[\w-]+)+)/g)].map((m) => ({
        command: m[0].replace(/\s+/g, " "),
        names: m[1]!.trim().split(/\s+/),
      }));
      const named = ctx.pack.uses.filter((u) => text.includes(`\`${u.title}\` line`));
      for (const { command, names } of commands) {
        if (ctx.pack.uses.some((u) => u.published === command)) continue;
        const covering = named.filter((u) =>
          names.every((n) =>
            lineTarballs(u.line).some((f) => basename(f) === basename(ctx.packages.find((p) => p.name === n)!.tarball)),
          ),
        );
        expect(
          covering.map((u) => u.title),
          `${file}: \`${command}\` has no printed line named beside it`,
        ).not.toEqual([]);
      }
    },
  );
});
