// Once per packaging run: build and pack every public workspace package with `npm run pack` (the
// command a user runs before the packages are published; its printed install lines are what the
// tests run), start the local registries, and install the packages into a fresh project in a
// temporary folder outside the repository, as a user would once they are published
// (`npm install @thematic/engine @thematic/mock-server`, plus the tools a user's app brings:
// typescript, esbuild, vite). The tests then work in that project.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { publicPackages } from "../../../scripts/pack/publicPackages.ts";
import { startLocalRegistry, type LocalRegistry } from "./localRegistry.ts";
import { npmEnv, runOk } from "./npmEnv.ts";
import { parsePackOutput, type PackOutput } from "./packOutput.ts";

const repo = join(import.meta.dirname, "..", "..", "..");

/** What the setup hands the tests (vitest `inject`). */
export interface PackagingContext {
  repo: string;
  /** Temporary folder holding tarballs, the npm cache and the projects. */
  work: string;
  /** The fresh project with the packages installed. */
  project: string;
  /** The local registry, serving the packed packages as published and every other package of the lockfile. */
  registryUrl: string;
  /** A registry serving the same packages but none of @thematic, as before publication: for the lines `npm run pack` prints. */
  unpublishedRegistryUrl: string;
  npmCache: string;
  packages: Array<{ name: string; version: string; dir: string; tarball: string; bytes: number; files: string[] }>;
  /** What `npm run pack` printed: the tarballs' folder and each use's install line. */
  pack: PackOutput;
}

declare module "vitest" {
  export interface ProvidedContext {
    packaging: PackagingContext;
  }
}

let registry: LocalRegistry | undefined;
let unpublished: LocalRegistry | undefined;
let work: string | undefined;

export async function setup(project: TestProject): Promise<void> {
  // For working on these tests: PACKAGING_REUSE=<work folder of a run kept with KEEP_PACKAGING_WORK=1>
  // skips the build, pack and install and reuses that run's project.
  const reuse = process.env.PACKAGING_REUSE;
  if (reuse !== undefined) {
    const kept = JSON.parse(readFileSync(join(reuse, "context.json"), "utf8")) as PackagingContext;
    const found = publicPackages(repo);
    const userCache = (await runOk("npm config get cache", repo)).stdout.trim();
    registry = await startLocalRegistry(
      join(repo, "package-lock.json"),
      userCache,
      found.map((p) => ({ manifest: p.manifest, file: kept.packages.find((k) => k.name === p.name)!.tarball })),
    );
    unpublished = await startLocalRegistry(join(repo, "package-lock.json"), userCache, []);
    project.provide("packaging", { ...kept, registryUrl: registry.url, unpublishedRegistryUrl: unpublished.url });
    return;
  }
  work = mkdtempSync(join(tmpdir(), "thematic-packaging-"));
  // The command users run, with its tarballs in the temporary folder (`npm pack` runs each
  // package's prepack script, its build, from a clean dist/).
  const packed = await runOk(`npm run pack --silent -- --out "${join(work, "tarballs")}"`, repo, process.env, 900_000);
  const pack = parsePackOutput(packed.stdout);
  const found = publicPackages(repo);
  const packages: PackagingContext["packages"] = [];
  for (const p of found) {
    const printed = pack.packages.find((k) => k.name === p.name && k.version === p.version);
    if (printed === undefined) throw new Error(`npm run pack did not pack ${p.name} ${p.version}:\n${packed.stdout}`);
    const tarball = join(pack.out, printed.file);
    const listing = await runOk(`tar -tzf "${tarball}"`, work);
    const files = listing.stdout
      .split("\n")
      .filter((f) => f !== "")
      .map((f) => f.replace(/^package\//, ""));
    packages.push({ name: p.name, version: p.version, dir: p.dir, tarball, bytes: statSync(tarball).size, files });
  }
  const userCache = (await runOk("npm config get cache", repo)).stdout.trim();
  registry = await startLocalRegistry(
    join(repo, "package-lock.json"),
    userCache,
    found.map((p, i) => ({ manifest: p.manifest, file: packages[i]!.tarball })),
  );
  unpublished = await startLocalRegistry(join(repo, "package-lock.json"), userCache, []);
  const npmCache = join(work, "npm-cache");
  const env = npmEnv(registry.url, npmCache);
  const projectDir = join(work, "app");
  mkdirSync(projectDir);
  writeFileSync(
    join(projectDir, "package.json"),
    `${JSON.stringify({ name: "thematic-consumer", private: true, type: "module" }, null, 2)}\n`,
  );
  const publicNames = packages.map((p) => p.name).filter((name) => name !== "@thematic/fixtures");
  const install = await runOk(`npm install ${publicNames.join(" ")}`, projectDir, env, 300_000);
  const tools = JSON.parse(readFileSync(join(repo, "package-lock.json"), "utf8")).packages as Record<
    string,
    { version: string }
  >;
  const tool = (name: string) => `${name}@${tools[`node_modules/${name}`]!.version}`;
  // msw is an optional peer of the mock: a user of its msw entries installs it.
  await runOk(
    `npm install --save-dev ${["typescript", "esbuild", "vite", "@types/node", "msw"].map(tool).join(" ")}`,
    projectDir,
    env,
    300_000,
  );
  const context: PackagingContext = {
    repo,
    work,
    project: projectDir,
    registryUrl: registry.url,
    unpublishedRegistryUrl: unpublished.url,
    npmCache,
    packages,
    pack,
  };
  process.stdout.write(
    `[packaging] npm run pack: ${(packed.ms / 1000).toFixed(1)} s\n${packed.stdout
      .split("\n")
      .filter((l) => /^ {2}@/.test(l))
      .map((l) => `[packaging] ${l.trim()}\n`)
      .join("")}` +
      `[packaging] npm install ${publicNames.join(" ")} into a fresh project: ${(install.ms / 1000).toFixed(1)} s\n`,
  );
  writeFileSync(join(work, "context.json"), JSON.stringify(context));
  project.provide("packaging", context);
}

export async function teardown(): Promise<void> {
  await registry?.close();
  await unpublished?.close();
  if (work !== undefined && process.env.KEEP_PACKAGING_WORK === undefined)
    rmSync(work, { recursive: true, force: true });
}
