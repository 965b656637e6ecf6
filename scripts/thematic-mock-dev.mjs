#!/usr/bin/env -S node --max-semi-space-size=64
// `npm start` in the repository: the thematic-mock CLI from its TypeScript source, with no build.
// esbuild bundles the source (about 0.2 s) into node_modules/.cache (one file per process, so
// concurrent launches never race; removed once loaded), where registry packages and
// @thematic/fixtures' data files resolve as they do for the installed package. The installed
// package runs its prebuilt dist/cli.js instead (packages/mock-server/bin/thematic-mock.mjs).
import { mkdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { bundleMockCli } from "./bundleMockCli.mjs";

const cache = join(dirname(fileURLToPath(import.meta.url)), "..", "node_modules", ".cache", "thematic-mock");
mkdirSync(cache, { recursive: true });
const outfile = join(cache, `cli.${process.pid}.mjs`);
const solverWorker = pathToFileURL(join(dirname(fileURLToPath(import.meta.url)), "..", "packages/mock-server/src/adapters/node/solverWorker.ts")).href;
await bundleMockCli({ outfile, solverWorker });
try {
  await import(pathToFileURL(outfile).href);
} finally {
  rmSync(outfile, { force: true });
}
