import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { publicPackages } from "../scripts/pack/publicPackages.ts";

/**
 * The public-package convention (docs/decisions.md#packaging), checked on every
 * non-private workspace package without building anything: what `npm install` users need from
 * each package.json. test/packaging/ then checks the packed packages for real.
 */
const repo = join(import.meta.dirname, "..");
const root = JSON.parse(readFileSync(join(repo, "package.json"), "utf8")) as { repository?: { url: string } };
const packages = publicPackages(repo);

/** Every `.ts` file under `dir` except tests and test helpers. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(".ts") && !e.name.endsWith(".test.ts"))
    .map((e) => join(e.parentPath, e.name))
    .filter((path) => !relative(dir, path).split("/").includes("_test"));
}

/** Package names imported (static, side-effect or dynamic imports, re-exports) by a source text. */
function importedPackages(text: string): string[] {
  const patterns = [
    /(?:^|\n)\s*(?:import|export)\s[^;]*?\sfrom\s*["']([^"']+)["']/g,
    /(?:^|\n)\s*import\s*["']([^"']+)["']/g,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
  ];
  const names = new Set<string>();
  for (const pattern of patterns) {
    for (const m of text.matchAll(pattern)) {
      const spec = m[1]!;
      if (!/^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(\/.*)?$/.test(spec) || spec.startsWith("node:")) continue;
      const parts = spec.split("/");
      names.add(spec.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0]!);
    }
  }
  return [...names];
}

it("finds the public packages", () => {
  expect(packages.map((p) => p.name)).toEqual(
    expect.arrayContaining(["@thematic/engine", "@thematic/mock-server", "@thematic/fixtures"]),
  );
});

describe.each(packages.map((p) => [p.name, p] as const))("%s package.json", (_name, pkg) => {
  // biome-ignore lint/suspicious/noExplicitAny: a manifest is read field by field, each checked by the assertions
  const m = pkg.manifest as Record<string, any>;

  it("is an MIT-licensed ESM package for Node 20.19+, with the repository's URL (when the root names one), a README and a build", () => {
    expect(m.type).toBe("module");
    expect(m.license).toBe("MIT");
    expect(m.engines).toEqual({ node: ">=20.19" });
    // The project has no public repository address yet: none is invented. Once the root
    // package.json names one, every package must point at its own folder there.
    expect(m.repository).toEqual(
      root.repository === undefined
        ? undefined
        : { type: "git", url: root.repository.url, directory: relative(repo, pkg.dir) },
    );
    expect(m.files).toEqual(expect.arrayContaining(["dist", "README.md", "LICENSE"]));
    expect(m.scripts?.build).toMatch(/tsc -b tsconfig\.build\.json/);
    expect(m.scripts?.prepack).toBeDefined();
    // npm publish drops a bin entry written "./bin/x" ("invalid and removed"); "bin/x" is kept.
    for (const target of Object.values((m.bin ?? {}) as Record<string, string>))
      expect(target).toMatch(/^bin\/[\w.-]+$/);
    expect(readFileSync(join(pkg.dir, "LICENSE"), "utf8")).toBe(readFileSync(join(repo, "LICENSE"), "utf8"));
    expect(readFileSync(join(pkg.dir, "README.md"), "utf8")).toMatch(new RegExp(`^# ${pkg.name.replace("/", "\\/")}`));
  });

  it("maps every export to its source (@thematic/source) and to built types and ESM, in that order", () => {
    for (const [subpath, target] of Object.entries(m.exports as Record<string, unknown>)) {
      if (typeof target === "string") continue; // "./package.json", data files
      const entry = target as Record<string, string>;
      expect(Object.keys(entry), subpath).toEqual(["@thematic/source", "types", "import"]);
      expect(entry["@thematic/source"], subpath).toMatch(/^\.\/src\/.+\.ts$/);
      expect(entry.types, subpath).toBe(entry.import!.replace(/\.js$/, ".d.ts"));
      expect(entry.import, subpath).toBe(
        entry["@thematic/source"]!.replace(/^\.\/src\//, "./dist/").replace(/\.ts$/, ".js"),
      );
    }
  });

  it("declares every package its source imports, workspace packages at their exact versions", () => {
    const declared = { ...m.dependencies, ...m.peerDependencies } as Record<string, string>;
    const imported = new Set(
      sources(join(pkg.dir, "src")).flatMap((file) => importedPackages(readFileSync(file, "utf8"))),
    );
    imported.delete(pkg.name);
    for (const name of imported) expect(declared[name], `${pkg.name} imports ${name}`).toBeDefined();
    for (const other of packages) {
      if (declared[other.name] !== undefined) expect(declared[other.name], other.name).toBe(other.version);
    }
  });
});
