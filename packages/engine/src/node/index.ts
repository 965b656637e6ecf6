/**
 * @thematic/engine/node: the Node-only runners (worker threads). The main entry stays runtime-free.
 */
export { tinypoolRunner, type TinypoolRunner, type TinypoolRunnerOptions } from "./tinypoolRunner.ts";
