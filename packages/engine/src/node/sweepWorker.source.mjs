// The worker entry when the engine runs from its TypeScript source (tests, benches, the
// "@thematic/source" condition): Node 20's worker threads do not inherit the parent's loader
// hooks, so this registers tsx in the worker before loading the TypeScript worker. A built engine
// uses dist/node/sweepWorker.js instead and never loads this file.
// biome-ignore lint/correctness/noUndeclaredDependencies: loaded only from the TypeScript source in this repository, where tsx is a root devDependency
import { register } from "tsx/esm/api";

register();
const { default: runTask } = await import("./sweepWorker.ts");
export default runTask;
