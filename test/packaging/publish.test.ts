import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { npmEnv, run } from "./_support/npmEnv.ts";

const ctx = inject("packaging");

/** Every file path an `exports` map (or `bin`, or `imports`) points at, under every condition, the source condition's included. */
function targets(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value === null || typeof value !== "object") return [];
  return Object.values(value).flatMap((v) => targets(v));
}

describe.each(ctx.packages.map((p) => [p.name, p] as const))("%s", (_name, pkg) => {
  it("packs exactly what it needs: built entries with declarations and their maps, README, LICENSE, no tests, no JavaScript source maps", () => {
    const files = new Set(pkg.files);
    expect(files.has("README.md")).toBe(true);
    expect(files.has("LICENSE")).toBe(true);
    expect(files.has("package.json")).toBe(true);
    expect(pkg.files.filter((f) => /\.test\.ts$|\/_test\/|\.tsbuildinfo$/.test(f))).toEqual([]);
    const { exports, bin, imports } = JSON.parse(readFileSync(join(pkg.dir, "package.json"), "utf8")) as Record<
      string,
      unknown
    >;
    for (const target of [...targets(exports), ...targets(bin), ...targets(imports)]) {
      if (target.includes("*")) continue;
      expect(files.has(target.replace(/^\.\//, "")), `${target} is in the tarball`).toBe(true);
    }
    // No .js.map: tsc's output reads as the source, and the maps were 3 MB of the mock's install (docs/decisions.md).
    expect(pkg.files.filter((f) => f.endsWith(".js.map"))).toEqual([]);
    for (const js of pkg.files.filter((f) => f.startsWith("dist/") && f.endsWith(".js") && f !== "dist/cli.js")) {
      expect(files.has(js.replace(/\.js$/, ".d.ts")), `${js} declarations`).toBe(true);
      expect(files.has(js.replace(/\.js$/, ".d.ts.map")), `${js} declaration map`).toBe(true);
    }
  });

  it("passes npm publish --dry-run", async () => {
    // A registry path where no package exists yet (the local registry serves our tarballs as published).
    const result = await run(
      "npm publish --dry-run --ignore-scripts",
      pkg.dir,
      npmEnv(`${ctx.registryUrl}unpublished/`, ctx.npmCache),
    );
    expect(result.stderr).not.toMatch(/npm (error|ERR)/);
    // npm "corrects" some manifest errors on publish by dropping the field (a bin entry, for one).
    expect(result.stderr).not.toMatch(/auto-corrected|errors corrected|invalid and removed/);
    expect(result.code).toBe(0);
    expect(result.stderr + result.stdout).toMatch(new RegExp(`${pkg.name.replace("/", "\\/")}@${pkg.version}`));
  });
});
