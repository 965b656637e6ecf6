/**
 * The Node adapter: the HTTP server (`startServer`), file persistence and the CLI's argument parser.
 *
 * @module @thematic/mock-server/node
 */
export { startServer, type RunningServer, type StartServerOptions } from "./startServer.ts";
export { filePersistence, type FilePersistenceOptions } from "./filePersistence.ts";
export { parseCliArgs, USAGE, type CliCommand } from "./parseCliArgs.ts";
