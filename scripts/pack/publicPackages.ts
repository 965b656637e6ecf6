import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** A workspace package that is published (not `private`). */
export interface PublicPackage {
  name: string;
  version: string;
  /** Absolute folder of the workspace. */
  dir: string;
  manifest: Record<string, unknown> & {
    name: string;
    version: string;
    dependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
    peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  };
}

/**
 * Every non-private workspace package of the repository at `repo`, in the order of the root
 * package.json's `workspaces` (entries may end in `/*`), so a new package following the convention
 * is packed and checked without touching the tests.
 */
export function publicPackages(repo: string): PublicPackage[] {
  const root = JSON.parse(readFileSync(join(repo, "package.json"), "utf8")) as { workspaces: string[] };
  const dirs = root.workspaces.flatMap((pattern) =>
    pattern.endsWith("/*")
      ? readdirSync(join(repo, pattern.slice(0, -2)), { withFileTypes: true })
          .filter((d) => d.isDirectory())
          .map((d) => join(repo, pattern.slice(0, -2), d.name))
          .sort()
      : [join(repo, pattern)],
  );
  return dirs
    .filter((dir) => existsSync(join(dir, "package.json")))
    .map((dir) => ({
      dir,
      manifest: JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as PublicPackage["manifest"] & {
        private?: boolean;
      },
    }))
    .filter(({ manifest }) => manifest.private !== true)
    .map(({ dir, manifest }) => ({ name: manifest.name, version: manifest.version, dir, manifest }));
}
