import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const root = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { workspaces: string[] };
const published = root.workspaces
  .map((dir) => ({
    dir,
    manifest: JSON.parse(readFileSync(join(ROOT, dir, "package.json"), "utf8")) as {
      name: string;
      private?: boolean;
      files?: string[];
    },
  }))
  .filter(({ manifest }) => manifest.private !== true);

describe.each(published.map((p) => [p.manifest.name, p] as const))("%s CHANGELOG.md", (name, { dir, manifest }) => {
  it("exists, is titled with the package's name, has a section per release or Unreleased, and is packed", () => {
    const path = join(ROOT, dir, "CHANGELOG.md");
    expect(existsSync(path), `${dir}/CHANGELOG.md`).toBe(true);
    const text = readFileSync(path, "utf8");
    expect(text.split("\n")[0]).toBe(`# Changelog of ${name}`);
    expect(text).toMatch(/^## (Unreleased|\d+\.\d+\.\d+)\s*$/m);
    expect(manifest.files).toContain("CHANGELOG.md");
  });
});

describe(".changeset", () => {
  it("names only published packages, each with a patch, minor or major bump", () => {
    const dir = join(ROOT, ".changeset");
    const names = new Set(published.map((p) => p.manifest.name));
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".md") && f !== "README.md")) {
      const front = /^---\n([\s\S]*?)\n---/.exec(readFileSync(join(dir, file), "utf8"));
      expect(front, `${file} starts with a front matter`).not.toBeNull();
      for (const line of front![1]!.split("\n").filter((l) => l.trim() !== "")) {
        const m = /^"?([^"]+)"?:\s*(patch|minor|major)\s*$/.exec(line.trim());
        expect(m, `${file}: "${line}"`).not.toBeNull();
        expect(names.has(m![1]!), `${file}: ${m![1]} is a published package`).toBe(true);
      }
    }
  });
});
