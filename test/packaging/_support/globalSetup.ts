// Once per packaging run: build and pack every public workspace package, start the local registry,
// and install the packages into a fresh project in a temporary folder outside the repository, as
// a user would (`npm install @thematic/engine @thematic/mock-server`, plus the tools a user's app
// brings: typescript, esbuild, vite). The tests then work in that project.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { startLocalRegistry, type LocalRegistry } from "./localRegistry.ts";
import { npmEnv, runOk } from "./npmEnv.ts";
import { publicPackages } from "./publicPackages.ts";

const repo = join(import.meta.dirname, "..", "..", "..");

/** What the setup hands the tests (vitest `inject`). */
export interface PackagingContext {
  repo: string;
  /** Temporary folder holding tarballs, the npm cache and the projects. */
  work: string;
  /** The fresh project with the packages installed. */
  project: string;
  registryUrl: string;
  npmCache: string;
  packages: Array<{ name: string; version: string; dir: string; tarball: string; bytes: number; unpackedBytes: number; files: string[] }>;
}

declare module "vitest" {
  export interface ProvidedContext {
    packaging: PackagingContext;
  }
}

let registry: LocalRegistry | undefined;
let work: string | undefined;

export async function setup(project: TestProject): Promise<void> {
  // For working on these tests: PACKAGING_REUSE=<work folder of a run kept with KEEP_PACKAGING_WORK=1>
  // skips the build, pack and install and reuses that run's project.
  const reuse = process.env.PACKAGING_REUSE;
  if (reuse !== undefined) {
    const kept = JSON.parse(readFileSync(join(reuse, "context.json"), "utf8")) as PackagingContext;
    const found = publicPackages(repo);
    registry = await startLocalRegistry(join(repo, "package-lock.json"), (await runOk("npm config get cache", repo)).stdout.trim(), found.map((p) => ({ manifest: p.manifest, file: kept.packages.find((k) => k.name === p.name)!.tarball })));
    project.provide("packaging", { ...kept, registryUrl: registry.url });
    return;
  }
  work = mkdtempSync(join(tmpdir(), "thematic-packaging-"));
  const tarballs = join(work, "tarballs");
  mkdirSync(tarballs);
  const found = publicPackages(repo);
  // A clean build: tsc -b skips up-to-date projects, and a stale dist must not be packed.
  for (const p of found) {
    rmSync(join(p.dir, "dist"), { recursive: true, force: true });
    rmSync(join(p.dir, "build.tsbuildinfo"), { force: true });
  }
  const packages: PackagingContext["packages"] = [];
  for (const p of found) {
    // `npm pack` runs the package's prepack script (its build).
    const { stdout } = await runOk(`npm pack --json --pack-destination "${tarballs}"`, p.dir, process.env, 300_000);
    const [info] = JSON.parse(stdout.slice(stdout.indexOf("["))) as Array<{ filename: string; size: number; unpackedSize: number; files: Array<{ path: string }> }>;
    const tarball = join(tarballs, info!.filename.replace(/^@/, "").replace("/", "-"));
    packages.push({ name: p.name, version: p.version, dir: p.dir, tarball, bytes: statSync(tarball).size, unpackedBytes: info!.unpackedSize, files: info!.files.map((f) => f.path) });
  }
  const userCache = (await runOk("npm config get cache", repo)).stdout.trim();
  registry = await startLocalRegistry(
    join(repo, "package-lock.json"),
    userCache,
    found.map((p, i) => ({ manifest: p.manifest, file: packages[i]!.tarball })),
  );
  const npmCache = join(work, "npm-cache");
  const env = npmEnv(registry.url, npmCache);
  const projectDir = join(work, "app");
  mkdirSync(projectDir);
  writeFileSync(join(projectDir, "package.json"), `${JSON.stringify({ name: "thematic-consumer", private: true, type: "module" }, null, 2)}\n`);
  const publicNames = packages.map((p) => p.name).filter((name) => name !== "@thematic/fixtures");
  const install = await runOk(`npm install ${publicNames.join(" ")}`, projectDir, env, 300_000);
  const tools = JSON.parse(readFileSync(join(repo, "package-lock.json"), "utf8")).packages as Record<string, { version: string }>;
  const tool = (name: string) => `${name}@${tools[`node_modules/${name}`]!.version}`;
  // msw is an optional peer of the mock: a user of its msw entries installs it (issue 23).
  await runOk(`npm install --save-dev ${["typescript", "esbuild", "vite", "@types/node", "msw"].map(tool).join(" ")}`, projectDir, env, 300_000);
  const context: PackagingContext = { repo, work, project: projectDir, registryUrl: registry.url, npmCache, packages };
  process.stdout.write(
    `[packaging] ${packages.map((p) => `${p.name} ${(p.bytes / 1024).toFixed(0)} kB packed, ${(p.unpackedBytes / 1024).toFixed(0)} kB unpacked, ${p.files.length} files`).join("; ")}\n` +
      `[packaging] npm install ${publicNames.join(" ")} into a fresh project: ${(install.ms / 1000).toFixed(1)} s\n`,
  );
  writeFileSync(join(work, "context.json"), JSON.stringify(context));
  project.provide("packaging", context);
}

export async function teardown(): Promise<void> {
  await registry?.close();
  if (work !== undefined && process.env.KEEP_PACKAGING_WORK === undefined) rmSync(work, { recursive: true, force: true });
}
