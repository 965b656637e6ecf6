import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type ResourceLimits, Worker } from "node:worker_threads";
import type { AnswerWorkerData } from "./answerMessages.ts";

/**
 * Set by a bundler that inlines this module (the repository's `npm start` defines it with esbuild,
 * see spawnSolverWorker.ts): the URL of the solver worker's TypeScript entry, beside which the
 * answer worker's entry is.
 */
declare const __THEMATIC_SOLVER_WORKER__: string | undefined;

/**
 * Starts the answer worker thread on `answerWorker`, wherever this module runs from, as
 * `spawnSolverWorker` does for the optimizer: the compiled `answerWorker.js` of a built package,
 * or the TypeScript source through tsx's module hooks (sources, tests, the `npm start` bundle).
 *
 * @throws Error naming the places looked at when no compiled worker entry exists
 */
export function spawnAnswerWorker(data: AnswerWorkerData, resourceLimits: ResourceLimits): Worker {
  const entry =
    typeof __THEMATIC_SOLVER_WORKER__ === "string"
      ? new URL("answerWorker.ts", __THEMATIC_SOLVER_WORKER__).href
      : workerEntry();
  if (!entry.endsWith(".ts")) return new Worker(new URL(entry), { workerData: data, resourceLimits });
  const boot = `import(${JSON.stringify(tsxEsmApi())}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(boot, {
    eval: true,
    execArgv: ["--conditions=@thematic/source"],
    workerData: data,
    resourceLimits,
  });
}

/** URL of the worker entry beside this module (see {@link spawnAnswerWorker}). */
function workerEntry(): string {
  if (import.meta.url.endsWith(".ts")) return new URL("../answerWorker.ts", import.meta.url).href;
  const candidates = ["../answerWorker.js", "./answerWorker.js", "./adapters/node/answerWorker.js"].map(
    (c) => new URL(c, import.meta.url),
  );
  const found = candidates.find((u) => existsSync(fileURLToPath(u)));
  if (found === undefined)
    throw new Error(`answer worker entry not found; looked at ${candidates.map((u) => fileURLToPath(u)).join(", ")}`);
  return found.href;
}

/** URL of tsx's ESM registration API (a dev dependency: only TypeScript sources need it). */
function tsxEsmApi(): string {
  const manifest = createRequire(import.meta.url).resolve("tsx/package.json");
  return pathToFileURL(join(dirname(manifest), "dist/esm/api/index.mjs")).href;
}
