/**
 * @thematic/engine/node: the Node-only runners (worker threads). The main entry stays runtime-free.
 *
 * @module @thematic/engine/node
 */
export { tinypoolRunner, type TinypoolRunner, type TinypoolRunnerOptions } from "./tinypoolRunner.ts";
