import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";

/**
 * Set by a bundler that inlines this module (the repository's `npm start`,
 * scripts/thematic-mock-dev.mjs, defines it with esbuild): the URL of the worker entry, since a
 * bundle of the TypeScript source has no sibling files.
 */
declare const __THEMATIC_SOLVER_WORKER__: string | undefined;

/**
 * Starts one solver worker thread on `solverWorker`, wherever this module runs from:
 * - compiled JavaScript (a built package): `solverWorker.js` in `adapters/node/`, found from this
 *   module's own place (`../` when the build keeps `_internal/`, `./` when a bundler flattened it);
 * - TypeScript source (tsx, vitest, the launcher's bundle): `../solverWorker.ts`, loaded in the
 *   worker through tsx's module hooks with the `@thematic/source` export condition, as the
 *   repository runs its sources (the worker then takes about a second to start instead of 0.1 s).
 *
 * @throws Error naming the places looked at when no compiled worker entry exists
 */
export function spawnSolverWorker(): Worker {
  const entry = typeof __THEMATIC_SOLVER_WORKER__ === "string" ? __THEMATIC_SOLVER_WORKER__ : workerEntry();
  if (!entry.endsWith(".ts")) return new Worker(new URL(entry));
  const boot = `import(${JSON.stringify(tsxEsmApi())}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(boot, { eval: true, execArgv: ["--conditions=@thematic/source"] });
}

/** URL of the worker entry beside this module (see {@link spawnSolverWorker}). */
function workerEntry(): string {
  if (import.meta.url.endsWith(".ts")) return new URL("../solverWorker.ts", import.meta.url).href;
  const candidates = ["../solverWorker.js", "./solverWorker.js", "./adapters/node/solverWorker.js"].map(
    (c) => new URL(c, import.meta.url),
  );
  const found = candidates.find((u) => existsSync(fileURLToPath(u)));
  if (found === undefined)
    throw new Error(
      `optimizer worker entry not found; looked at ${candidates.map((u) => fileURLToPath(u)).join(", ")}`,
    );
  return found.href;
}

/** URL of tsx's ESM registration API (a dev dependency: only TypeScript sources need it). */
function tsxEsmApi(): string {
  const manifest = createRequire(import.meta.url).resolve("tsx/package.json");
  return pathToFileURL(join(dirname(manifest), "dist/esm/api/index.mjs")).href;
}
